import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_DATE, errorBody, startTestServer, type Client, type TestServer, type TestUser } from "../support/server";

let server: TestServer;
let admin: Client;
let agent: TestUser;
/** In group `support`, restricted to the tickets of their groups. */
let groupAgent: TestUser;
/** Restricted to the tickets assigned to them. */
let assignedAgent: TestUser;
let endUser: TestUser;
let supportId: number;
/** Ticket ids by name. */
const t: Record<string, number> = {};

/** A ticket field the fixtures fill in, as views can filter on custom fields. */
let tierField: string;

type Condition = { source: string; operator: string; value?: string | null };
const cond = (source: string, operator: string, value: string | null = null): Condition => ({ source, operator, value });

beforeAll(async () => {
  server = await startTestServer();
  admin = server.a.admin.client;
  agent = await server.a.createAgent({ name: "Val Viewer" });
  groupAgent = await server.a.createAgent({ name: "Gus Group", ticket_restriction: "groups" });
  assignedAgent = await server.a.createAgent({ name: "Ada Assigned", ticket_restriction: "assigned" });
  endUser = await server.a.createEndUser();
  const desk = server.a.adminDesk;
  supportId = (await desk.groups.create({ name: "Support", agents: [groupAgent.user.id] })).id;
  tierField = `field_${(await desk.ticketFields.create({ type: "text", agent_title: "Tier" })).id}`;
  const create = async (name: string, fields: Record<string, unknown>) => {
    t[name] = (await desk.tickets.create({ title: name, comment: { content: `about ${name}` }, requester_id: endUser.user.id, ...fields })).id;
  };
  await create("openSupportVip", { status: "open", group_id: supportId, priority: "high", tags: ["vip"] });
  await create("pendingAssigned", { status: "pending", assignee_id: assignedAgent.user.id, priority: "low" });
  await create("newSupport", { group_id: supportId, custom_fields: [{ name: tierField, value: "gold" }] });
  await create("solvedByGroupAgent", { status: "solved", assignee_id: groupAgent.user.id, group_id: supportId, tags: ["vip", "billing"] });
  await create("openLoose", { status: "open", priority: "urgent" });
});
afterAll(() => server.close());

async function createView(view: Record<string, unknown>, client: Client = admin) {
  const res = await client.post("/apiv2/views.json", { view: { title: "A view", ...view } });
  expect(res.status, res.text).toBe(201);
  return res.body.view;
}

const ids = (tickets: Array<{ id: number }>) => tickets.map((ticket) => ticket.id);

describe("POST /apiv2/views", () => {
  it("create - 201 with the view and a Location; slas_id only on an SLA view", async () => {
    const res = await admin.post("/apiv2/views.json", {
      view: { title: "Open tickets", conditions: { all: [cond("status", "is", "1")] }, position: 3 },
    });
    expect(res.status).toBe(201);
    const view = res.body.view;
    expect(Object.keys(view).sort()).toEqual(["active", "conditions", "created_at", "id", "output", "position", "restriction", "title", "updated_at", "url"]);
    expect(view).toMatchObject({
      title: "Open tickets",
      active: true,
      position: 3,
      conditions: { all: [{ source: "status", operator: "is", value: "1" }], any: [] },
      output: { sort_by: "id", sort_order: "asc" },
      restriction: null,
    });
    expect(view.url).toBe(`http://a.test/apiv2/views/${view.id}.json`);
    expect(res.headers.location).toBe(view.url);
    expect(view.created_at).toMatch(API_DATE);
    // The spec's sample spells it sla_id; both spellings are read, slas_id is written.
    const sla = await createView({ sla_id: 12 });
    expect(sla.slas_id).toBe(12);
    const renamed = await admin.put(`/apiv2/views/${sla.id}.json`, { view: { slas_id: null } });
    expect(renamed.body.view).not.toHaveProperty("slas_id");
  });

  it("create - 422 naming the bad condition, restriction or field; nothing is written", async () => {
    const before = (await admin.get("/apiv2/views.json")).body.count;
    const bad = async (view: Record<string, unknown>, key: string) => {
      const res = await admin.post("/apiv2/views.json", { view: { title: "Bad", ...view } });
      expect(res.status, res.text).toBe(422);
      expect(errorBody(res).code).toBe("RECORD_INVALID");
      expect(Object.keys(errorBody(res).details ?? {})).toContain(key);
    };
    await bad({ conditions: { all: [cond("nope", "is", "1")] } }, "conditions.all[0].source");
    await bad({ conditions: { all: [cond("status", "is", "1"), cond("status", "changed")] } }, "conditions.all[1].operator");
    await bad({ conditions: { any: [cond("created", "greater_than", "2")] } }, "conditions.any[0].source");
    await bad({ conditions: { all: [cond("description", "contain", "fire")] } }, "conditions.all[0].source");
    await bad({ conditions: { all: [cond("priority", "is", "9")] } }, "conditions.all[0].value");
    await bad({ conditions: { all: "status" } }, "conditions.all");
    await bad({ restriction: { type: "Group", id: 999_999 } }, "restriction.id");
    await bad({ restriction: { type: "User", id: endUser.user.id } }, "restriction.id");
    await bad({ title: " " }, "title");
    expect((await admin.get("/apiv2/views.json")).body.count).toBe(before);
  });

  it("create - admins only", async () => {
    expect((await agent.client.post("/apiv2/views.json", { view: { title: "Mine" } })).status).toBe(403);
    expect((await endUser.client.post("/apiv2/views.json", { view: { title: "Mine" } })).status).toBe(403);
  });
});

