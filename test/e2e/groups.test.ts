import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_DATE, errorBody, startTestServer, type Client, type TestServer, type TestUser } from "../support/server";

let server: TestServer;
let admin: Client;
let agent: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = server.a.admin.client;
  agent = await server.a.createAgent({ name: "Grace Agent" });
});
afterAll(() => server.close());

async function createGroup(name: string, agents: number[] = []) {
  const res = await admin.post("/apiv2/groups.json", { group: { name, agents } });
  expect(res.status, res.text).toBe(201);
  return res.body.group;
}

describe("POST /apiv2/groups", () => {
  it("create - 201 with the group, agents expanded, and a Location", async () => {
    const res = await admin.post("/apiv2/groups.json", { group: { name: "Support", agents: [agent.user.id] } });
    expect(res.status).toBe(201);
    const group = res.body.group;
    expect(Object.keys(group).sort()).toEqual(["agents", "created_at", "id", "name", "updated_at", "url"]);
    expect(group.url).toBe(`http://a.test/apiv2/groups/${group.id}.json`);
    expect(res.headers.location).toBe(group.url);
    expect(group.created_at).toMatch(API_DATE);
    expect(group.agents).toEqual([
      { id: agent.user.id, url: `http://a.test/apiv2/users/${agent.user.id}.json`, username: agent.user.email, name: "Grace Agent" },
    ]);
  });

  it("create - 422 for an empty name, a duplicate name, or members who are not agents", async () => {
    const empty = await admin.post("/apiv2/groups.json", { group: { name: "  " } });
    expect(empty.status).toBe(422);
    expect(errorBody(empty).details).toHaveProperty("name");
    await createGroup("Unique");
    const duplicate = await admin.post("/apiv2/groups.json", { group: { name: "Unique" } });
    expect(duplicate.status).toBe(422);
    expect(errorBody(duplicate).code).toBe("GROUP_NAME_TAKEN");
    const endUser = await server.a.createEndUser();
    const notAgent = await admin.post("/apiv2/groups.json", { group: { name: "Mixed", agents: [endUser.user.id] } });
    expect(notAgent.status).toBe(422);
    expect(errorBody(notAgent).details).toHaveProperty("agents");
    const badType = await admin.post("/apiv2/groups.json", { group: { name: "Typed", agents: "all" } });
    expect(badType.status).toBe(422);
  });

  it("create - is for admins only", async () => {
    const res = await agent.client.post("/apiv2/groups.json", { group: { name: "Mine" } });
    expect(res.status).toBe(403);
  });
});

describe("GET /apiv2/groups", () => {
  it("list - pages the groups", async () => {
    await createGroup("List one");
    await createGroup("List two");
    const res = await agent.client.get("/apiv2/groups.json?per_page=1");
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["count", "groups", "next_page", "previous_page"]);
    expect(res.body.groups).toHaveLength(1);
    expect(res.body.count).toBeGreaterThanOrEqual(2);
    expect(res.body.next_page).toBe("http://a.test/apiv2/groups.json?per_page=1&page=2");
    expect((await agent.client.get("/apiv2/groups?per_page=-1")).status).toBe(400);
  });

  it("list - end users are forbidden", async () => {
    const endUser = await server.a.createEndUser();
    expect((await endUser.client.get("/apiv2/groups.json")).status).toBe(403);
  });

  it("listForUser - lists the groups of one agent", async () => {
    const member = await server.a.createAgent();
    const group = await createGroup("Member group", [member.user.id]);
    const res = await agent.client.get(`/apiv2/users/${member.user.id}/groups.json`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["groups"]);
    expect(res.body.groups.map((g: { id: number }) => g.id)).toEqual([group.id]);
    expect((await agent.client.get("/apiv2/users/999999/groups.json")).status).toBe(404);
  });
});

describe("GET /apiv2/groups/:id", () => {
  it("get - one group; 404 for unknown or non-integer ids", async () => {
    const group = await createGroup("Fetched");
    const res = await agent.client.get(`/apiv2/groups/${group.id}`);
    expect(res.status).toBe(200);
    expect(res.body.group).toEqual(group);
    const missing = await agent.client.get("/apiv2/groups/999999.json");
    expect(missing.status).toBe(404);
    expect(errorBody(missing).code).toBe("GROUP_NOT_FOUND");
    expect((await agent.client.get("/apiv2/groups/first.json")).status).toBe(404);
  });
});

describe("PUT /apiv2/groups/:id", () => {
  it("update - renames and replaces the members", async () => {
    const group = await createGroup("Before", [agent.user.id]);
    const other = await server.a.createAgent();
    server.clock.advance(1000);
    const res = await admin.put(`/apiv2/groups/${group.id}.json`, { group: { name: "After", agents: [other.user.id] } });
    expect(res.status).toBe(200);
    expect(res.body.group.name).toBe("After");
    expect(res.body.group.agents.map((a: { id: number }) => a.id)).toEqual([other.user.id]);
    expect(res.body.group.updated_at).not.toBe(group.updated_at);
  });

  it("update - admins only; 404 for unknown groups", async () => {
    const group = await createGroup("Guarded");
    expect((await agent.client.put(`/apiv2/groups/${group.id}.json`, { group: { name: "x" } })).status).toBe(403);
    expect((await admin.put("/apiv2/groups/999999.json", { group: { name: "x" } })).status).toBe(404);
  });
});

describe("DELETE /apiv2/groups/:id", () => {
  it("delete - 200 with an empty body; tickets of the group lose it", async () => {
    const group = await createGroup("Doomed", [agent.user.id]);
    const ticket = await admin.post("/apiv2/tickets.json", { ticket: { title: "t", comment: { content: "c" }, group_id: group.id } });
    expect((await agent.client.delete(`/apiv2/groups/${group.id}.json`)).status).toBe(403);
    const res = await admin.delete(`/apiv2/groups/${group.id}.json`);
    expect(res.status).toBe(200);
    expect(res.text).toBe("");
    expect((await admin.get(`/apiv2/groups/${group.id}.json`)).status).toBe(404);
    expect((await admin.get(`/apiv2/tickets/${ticket.body.ticket.id}.json`)).body.ticket.group_id).toBeNull();
    expect((await admin.delete(`/apiv2/groups/${group.id}.json`)).status).toBe(404);
  });
});
