import { endUserUserSchema, userSchema } from "@helpdesk/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_DATE, errorBody, startTestServer, type Client, type TestServer, type TestUser } from "../support/server";

let server: TestServer;
let admin: Client;
let agent: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = server.a.admin.client;
  agent = await server.a.createAgent({ notes: "internal note" });
});
afterAll(() => server.close());

const STAFF_KEYS = [...Object.keys(userSchema.shape), "url"].sort();
const END_USER_KEYS = [...Object.keys(endUserUserSchema.shape), "url"].sort();

describe("GET /apiv2/users/me", () => {
  it("me - an agent sees the full user", async () => {
    const res = await agent.client.get("/apiv2/users/me.json");
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.user).sort()).toEqual(STAFF_KEYS);
    expect(res.body.user).toMatchObject({ id: agent.user.id, role: "agent", notes: "internal note", url: `http://a.test/apiv2/users/${agent.user.id}.json` });
    expect(res.body.user.created_at).toMatch(API_DATE);
  });

  it("me - an end user sees only the end-user fields", async () => {
    const endUser = await server.a.createEndUser({ notes: "secret note about them" });
    const res = await endUser.client.get("/apiv2/users/me");
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.user).sort()).toEqual(END_USER_KEYS);
    expect(res.text).not.toContain("secret note");
  });

  it("me - no user field ever carries a password hash", async () => {
    const res = await admin.get("/apiv2/users/me.json");
    expect(res.text).not.toMatch(/password|scrypt|hash/i);
  });
});

describe("GET /apiv2/users", () => {
  it("list - pages all users and filters by role", async () => {
    const res = await agent.client.get("/apiv2/users.json?per_page=2");
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["count", "next_page", "previous_page", "users"]);
    expect(res.body.users).toHaveLength(2);
    expect(res.body.next_page).toBe("http://a.test/apiv2/users.json?per_page=2&page=2");
    const admins = await agent.client.get("/apiv2/users.json?role=admin");
    expect(admins.body.users.map((u: { id: number }) => u.id)).toEqual([server.a.admin.user.id]);
    const staff = await agent.client.get("/apiv2/users.json?role=admin,agent");
    expect(staff.body.users.every((u: { role: string }) => u.role !== "end_user")).toBe(true);
    expect((await agent.client.get("/apiv2/users.json?role=boss")).status).toBe(400);
  });

  it("list - end users are forbidden", async () => {
    const endUser = await server.a.createEndUser();
    const res = await endUser.client.get("/apiv2/users.json");
    expect(res.status).toBe(403);
    expect(errorBody(res).error).toBe("Forbidden");
  });

  it("listByOrganization - lists the members of an organization", async () => {
    const org = await admin.post("/apiv2/organizations.json", { organization: { name: "Members Inc" } });
    const orgId = org.body.organization.id;
    const member = await server.a.createEndUser({ organization_id: orgId });
    const res = await agent.client.get(`/apiv2/organizations/${orgId}/users.json`);
    expect(res.status).toBe(200);
    expect(res.body.users.map((u: { id: number }) => u.id)).toEqual([member.user.id]);
    expect((await agent.client.get("/apiv2/organizations/999999/users.json")).status).toBe(404);
  });
});

describe("GET /apiv2/users/:id and show_many", () => {
  it("get - returns one user; 404 when unknown or not an integer", async () => {
    const res = await agent.client.get(`/apiv2/users/${server.a.admin.user.id}.json`);
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe("admin@a.test");
    const missing = await agent.client.get("/apiv2/users/999999.json");
    expect(missing.status).toBe(404);
    expect(errorBody(missing)).toMatchObject({ error: "RecordNotFound", code: "USER_NOT_FOUND" });
    expect((await agent.client.get("/apiv2/users/bob.json")).status).toBe(404);
  });

  it("showMany - returns the users of the ids in id order", async () => {
    const res = await agent.client.get(`/apiv2/users/show_many.json?ids=${agent.user.id},${server.a.admin.user.id}`);
    expect(res.status).toBe(200);
    expect(res.body.users.map((u: { id: number }) => u.id)).toEqual([server.a.admin.user.id, agent.user.id].sort((x, y) => x - y));
    expect((await agent.client.get("/apiv2/users/show_many.json?ids=x")).status).toBe(400);
  });
});

