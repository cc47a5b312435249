import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_DATE, errorBody, startTestServer, type Client, type TestServer, type TestUser } from "../support/server";

let server: TestServer;
let admin: Client;
let agent: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = server.a.admin.client;
  agent = await server.a.createAgent();
});
afterAll(() => server.close());

async function createOrganization(fields: Record<string, unknown>) {
  const res = await admin.post("/apiv2/organizations.json", { organization: fields });
  expect(res.status, res.text).toBe(200);
  return res.body.organization;
}

describe("POST /apiv2/organizations", () => {
  it("create - answers 200 (not 201) and no Location, as the spec says", async () => {
    const res = await admin.post("/apiv2/organizations.json", { organization: { name: "Initech", domain: "Initech.test", description: "TPS reports" } });
    expect(res.status).toBe(200);
    expect(res.headers.location).toBeUndefined();
    const org = res.body.organization;
    expect(Object.keys(org).sort()).toEqual(["created_at", "description", "domain", "group_id", "id", "name", "shared_tickets", "updated_at", "url"]);
    expect(org).toMatchObject({ name: "Initech", domain: "initech.test", description: "TPS reports", group_id: null, shared_tickets: false });
    expect(org.url).toBe(`http://a.test/apiv2/organizations/${org.id}.json`);
    expect(org.created_at).toMatch(API_DATE);
  });

  it("create - 422 for a missing name, a bad domain, a duplicate name or an unknown group", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, "name"],
      [{ name: "Bad domain", domain: "not a domain" }, "domain"],
      [{ name: "No group", group_id: 999999 }, "group_id"],
    ];
    for (const [fields, field] of cases) {
      const res = await admin.post("/apiv2/organizations.json", { organization: fields });
      expect(res.status).toBe(422);
      expect(errorBody(res).details, field).toHaveProperty(field);
    }
    await createOrganization({ name: "Twice" });
    const duplicate = await admin.post("/apiv2/organizations.json", { organization: { name: "Twice" } });
    expect(duplicate.status).toBe(422);
    expect(errorBody(duplicate).code).toBe("ORGANIZATION_NAME_TAKEN");
  });

  it("create - is for admins only", async () => {
    expect((await agent.client.post("/apiv2/organizations.json", { organization: { name: "Agents Ltd" } })).status).toBe(403);
  });

  it("create - group_id routes the organization's new tickets to that group", async () => {
    const group = await admin.post("/apiv2/groups.json", { group: { name: "Org desk" } });
    const org = await createOrganization({ name: "Routed", domain: "routed.test", group_id: group.body.group.id });
    expect(org.group_id).toBe(group.body.group.id);
    const ticket = await admin.post("/apiv2/tickets.json", { ticket: { title: "t", comment: { content: "c" }, requester: "someone@routed.test" } });
    expect(ticket.body.ticket).toMatchObject({ organization_id: org.id, group_id: group.body.group.id });
  });
});

describe("GET /apiv2/organizations", () => {
  it("list - pages and orders the organizations", async () => {
    server.clock.advance(1000);
    const older = await createOrganization({ name: "Older" });
    server.clock.advance(1000);
    const newer = await createOrganization({ name: "Newer" });
    const res = await agent.client.get("/apiv2/organizations.json?created_order=desc&per_page=2");
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["count", "next_page", "organizations", "previous_page"]);
    expect(res.body.organizations.map((o: { id: number }) => o.id)).toEqual([newer.id, older.id]);
    expect(res.body.previous_page).toBeNull();
    const ranged = await agent.client.get(`/apiv2/organizations?created_start=${encodeURIComponent(newer.created_at)}`);
    expect(ranged.body.organizations.map((o: { id: number }) => o.id)).toEqual([newer.id]);
    expect((await agent.client.get("/apiv2/organizations.json?updated_order=up")).status).toBe(400);
  });

  it("list - end users are forbidden", async () => {
    const endUser = await server.a.createEndUser();
    expect((await endUser.client.get("/apiv2/organizations.json")).status).toBe(403);
  });
});

describe("GET /apiv2/organizations/:id", () => {
  it("get - one organization; 404 when unknown", async () => {
    const org = await createOrganization({ name: "Fetchable" });
    const res = await agent.client.get(`/apiv2/organizations/${org.id}.json`);
    expect(res.status).toBe(200);
    expect(res.body.organization).toEqual(org);
    const missing = await agent.client.get("/apiv2/organizations/999999");
    expect(missing.status).toBe(404);
    expect(errorBody(missing).code).toBe("ORGANIZATION_NOT_FOUND");
  });
});

describe("PUT /apiv2/organizations/:id", () => {
  it("update - changes the fields given; admins only; 404 when unknown", async () => {
    const org = await createOrganization({ name: "Mutable", description: "before" });
    const res = await admin.put(`/apiv2/organizations/${org.id}.json`, { organization: { description: "after", domain: null } });
    expect(res.status).toBe(200);
    expect(res.body.organization).toMatchObject({ name: "Mutable", description: "after", domain: null });
    expect((await agent.client.put(`/apiv2/organizations/${org.id}.json`, { organization: { name: "x" } })).status).toBe(403);
    expect((await admin.put("/apiv2/organizations/999999.json", { organization: { name: "x" } })).status).toBe(404);
    const bad = await admin.put(`/apiv2/organizations/${org.id}.json`, { organization: { name: "" } });
    expect(bad.status).toBe(422);
    expect(errorBody(bad).details).toHaveProperty("name");
  });
});

describe("DELETE /apiv2/organizations/:id", () => {
  it("delete - 200 with an empty body; members lose the organization", async () => {
    const org = await createOrganization({ name: "Dissolved" });
    const member = await server.a.createEndUser({ organization_id: org.id });
    expect((await agent.client.delete(`/apiv2/organizations/${org.id}.json`)).status).toBe(403);
    const res = await admin.delete(`/apiv2/organizations/${org.id}.json`);
    expect(res.status).toBe(200);
    expect(res.text).toBe("");
    expect((await admin.get(`/apiv2/organizations/${org.id}.json`)).status).toBe(404);
    expect((await admin.get(`/apiv2/users/${member.user.id}.json`)).body.user.organization_id).toBeNull();
    expect((await admin.delete(`/apiv2/organizations/${org.id}.json`)).status).toBe(404);
  });
});