describe("GET /apiv2/views, /views/active, /views/{id}", () => {
  it("list - paged views by position; active leaves inactive ones out; end users are forbidden", async () => {
    const inactive = await createView({ title: "Inactive", active: false, position: -100 });
    const first = await createView({ title: "First", position: -50 });
    const res = await agent.client.get("/apiv2/views.json?per_page=1");
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["count", "next_page", "previous_page", "views"]);
    expect(ids(res.body.views)).toEqual([inactive.id]);
    expect(res.body.next_page).toBe("http://a.test/apiv2/views.json?per_page=1&page=2");
    expect(res.body.previous_page).toBeNull();
    const active = await agent.client.get("/apiv2/views/active.json?per_page=1");
    expect(active.status).toBe(200);
    expect(ids(active.body.views)).toEqual([first.id]);
    expect(active.body.count).toBe(res.body.count - 1);
    expect((await endUser.client.get("/apiv2/views.json")).status).toBe(403);
    expect((await endUser.client.get("/apiv2/views/active.json")).status).toBe(403);
  });

  it("get - one view; 404 for unknown ids and for another tenant's views", async () => {
    const view = await createView({ title: "Fetched" });
    const res = await agent.client.get(`/apiv2/views/${view.id}.json`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ view });
    const missing = await agent.client.get("/apiv2/views/999999.json");
    expect(missing.status).toBe(404);
    expect(errorBody(missing).code).toBe("VIEW_NOT_FOUND");
    expect((await server.b.admin.client.get(`/apiv2/views/${view.id}.json`)).status).toBe(404);
    expect((await endUser.client.get(`/apiv2/views/${view.id}.json`)).status).toBe(403);
  });

  it("restriction - a view restricted to a group or a user is seen by them and admins only", async () => {
    const forSupport = await createView({ title: "Support only", restriction: { type: "Group", id: supportId } });
    const forVal = await createView({ title: "Val only", restriction: { type: "User", id: agent.user.id } });
    const listed = async (client: Client) => ids((await client.get("/apiv2/views.json")).body.views);
    expect(await listed(groupAgent.client)).toContain(forSupport.id);
    expect(await listed(groupAgent.client)).not.toContain(forVal.id);
    expect(await listed(agent.client)).toEqual(expect.arrayContaining([forVal.id]));
    expect(await listed(agent.client)).not.toContain(forSupport.id);
    expect(await listed(admin)).toEqual(expect.arrayContaining([forSupport.id, forVal.id]));
    expect((await agent.client.get(`/apiv2/views/${forSupport.id}.json`)).status).toBe(404);
    expect((await agent.client.get(`/apiv2/views/${forSupport.id}/tickets.json`)).status).toBe(404);
    expect((await groupAgent.client.get(`/apiv2/views/${forSupport.id}/count.json`)).status).toBe(200);
  });
});