describe("POST /apiv2/users", () => {
  it("create - 201 with the user and a Location; end user by default", async () => {
    const res = await agent.client.post("/apiv2/users.json", { user: { name: "Carla Customer", email: "Carla@Customer.test" } });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ name: "Carla Customer", email: "carla@customer.test", role: "end_user" });
    expect(res.headers.location).toBe(res.body.user.url);
    expect(res.headers.location).toBe(`http://a.test/apiv2/users/${res.body.user.id}.json`);
  });

  it("create - with e-mail and phone, the e-mail identifies and the phone is kept", async () => {
    const res = await agent.client.post("/apiv2/users", { user: { name: "Both", email: "both@customer.test", phone: "+1 555 0123" } });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ email: "both@customer.test", phone: "+15550123" });
  });

  it("create - 422 names the field: missing e-mail and phone, bad e-mail, duplicate e-mail", async () => {
    const none = await agent.client.post("/apiv2/users.json", { user: { name: "Nobody" } });
    expect(none.status).toBe(422);
    expect(errorBody(none).details).toHaveProperty("email");
    const bad = await agent.client.post("/apiv2/users.json", { user: { name: "Bad", email: "not-an-email" } });
    expect(bad.status).toBe(422);
    expect(errorBody(bad).details).toHaveProperty("email");
    const duplicate = await agent.client.post("/apiv2/users.json", { user: { name: "Again", email: "admin@a.test" } });
    expect(duplicate.status).toBe(422);
    expect(errorBody(duplicate).code).toBe("USER_EMAIL_TAKEN");
  });

  it("create - agents may not create agents or admins; admins may", async () => {
    const refused = await agent.client.post("/apiv2/users.json", { user: { name: "Pal", email: "pal@a.test", role: "agent" } });
    expect(refused.status).toBe(403);
    const created = await admin.post("/apiv2/users.json", { user: { name: "Pal", email: "pal@a.test", role: "agent", password: "long-enough-1" } });
    expect(created.status).toBe(201);
    expect(created.body.user.role).toBe("agent");
  });

  it("create - joins the organization whose domain matches the e-mail", async () => {
    const org = await admin.post("/apiv2/organizations.json", { organization: { name: "Domain Co", domain: "domainco.test" } });
    const res = await agent.client.post("/apiv2/users.json", { user: { name: "Dom", email: "dom@domainco.test" } });
    expect(res.body.user.organization_id).toBe(org.body.organization.id);
  });
});

describe("PUT /apiv2/users/:id", () => {
  it("update - an agent edits an end user and themselves, not other agents or roles", async () => {
    const endUser = await server.a.createEndUser();
    const edited = await agent.client.put(`/apiv2/users/${endUser.user.id}.json`, { user: { name: "Renamed", language: "fr" } });
    expect(edited.status).toBe(200);
    expect(edited.body.user).toMatchObject({ name: "Renamed", language: "fr" });
    expect((await agent.client.put(`/apiv2/users/${agent.user.id}`, { user: { signature: "Cheers" } })).status).toBe(200);
    const other = await server.a.createAgent();
    expect((await agent.client.put(`/apiv2/users/${other.user.id}.json`, { user: { name: "x" } })).status).toBe(403);
    expect((await agent.client.put(`/apiv2/users/${agent.user.id}.json`, { user: { role: "admin" } })).status).toBe(403);
  });

  it("update - an agent cannot lift their own ticket restriction or grant themselves permissions", async () => {
    const restricted = await server.a.createAgent({ ticket_restriction: "assigned" });
    for (const user of [{ ticket_restriction: "all" }, { manage_people: true }, { moderator: true }, { status: "suspended" }, { public_comments: false }]) {
      const res = await restricted.client.put(`/apiv2/users/${restricted.user.id}.json`, { user });
      expect(res.status, JSON.stringify(user)).toBe(403);
    }
    const me = await restricted.client.get("/apiv2/users/me.json");
    expect(me.body.user).toMatchObject({ ticket_restriction: "assigned", manage_people: false });
  });

  it("update - 404 for an unknown user, 422 for a bad field", async () => {
    expect((await admin.put("/apiv2/users/999999.json", { user: { name: "x" } })).status).toBe(404);
    const bad = await admin.put(`/apiv2/users/${agent.user.id}.json`, { user: { ticket_restriction: "some" } });
    expect(bad.status).toBe(422);
    expect(errorBody(bad).details).toHaveProperty("ticket_restriction");
  });
});

