import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorBody, startTestServer, type TestResponse, type TestServer } from "../support/server";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const newTicket = { ticket: { title: "Tenant ticket", comment: { content: "c" } } };

describe("tenant from the Host header", () => {
  it("unknown host - 404 TENANT_NOT_FOUND with the error body", async () => {
    for (const host of ["c.test", "a.test.evil", "", "bad host!", "x".repeat(300)]) {
      const res = await server.request("GET", "/apiv2/users/me.json", { host, auth: server.a.admin.auth });
      expect(res.status, host).toBe(404);
      expect(errorBody(res)).toMatchObject({ error: "RecordNotFound", code: "TENANT_NOT_FOUND" });
    }
  });

  it("host - any case and any port find a tenant registered without one", async () => {
    for (const host of ["A.TEST", "a.test:8080"]) {
      const res = await server.request("GET", "/apiv2/users/me.json", { host, auth: server.a.admin.auth });
      expect(res.status, host).toBe(200);
      expect(res.body.user.url).toBe(`http://${host}/apiv2/users/${server.a.admin.user.id}.json`);
    }
  });

  it("host - a tenant registered with a port wins for that port", async () => {
    const auth = { email: "admin@a9000.test", password: "password-9000" };
    const withPort = await server.desk.tenants.create({ host: "a.test:9000", name: "A on 9000", admin: auth });
    const res = await server.request("GET", "/apiv2/users/me.json", { host: "a.test:9000", auth });
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(withPort.admin.id);
    const elsewhere = await server.request("GET", "/apiv2/users/me.json", { host: "a.test:9001", auth });
    expect(elsewhere.status).toBe(401);
  });

  it("urls - use https when the proxy says so", async () => {
    const res = await server.a.admin.client.get("/apiv2/users/me.json", { headers: { "x-forwarded-proto": "https" } });
    expect(res.body.user.url).toBe(`https://a.test/apiv2/users/${server.a.admin.user.id}.json`);
  });
});

describe("isolation between tenants", () => {
  it("credentials - a user of tenant A gets 401 on tenant B's host", async () => {
    const res = await server.request("GET", "/apiv2/users/me.json", { host: "b.test", auth: server.a.admin.auth });
    expect(res.status).toBe(401);
    expect(res.headers["www-authenticate"]).toBe('Basic realm="helpdesk"');
    const { token } = await server.a.createToken();
    const withToken = await server.request("GET", "/apiv2/users/me.json", { host: "b.test", auth: { email: "admin@b.test", token } });
    expect(withToken.status).toBe(401);
  });

  it("ticket ids - count from 1 in each tenant and never cross", async () => {
    const a1 = await server.a.admin.client.post("/apiv2/tickets.json", newTicket);
    const b1 = await server.b.admin.client.post("/apiv2/tickets.json", newTicket);
    expect(a1.body.ticket.id).toBe(1);
    expect(b1.body.ticket.id).toBe(1);
    const a2 = await server.a.admin.client.post("/apiv2/tickets.json", newTicket);
    expect(a2.body.ticket.id).toBe(2);

    const notOnB = await server.b.admin.client.get(`/apiv2/tickets/${a2.body.ticket.id}.json`);
    expect(notOnB.status).toBe(404);
    expect(errorBody(notOnB).code).toBe("TICKET_NOT_FOUND");
    expect((await server.b.admin.client.put("/apiv2/tickets/2.json", { ticket: { title: "x" } })).status).toBe(404);
    expect((await server.b.admin.client.delete("/apiv2/tickets/2.json")).status).toBe(404);
    expect((await server.a.admin.client.get("/apiv2/tickets/2.json")).status).toBe(200);
  });

  it("references - tenant A cannot point at tenant B's users or groups", async () => {
    const bAgent = await server.b.createAgent();
    const bGroup = await server.b.admin.client.post("/apiv2/groups.json", { group: { name: "B team" } });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ requester_id: bAgent.user.id }, "requester_id"],
      [{ assignee_id: bAgent.user.id }, "assignee_id"],
      [{ group_id: bGroup.body.group.id }, "group_id"],
      [{ collaborator_ids: [bAgent.user.id] }, "collaborator_ids"],
    ];
    for (const [fields, field] of cases) {
      const res = await server.a.admin.client.post("/apiv2/tickets.json", { ticket: { ...newTicket.ticket, ...fields } });
      expect(res.status, field).toBe(422);
      expect(errorBody(res).details).toHaveProperty(field);
    }
  });

  it("references - users, organizations, groups and merges stay within the tenant", async () => {
    const bAgent = await server.b.createAgent();
    const bOrg = await server.b.admin.client.post("/apiv2/organizations.json", { organization: { name: "B referenced org" } });
    const bGroup = await server.b.admin.client.post("/apiv2/groups.json", { group: { name: "B referenced group" } });
    const a = server.a.admin.client;
    const endUser = await server.a.createEndUser();
    const cases: Array<[Promise<TestResponse>, string]> = [
      [a.post("/apiv2/users.json", { user: { name: "x", email: "x@ref.test", organization_id: bOrg.body.organization.id } }), "organization_id"],
      [a.post("/apiv2/organizations.json", { organization: { name: "o", group_id: bGroup.body.group.id } }), "group_id"],
      [a.post("/apiv2/groups.json", { group: { name: "g", agents: [bAgent.user.id] } }), "agents"],
      [a.put(`/apiv2/users/${endUser.user.id}/merge.json`, { user: { id: bAgent.user.id } }), "id"],
    ];
    for (const [pending, field] of cases) {
      const res = await pending;
      expect(res.status, field).toBe(422);
      expect(errorBody(res).details).toHaveProperty(field);
    }
    expect((await a.get(`/apiv2/users/${bAgent.user.id}.json`)).status).toBe(404);
    expect((await a.get(`/apiv2/groups/${bGroup.body.group.id}.json`)).status).toBe(404);
    expect((await a.get(`/apiv2/organizations/${bOrg.body.organization.id}/users.json`)).status).toBe(404);
  });

  it("lists - show only the tenant's own records", async () => {
    await server.b.createEndUser({ name: "Only in B" });
    await server.b.admin.client.post("/apiv2/organizations.json", { organization: { name: "B org" } });
    const users = await server.a.admin.client.get("/apiv2/users/search.json?query=Only%20in%20B");
    expect(users.body.users).toEqual([]);
    const orgs = await server.a.admin.client.get("/apiv2/organizations.json");
    expect(orgs.body.organizations.map((o: { name: string }) => o.name)).not.toContain("B org");
    const groups = await server.a.admin.client.get("/apiv2/groups.json");
    expect(groups.body.groups.map((g: { name: string }) => g.name)).not.toContain("B team");
    const aTickets = await server.a.admin.client.get("/apiv2/tickets.json");
    const bTickets = await server.b.admin.client.get("/apiv2/tickets.json");
    expect(aTickets.body.count).toBe(2);
    expect(bTickets.body.count).toBe(1);
  });

  it("same e-mail - may exist in both tenants as different users", async () => {
    const inA = await server.a.createEndUser({ email: "shared@customer.test" });
    const inB = await server.b.createEndUser({ email: "shared@customer.test" });
    expect(inB.user.email).toBe("shared@customer.test");
    expect((await inA.client.get("/apiv2/users/me.json")).body.user.email).toBe("shared@customer.test");
    expect((await server.b.clientFor(inA.auth).get("/apiv2/users/me.json")).status).toBe(401);
  });
});