describe("GET /apiv2/views/{id}/tickets and counts", () => {
  it("tickets - the tickets matching the conditions, paged, in the view's order unless the query names one", async () => {
    const view = await createView({
      title: "Open or pending, or vip",
      conditions: { all: [cond("status", "less_than", "3")], any: [cond("status", "greater_than", "0"), cond("tags", "contain_at_least_one", "vip")] },
      output: { sort_by: "id", sort_order: "desc" },
    });
    const res = await agent.client.get(`/apiv2/views/${view.id}/tickets.json?per_page=2`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["count", "next_page", "previous_page", "tickets"]);
    expect(res.body.count).toBe(3);
    expect(ids(res.body.tickets)).toEqual([t.openLoose, t.pendingAssigned]);
    expect(res.body.tickets[0].url).toBe(`http://a.test/apiv2/tickets/${t.openLoose}.json`);
    expect(res.body.next_page).toBe(`http://a.test/apiv2/views/${view.id}/tickets.json?per_page=2&page=2`);
    const second = await agent.client.get(`/apiv2/views/${view.id}/tickets.json?per_page=2&page=2`);
    expect(ids(second.body.tickets)).toEqual([t.openSupportVip]);
    expect(second.body.previous_page).toBe(`http://a.test/apiv2/views/${view.id}/tickets.json?per_page=2&page=1`);
    const ascending = await agent.client.get(`/apiv2/views/${view.id}/tickets.json?sort_order=asc`);
    expect(ids(ascending.body.tickets)).toEqual([t.openSupportVip, t.pendingAssigned, t.openLoose]);
    expect((await agent.client.get(`/apiv2/views/${view.id}/tickets.json?sort_by=title`)).status).toBe(400);
    expect((await endUser.client.get(`/apiv2/views/${view.id}/tickets.json`)).status).toBe(403);
    expect((await agent.client.get("/apiv2/views/999999/tickets.json")).status).toBe(404);
  });

  it("tickets - placeholders name the agent looking, custom fields and hours since move with the clock", async () => {
    const mine = await createView({ conditions: { all: [cond("assignee_id", "is", "(current_user)")] } });
    const ofMyGroups = await createView({ conditions: { all: [cond("group_id", "is", "(current_groups)"), cond("status", "is_not", "3")] } });
    const gold = await createView({ conditions: { all: [cond(tierField, "is", "gold")] } });
    const old = await createView({ conditions: { all: [cond("created", "greater_than", "47")] } });
    const tickets = async (client: Client, id: number) => ids((await client.get(`/apiv2/views/${id}/tickets.json`)).body.tickets);
    expect(await tickets(assignedAgent.client, mine.id)).toEqual([t.pendingAssigned]);
    expect(await tickets(groupAgent.client, mine.id)).toEqual([t.solvedByGroupAgent]);
    expect(await tickets(groupAgent.client, ofMyGroups.id)).toEqual([t.openSupportVip, t.newSupport]);
    expect(await tickets(agent.client, ofMyGroups.id)).toEqual([]);
    expect(await tickets(agent.client, gold.id)).toEqual([t.newSupport]);
    expect(await tickets(agent.client, old.id)).toEqual([]);
    server.clock.advance(48 * 3_600_000);
    expect((await tickets(agent.client, old.id)).length).toBe(5);
  });

  it("count and count_many - the view's count; count_many in the order asked, unknown views left out", async () => {
    const open = await createView({ conditions: { all: [cond("status", "is", "1")] } });
    const vip = await createView({ conditions: { all: [cond("tags", "contain_at_least_one", "vip")] } });
    const res = await agent.client.get(`/apiv2/views/${open.id}/count.json`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ view_count: { view_id: open.id, count: 2 } });
    const many = await agent.client.get(`/apiv2/views/count_many.json?ids=${vip.id},999999,${open.id}`);
    expect(many.status).toBe(200);
    expect(many.body).toEqual({ view_counts: [{ view_id: vip.id, count: 2 }, { view_id: open.id, count: 2 }] });
    const tooMany = await agent.client.get(`/apiv2/views/count_many.json?ids=${Array.from({ length: 21 }, (_, i) => i + 1).join(",")}`);
    expect(tooMany.status).toBe(400);
    expect(errorBody(tooMany).code).toBe("VIEW_IDS_TOO_MANY");
    expect((await agent.client.get("/apiv2/views/count_many.json?ids=x")).status).toBe(400);
    expect((await agent.client.get("/apiv2/views/count_many.json")).status).toBe(400);
    expect((await agent.client.get("/apiv2/views/999999/count.json")).status).toBe(404);
    expect((await endUser.client.get(`/apiv2/views/${open.id}/count.json`)).status).toBe(403);
    expect((await endUser.client.get(`/apiv2/views/count_many.json?ids=${open.id}`)).status).toBe(403);
  });

  it("ticket restriction - agents restricted to their groups or assignments see and count only those tickets", async () => {
    const everything = await createView({ title: "Everything" });
    const vip = await createView({ conditions: { any: [cond("tags", "contain_at_least_one", "vip")] } });
    const tickets = async (client: Client, id: number) => ids((await client.get(`/apiv2/views/${id}/tickets.json`)).body.tickets);
    const counts = async (client: Client) => (await client.get(`/apiv2/views/count_many.json?ids=${everything.id},${vip.id}`)).body.view_counts;
    expect(await tickets(assignedAgent.client, everything.id)).toEqual([t.pendingAssigned]);
    expect(await counts(assignedAgent.client)).toEqual([{ view_id: everything.id, count: 1 }, { view_id: vip.id, count: 0 }]);
    expect(await tickets(groupAgent.client, everything.id)).toEqual([t.openSupportVip, t.newSupport, t.solvedByGroupAgent]);
    expect(await counts(groupAgent.client)).toEqual([{ view_id: everything.id, count: 3 }, { view_id: vip.id, count: 2 }]);
    expect((await agent.client.get(`/apiv2/views/${everything.id}/count.json`)).body.view_count.count).toBe(5);
  });

  it("tenancy - tenant b sees none of tenant a's views or tickets", async () => {
    const view = await createView({ title: "A's" });
    const b = server.b.admin.client;
    expect((await b.get(`/apiv2/views/${view.id}/tickets.json`)).status).toBe(404);
    expect((await b.get(`/apiv2/views/${view.id}/count.json`)).status).toBe(404);
    expect((await b.get(`/apiv2/views/count_many.json?ids=${view.id}`)).body).toEqual({ view_counts: [] });
    expect((await b.put(`/apiv2/views/${view.id}.json`, { view: { title: "Taken" } })).status).toBe(404);
    expect((await b.delete(`/apiv2/views/${view.id}.json`)).status).toBe(404);
    expect(ids((await b.get("/apiv2/views.json")).body.views)).not.toContain(view.id);
    const own = await createView({ title: "B's" }, b);
    expect((await b.get(`/apiv2/views/${own.id}/tickets.json`)).body).toMatchObject({ tickets: [], count: 0 });
  });
});