describe("PUT /apiv2/users/:id/merge", () => {
  it("merge - moves the end user's tickets to the target, deletes them, answers with the target", async () => {
    const source = await server.a.createEndUser();
    const target = await server.a.createEndUser();
    const ticket = await admin.post("/apiv2/tickets.json", { ticket: { title: "t", comment: { content: "c" }, requester_id: source.user.id } });
    const res = await admin.put(`/apiv2/users/${source.user.id}/merge.json`, { user: { id: target.user.id } });
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(target.user.id);
    expect(res.headers.location).toBe(`http://a.test/apiv2/users/${target.user.id}.json`);
    expect((await admin.get(`/apiv2/users/${source.user.id}.json`)).status).toBe(404);
    expect((await admin.get(`/apiv2/tickets/${ticket.body.ticket.id}.json`)).body.ticket.requester_id).toBe(target.user.id);
  });

  it("merge - only end users can be merged; only admins merge", async () => {
    const target = await server.a.createEndUser();
    const notEndUser = await admin.put(`/apiv2/users/${agent.user.id}/merge.json`, { user: { id: target.user.id } });
    expect(notEndUser.status).toBe(422);
    expect(errorBody(notEndUser).code).toBe("USER_MERGE_NOT_END_USER");
    const source = await server.a.createEndUser();
    expect((await agent.client.put(`/apiv2/users/${source.user.id}/merge.json`, { user: { id: target.user.id } })).status).toBe(403);
    const noTarget = await admin.put(`/apiv2/users/${source.user.id}/merge.json`, { user: {} });
    expect(noTarget.status).toBe(422);
    expect(errorBody(noTarget).details).toHaveProperty("id");
  });
});

describe("DELETE /apiv2/users/:id", () => {
  it("delete - 200 with an empty body; admins only; not yourself; not a requester", async () => {
    const endUser = await server.a.createEndUser();
    expect((await agent.client.delete(`/apiv2/users/${endUser.user.id}.json`)).status).toBe(403);
    const res = await admin.delete(`/apiv2/users/${endUser.user.id}.json`);
    expect(res.status).toBe(200);
    expect(res.text).toBe("");
    expect((await admin.get(`/apiv2/users/${endUser.user.id}.json`)).status).toBe(404);
    expect((await admin.delete(`/apiv2/users/${endUser.user.id}.json`)).status).toBe(404);

    const self = await admin.delete(`/apiv2/users/${server.a.admin.user.id}.json`);
    expect(self.status).toBe(422);
    expect(errorBody(self).code).toBe("USER_DELETE_SELF");

    const requester = await server.a.createEndUser();
    await admin.post("/apiv2/tickets.json", { ticket: { title: "t", comment: { content: "c" }, requester_id: requester.user.id } });
    const busy = await admin.delete(`/apiv2/users/${requester.user.id}.json`);
    expect(busy.status).toBe(422);
    expect(errorBody(busy).code).toBe("USER_HAS_TICKETS");
  });
});

describe("GET /apiv2/users/search", () => {
  it("search - finds users by name, e-mail or phone; query is required", async () => {
    const user = await server.a.createEndUser({ name: "Searchable Sam", phone: "+15559876" });
    for (const query of ["searchable", user.user.email!, "5559876"]) {
      const res = await agent.client.get(`/apiv2/users/search.json?query=${encodeURIComponent(query)}`);
      expect(res.status).toBe(200);
      expect(res.body.users.map((u: { id: number }) => u.id), query).toEqual([user.user.id]);
    }
    const missing = await agent.client.get("/apiv2/users/search.json");
    expect(missing.status).toBe(400);
    expect(errorBody(missing).details).toHaveProperty("query");
  });
});