describe("PUT and DELETE /apiv2/views/{id}", () => {
  it("update - replaces the fields given; 422 for bad conditions; admins only; 404 when unknown", async () => {
    const view = await createView({ title: "Before", conditions: { all: [cond("status", "is", "1")] } });
    server.clock.advance(1000);
    const res = await admin.put(`/apiv2/views/${view.id}.json`, {
      view: { title: "After", active: false, output: { sort_by: "updated_at", sort_order: "desc" }, restriction: { type: "User", id: agent.user.id } },
    });
    expect(res.status).toBe(200);
    expect(res.body.view).toMatchObject({
      title: "After",
      active: false,
      conditions: view.conditions,
      output: { sort_by: "updated_at", sort_order: "desc" },
      restriction: { type: "User", id: agent.user.id },
    });
    expect(res.body.view.updated_at).not.toBe(view.updated_at);
    const invalid = await admin.put(`/apiv2/views/${view.id}.json`, { view: { conditions: { all: [cond("status", "is", "7")] } } });
    expect(invalid.status).toBe(422);
    expect(errorBody(invalid).details).toHaveProperty(["conditions.all[0].value"]);
    expect((await admin.get(`/apiv2/views/${view.id}.json`)).body.view.conditions).toEqual(view.conditions);
    expect((await agent.client.put(`/apiv2/views/${view.id}.json`, { view: { title: "x" } })).status).toBe(403);
    expect((await endUser.client.put(`/apiv2/views/${view.id}.json`, { view: { title: "x" } })).status).toBe(403);
    expect((await admin.put("/apiv2/views/999999.json", { view: { title: "x" } })).status).toBe(404);
  });

  it("delete - 200 with an empty body, then 404; admins only", async () => {
    const view = await createView({ title: "Doomed" });
    expect((await agent.client.delete(`/apiv2/views/${view.id}.json`)).status).toBe(403);
    expect((await endUser.client.delete(`/apiv2/views/${view.id}.json`)).status).toBe(403);
    const res = await admin.delete(`/apiv2/views/${view.id}.json`);
    expect(res.status).toBe(200);
    expect(res.text).toBe("");
    expect((await admin.get(`/apiv2/views/${view.id}.json`)).status).toBe(404);
    expect((await admin.delete(`/apiv2/views/${view.id}.json`)).status).toBe(404);
  });
});
