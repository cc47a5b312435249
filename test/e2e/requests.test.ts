import { requestSchema } from "@helpdesk/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_DATE, errorBody, startTestServer, type Client, type TestServer, type TestUser } from "../support/server";

let server: TestServer;
let admin: Client;
let agent: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = server.a.admin.client;
  agent = await server.a.createAgent({ name: "Ada Agent" });
});
afterAll(() => server.close());

const REQUEST_KEYS = [...Object.keys(requestSchema.shape), "url"].sort();
const ids = (list: Array<{ id: number }>) => list.map((r) => r.id);

/** Raises a request as `client`, one second after the previous one, so creation order is unambiguous. */
async function raise(client: Client, fields: Record<string, unknown> = {}) {
  server.clock.advance(1000);
  const res = await client.post("/apiv2/requests.json", { request: { title: "My printer", comment: { content: "It jams" }, ...fields } });
  expect(res.status, res.text).toBe(201);
  return res.body.request as { id: number; url: string; status: string } & Record<string, unknown>;
}

/** Moves a ticket to `status` as the admin (solved and closed need an assignee). */
async function setStatus(id: number, status: string) {
  const res = await admin.put(`/apiv2/tickets/${id}.json`, { ticket: { status, assignee_id: agent.user.id } });
  expect(res.status, res.text).toBe(200);
}

/** A text ticket field end users may fill in; returns its `field_<id>` name. */
async function endUserField(): Promise<string> {
  const res = await admin.post("/apiv2/ticket_fields.json", { ticket_field: { type: "text", agent_title: "Detail", enduser_visible: true, enduser_editable: true } });
  expect(res.status, res.text).toBe(201);
  return res.body.ticket_field.name as string;
}

async function createOrganization(fields: Record<string, unknown>) {
  const res = await admin.post("/apiv2/organizations.json", { organization: fields });
  expect(res.status, res.text).toBe(200);
  return res.body.organization as { id: number; shared_tickets: boolean };
}

describe("POST /apiv2/requests", () => {
  it("create - 201 with exactly the request fields, its url and a Location; the caller is the requester; source web", async () => {
    const group = (await admin.post("/apiv2/groups.json", { group: { name: "Customers" } })).body.group;
    const org = await createOrganization({ name: "Request Makers", group_id: group.id });
    const endUser = await server.a.createEndUser({ organization_id: org.id });
    const field = await endUserField();
    const res = await endUser.client.post("/apiv2/requests.json", {
      request: { title: "Broken", comment: { content: "Please help", uploads: [] }, priority: "high", custom_fields: [{ name: field, value: "x" }] },
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual(["request"]);
    const request = res.body.request;
    expect(Object.keys(request).sort()).toEqual(REQUEST_KEYS);
    expect(request.url).toBe(`http://a.test/apiv2/requests/${request.id}.json`);
    expect(res.headers.location).toBe(request.url);
    expect(request).toMatchObject({
      title: "Broken",
      description: "Please help",
      status: "new",
      priority: "high",
      source: "web",
      requester_id: endUser.user.id,
      organization_id: org.id,
      group_id: group.id,
      assignee_id: null,
      custom_fields: [{ name: field, value: "x" }],
    });
    expect(request.created_at).toMatch(API_DATE);
    // The same ticket, as agents see it.
    const ticket = (await admin.get(`/apiv2/tickets/${request.id}.json`)).body.ticket;
    expect(ticket).toMatchObject({ id: request.id, source: "web", requester_id: endUser.user.id });
    const comments = (await admin.get(`/apiv2/tickets/${request.id}/comments.json`)).body.comments;
    expect(comments).toMatchObject([{ author_id: endUser.user.id, content: "Please help", public: true }]);
  });

  it("create - a task may carry due_at; type and due_at follow the ticket rules", async () => {
    const endUser = await server.a.createEndUser();
    const task = await raise(endUser.client, { type: "task", due_at: "2024-04-01" });
    expect(task).toMatchObject({ type: "task", due_date: "2024-04-01 00:00:00" });
    const wrong = await endUser.client.post("/apiv2/requests.json", { request: { title: "t", comment: { content: "c" }, due_at: "2024-04-01" } });
    expect(wrong.status).toBe(422);
    expect(errorBody(wrong).details).toHaveProperty("due_at");
  });

  it("create - fields an end user may not set are ignored", async () => {
    const endUser = await server.a.createEndUser();
    const request = await raise(endUser.client, { status: "solved", assignee_id: agent.user.id, requester_id: server.a.admin.user.id, tags: ["vip"] });
    expect(request).toMatchObject({ status: "new", assignee_id: null, requester_id: endUser.user.id });
    expect((await admin.get(`/apiv2/tickets/${request.id}.json`)).body.ticket.tags).toEqual([]);
  });

  it("create - 422 names a missing title or comment, and nothing is written", async () => {
    const endUser = await server.a.createEndUser();
    const res = await endUser.client.post("/apiv2/requests.json", { request: { priority: "urgent" } });
    expect(res.status).toBe(422);
    expect(errorBody(res)).toMatchObject({ error: "RecordInvalid", code: "RECORD_INVALID" });
    expect(Object.keys(errorBody(res).details!)).toEqual(expect.arrayContaining(["title", "comment"]));
    const empty = await endUser.client.post("/apiv2/requests.json", { request: { title: "t", comment: { content: "  " } } });
    expect(Object.keys(errorBody(empty).details!)).toEqual(["comment.content"]);
    expect((await endUser.client.get("/apiv2/requests.json")).body.count).toBe(0);
  });

  it("create - triggers run on a request as on any new ticket", async () => {
    const rule = await server.a.adminDesk.triggers.create({
      title: "Tag web requests",
      conditions: { all: [{ source: "{ticket}", operator: "is", value: "created" }] },
      actions: [{ source: "tags", value: "from_web" }],
    });
    try {
      const endUser = await server.a.createEndUser();
      const request = await raise(endUser.client);
      expect((await admin.get(`/apiv2/tickets/${request.id}.json`)).body.ticket.tags).toEqual(["from_web"]);
    } finally {
      await server.a.adminDesk.triggers.delete(rule.id);
    }
  });

  it("create - an agent may raise a request of their own", async () => {
    const request = await raise(agent.client);
    expect(request.requester_id).toBe(agent.user.id);
  });

  it("create - needs authentication", async () => {
    const res = await server.a.clientFor(null).post("/apiv2/requests.json", { request: { title: "t", comment: { content: "c" } } });
    expect(res.status).toBe(401);
  });
});

describe("GET /apiv2/requests, open and solved", () => {
  it("list - only the caller's requests, newest first by default, paged", async () => {
    const endUser = await server.a.createEndUser();
    const other = await server.a.createEndUser();
    const first = await raise(endUser.client);
    await raise(other.client);
    const second = await raise(endUser.client);
    const res = await endUser.client.get("/apiv2/requests.json");
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["count", "next_page", "previous_page", "requests"]);
    expect(ids(res.body.requests)).toEqual([second.id, first.id]);
    expect(Object.keys(res.body.requests[0]).sort()).toEqual(REQUEST_KEYS);
    const paged = await endUser.client.get("/apiv2/requests.json?per_page=1");
    expect(paged.body).toMatchObject({ count: 2, previous_page: null, next_page: "http://a.test/apiv2/requests.json?per_page=1&page=2" });
  });

  it("list - created_order, updated_order, status_order and field_order", async () => {
    const endUser = await server.a.createEndUser();
    const field = await endUserField();
    const a = await raise(endUser.client, { custom_fields: [{ name: field, value: "b" }] });
    const b = await raise(endUser.client, { custom_fields: [{ name: field, value: "a" }] });
    const c = await raise(endUser.client, { custom_fields: [{ name: field, value: "c" }] });
    server.clock.advance(1000);
    await setStatus(a.id, "pending");
    const order = async (query: string) => ids((await endUser.client.get(`/apiv2/requests.json?${query}`)).body.requests);
    expect(await order("created_order=asc")).toEqual([a.id, b.id, c.id]);
    expect(await order("created_order=desc")).toEqual([c.id, b.id, a.id]);
    expect(await order("updated_order=desc")).toEqual([a.id, c.id, b.id]);
    expect(await order("status_order=desc")).toEqual([a.id, c.id, b.id]);
    expect(await order("status_order=asc&created_order=asc")).toEqual([b.id, c.id, a.id]);
    expect(await order(`field_order=${field}_asc`)).toEqual([b.id, a.id, c.id]);
    expect(await order(`field_order=${field}_desc`)).toEqual([c.id, a.id, b.id]);
    const bad = await endUser.client.get("/apiv2/requests.json?status_order=sideways");
    expect(bad.status).toBe(400);
    expect(errorBody(bad).code).toBe("REQUEST_QUERY_INVALID");
  });

  it("open and solved - open is below solved (new, open, pending); solved is solved or closed", async () => {
    const endUser = await server.a.createEndUser();
    const byStatus: Record<string, number> = {};
    for (const status of ["new", "open", "pending", "solved", "closed"]) {
      const request = await raise(endUser.client);
      if (status !== "new") await setStatus(request.id, status);
      byStatus[status] = request.id;
    }
    const open = await endUser.client.get("/apiv2/requests/open.json?created_order=asc");
    expect(ids(open.body.requests)).toEqual([byStatus.new, byStatus.open, byStatus.pending]);
    expect(open.body.requests.map((r: { status: string }) => r.status)).toEqual(["new", "open", "pending"]);
    const solved = await endUser.client.get("/apiv2/requests/solved?created_order=asc");
    expect(ids(solved.body.requests)).toEqual([byStatus.solved, byStatus.closed]);
    expect(solved.body.count).toBe(2);
  });

  it("list - an agent's end-user lists are the requests they raised", async () => {
    const ownAgent = await server.a.createAgent();
    const mine = await raise(ownAgent.client);
    await raise((await server.a.createEndUser()).client);
    expect(ids((await ownAgent.client.get("/apiv2/requests.json")).body.requests)).toEqual([mine.id]);
    expect(ids((await ownAgent.client.get("/apiv2/requests/open.json")).body.requests)).toEqual([mine.id]);
  });
});

describe("GET /apiv2/requests/:id", () => {
  it("get - the caller's request with exactly the request fields; anyone else's is 404", async () => {
    const endUser = await server.a.createEndUser();
    const other = await server.a.createEndUser();
    const request = await raise(endUser.client);
    const res = await endUser.client.get(`/apiv2/requests/${request.id}.json`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["request"]);
    expect(Object.keys(res.body.request).sort()).toEqual(REQUEST_KEYS);
    expect(res.body.request).toEqual(request);
    for (const client of [other.client, agent.client]) {
      const hidden = await client.get(`/apiv2/requests/${request.id}.json`);
      expect(hidden.status).toBe(404);
      expect(errorBody(hidden)).toMatchObject({ error: "RecordNotFound", code: "REQUEST_NOT_FOUND" });
    }
    expect((await endUser.client.get("/apiv2/requests/999999.json")).status).toBe(404);
    expect((await endUser.client.get("/apiv2/requests/abc.json")).status).toBe(404);
  });

  it("get - agent-only ticket fields never reach the requester", async () => {
    const endUser = await server.a.createEndUser();
    const request = await raise(endUser.client);
    const tagged = await admin.put(`/apiv2/tickets/${request.id}.json`, { ticket: { tags: ["secret"], collaborator_ids: [agent.user.id] } });
    expect(tagged.status, tagged.text).toBe(200);
    expect(tagged.body.ticket.tags).toEqual(["secret"]);
    const res = await endUser.client.get(`/apiv2/requests/${request.id}`);
    expect(res.text).not.toContain("secret");
    expect(res.body.request).not.toHaveProperty("collaborator_ids");
    expect(res.body.request).not.toHaveProperty("requester_updated_at");
  });

  it("users/me - an end user sees only the reduced user view", async () => {
    const endUser = await server.a.createEndUser({ notes: "private note" });
    const me = await endUser.client.get("/apiv2/users/me.json");
    expect(me.body.user).not.toHaveProperty("notes");
    expect(me.body.user).not.toHaveProperty("ticket_restriction");
  });
});

describe("organization requests", () => {
  it("shared_tickets - off by default, shown on the organization, set by admins only", async () => {
    const org = await createOrganization({ name: "Sharing Settings" });
    expect(org.shared_tickets).toBe(false);
    expect((await agent.client.put(`/apiv2/organizations/${org.id}.json`, { organization: { shared_tickets: true } })).status).toBe(403);
    const bad = await admin.put(`/apiv2/organizations/${org.id}.json`, { organization: { shared_tickets: "yes" } });
    expect(bad.status).toBe(422);
    expect(errorBody(bad).details).toHaveProperty("shared_tickets");
    const shared = await admin.put(`/apiv2/organizations/${org.id}.json`, { organization: { shared_tickets: true } });
    expect(shared.body.organization.shared_tickets).toBe(true);
    expect((await agent.client.get(`/apiv2/organizations/${org.id}.json`)).body.organization.shared_tickets).toBe(true);
  });

  it("organization.json and range=organization - 403 without sharing or without an organization", async () => {
    const org = await createOrganization({ name: "Private Co" });
    const member = await server.a.createEndUser({ organization_id: org.id });
    const loner = await server.a.createEndUser();
    for (const client of [member.client, loner.client]) {
      for (const path of ["/apiv2/requests/organization.json", "/apiv2/requests/search.json?range=organization"]) {
        const res = await client.get(path);
        expect(res.status, path).toBe(403);
        expect(errorBody(res)).toMatchObject({ error: "Forbidden", code: "REQUEST_ORGANIZATION_NOT_SHARED" });
      }
    }
  });

  it("organization.json - with sharing, members read each other's requests; only the requester replies", async () => {
    const org = await createOrganization({ name: "Sharing Co" });
    const alice = await server.a.createEndUser({ organization_id: org.id });
    const bob = await server.a.createEndUser({ organization_id: org.id });
    const outsider = await server.a.createEndUser();
    const fromAlice = await raise(alice.client);
    const fromBob = await raise(bob.client);
    const fromOutsider = await raise(outsider.client);
    await setStatus(fromBob.id, "solved");
    expect((await alice.client.get(`/apiv2/requests/${fromBob.id}.json`)).status).toBe(404);

    await admin.put(`/apiv2/organizations/${org.id}.json`, { organization: { shared_tickets: true } });
    const all = await alice.client.get("/apiv2/requests/organization.json");
    expect(all.status).toBe(200);
    expect(ids(all.body.requests)).toEqual([fromBob.id, fromAlice.id]);
    expect(ids((await alice.client.get("/apiv2/requests/organization.json?status=open")).body.requests)).toEqual([fromAlice.id]);
    expect(ids((await alice.client.get("/apiv2/requests/organization.json?status=solved")).body.requests)).toEqual([fromBob.id]);
    expect((await alice.client.get("/apiv2/requests/organization.json?status=pending")).status).toBe(400);
    // Alice's own list is still hers alone.
    expect(ids((await alice.client.get("/apiv2/requests.json")).body.requests)).toEqual([fromAlice.id]);
    expect((await alice.client.get(`/apiv2/requests/${fromBob.id}.json`)).status).toBe(200);
    expect((await alice.client.get(`/apiv2/requests/${fromBob.id}/comments.json`)).status).toBe(200);
    expect((await alice.client.get(`/apiv2/requests/${fromOutsider.id}.json`)).status).toBe(404);
    const reply = await alice.client.put(`/apiv2/requests/${fromBob.id}.json`, { request: { comment: { content: "Me too" } } });
    expect(reply.status).toBe(403);
    expect(errorBody(reply).code).toBe("AUTH_FORBIDDEN");

    await admin.put(`/apiv2/organizations/${org.id}.json`, { organization: { shared_tickets: false } });
    expect((await alice.client.get(`/apiv2/requests/${fromBob.id}.json`)).status).toBe(404);
    expect((await alice.client.get("/apiv2/requests/organization.json")).status).toBe(403);
  });
});

describe("custom fields on requests", () => {
  it("end users see only the fields shown to them; agents see every field of the same ticket", async () => {
    const endUser = await server.a.createEndUser();
    const shown = await endUserField();
    const internal = (await admin.post("/apiv2/ticket_fields.json", { ticket_field: { type: "text", agent_title: "Internal note" } })).body.ticket_field.name;
    const request = await raise(endUser.client, { custom_fields: [{ name: shown, value: "mine" }] });
    const set = await admin.put(`/apiv2/tickets/${request.id}.json`, { ticket: { custom_fields: [{ name: internal, value: "secret" }] } });
    expect(set.status, set.text).toBe(200);
    const seen = (await endUser.client.get(`/apiv2/requests/${request.id}.json`)).body.request.custom_fields;
    expect(seen).toEqual([{ name: shown, value: "mine" }]);
    const listed = (await endUser.client.get("/apiv2/requests.json")).body.requests.find((r: { id: number }) => r.id === request.id);
    expect(listed.custom_fields).toEqual([{ name: shown, value: "mine" }]);
    const agentView = (await admin.get(`/apiv2/tickets/${request.id}.json`)).body.ticket.custom_fields;
    expect(agentView).toEqual(expect.arrayContaining([{ name: shown, value: "mine" }, { name: internal, value: "secret" }]));
    // An end user cannot write a field they may not edit.
    const refused = await endUser.client.post("/apiv2/requests.json", { request: { title: "Sneaky", comment: { content: "x" }, custom_fields: [{ name: internal, value: "mine now" }] } });
    expect(refused.status).toBe(422);
    expect(errorBody(refused).details).toHaveProperty(internal);
  });
});

describe("GET /apiv2/requests/search", () => {
  it("search - query, status and fieldvalue over the caller's requests, newest first by default", async () => {
    const endUser = await server.a.createEndUser();
    const other = await server.a.createEndUser();
    const field = await endUserField();
    const toner = await raise(endUser.client, { title: "Toner empty", custom_fields: [{ name: field, value: "floor2" }] });
    const paper = await raise(endUser.client, { title: "Paper jam", comment: { content: "The TONER is fine" } });
    const done = await raise(endUser.client, { title: "Old toner issue" });
    await raise(other.client, { title: "Toner for someone else" });
    await setStatus(done.id, "solved");
    const search = async (query: string) => ids((await endUser.client.get(`/apiv2/requests/search.json?${query}`)).body.requests);
    expect(await search("query=toner")).toEqual([done.id, paper.id, toner.id]);
    expect(await search("query=toner&created_order=asc")).toEqual([toner.id, paper.id, done.id]);
    expect(await search("query=toner&status=new,open")).toEqual([paper.id, toner.id]);
    expect(await search("status=solved")).toEqual([done.id]);
    expect(await search("fieldvalue=floor2")).toEqual([toner.id]);
    expect(await search("range=user&query=paper")).toEqual([paper.id]);
    expect((await endUser.client.get("/apiv2/requests/search.json?range=world")).status).toBe(400);
    expect((await endUser.client.get("/apiv2/requests/search.json?status=stuck")).status).toBe(400);
  });

  it("search - range=organization searches the shared organization's requests", async () => {
    const org = await createOrganization({ name: "Search Co", shared_tickets: true });
    const alice = await server.a.createEndUser({ organization_id: org.id });
    const bob = await server.a.createEndUser({ organization_id: org.id });
    const fromBob = await raise(bob.client, { title: "Projector flickers" });
    await raise(alice.client, { title: "Chair broken" });
    await raise((await server.a.createEndUser()).client, { title: "Projector outside" });
    const res = await alice.client.get("/apiv2/requests/search.json?range=organization&query=projector");
    expect(ids(res.body.requests)).toEqual([fromBob.id]);
    expect(ids((await alice.client.get("/apiv2/requests/search.json?query=projector")).body.requests)).toEqual([]);
  });
});

describe("agent lists of requests", () => {
  it("users/:id/requests - that user's requests; agents only; 404 for an unknown user", async () => {
    const endUser = await server.a.createEndUser();
    const first = await raise(endUser.client);
    const second = await raise(endUser.client);
    const res = await agent.client.get(`/apiv2/users/${endUser.user.id}/requests.json`);
    expect(res.status).toBe(200);
    expect(ids(res.body.requests)).toEqual([second.id, first.id]);
    expect(Object.keys(res.body.requests[0]).sort()).toEqual(REQUEST_KEYS);
    expect(ids((await admin.get(`/apiv2/users/${endUser.user.id}/requests.json?created_order=asc`)).body.requests)).toEqual([first.id, second.id]);
    const forbidden = await endUser.client.get(`/apiv2/users/${endUser.user.id}/requests.json`);
    expect(forbidden.status).toBe(403);
    expect(errorBody(forbidden).code).toBe("AUTH_FORBIDDEN");
    expect(errorBody(await agent.client.get("/apiv2/users/999999/requests.json")).code).toBe("USER_NOT_FOUND");
  });

  it("organizations/:id/requests - that organization's requests; agents only; 404 for an unknown one", async () => {
    const org = await createOrganization({ name: "Listed Co" });
    const member = await server.a.createEndUser({ organization_id: org.id });
    const request = await raise(member.client);
    await raise((await server.a.createEndUser()).client);
    expect(ids((await agent.client.get(`/apiv2/organizations/${org.id}/requests.json`)).body.requests)).toEqual([request.id]);
    expect((await member.client.get(`/apiv2/organizations/${org.id}/requests.json`)).status).toBe(403);
    expect(errorBody(await agent.client.get("/apiv2/organizations/999999/requests.json")).code).toBe("ORGANIZATION_NOT_FOUND");
  });

  it("agent lists - respect the agent's ticket restriction", async () => {
    const group = (await admin.post("/apiv2/groups.json", { group: { name: "Restricted" } })).body.group;
    const restricted = await server.a.createAgent({ ticket_restriction: "assigned" });
    const org = await createOrganization({ name: "Restricted Co" });
    const endUser = await server.a.createEndUser({ organization_id: org.id });
    const assigned = await raise(endUser.client);
    await raise(endUser.client);
    await admin.put(`/apiv2/groups/${group.id}.json`, { group: { agents: [restricted.user.id] } });
    await admin.put(`/apiv2/tickets/${assigned.id}.json`, { ticket: { assignee_id: restricted.user.id } });
    expect(ids((await restricted.client.get(`/apiv2/users/${endUser.user.id}/requests.json`)).body.requests)).toEqual([assigned.id]);
    expect(ids((await restricted.client.get(`/apiv2/organizations/${org.id}/requests.json`)).body.requests)).toEqual([assigned.id]);
  });
});

describe("tenant isolation", () => {
  it("tenancy - tenant b never sees tenant a's requests", async () => {
    const endUser = await server.a.createEndUser({ email: "twin@example.com" });
    const request = await raise(endUser.client);
    const bUser = await server.b.createEndUser({ email: "twin@example.com" });
    const bAgent = await server.b.createAgent();
    expect((await bUser.client.get(`/apiv2/requests/${request.id}.json`)).status).toBe(404);
    expect((await bUser.client.get(`/apiv2/requests/${request.id}/comments.json`)).status).toBe(404);
    expect((await bUser.client.put(`/apiv2/requests/${request.id}.json`, { request: { comment: { content: "hi" } } })).status).toBe(404);
    expect((await bUser.client.get("/apiv2/requests.json")).body.count).toBe(0);
    expect((await bAgent.client.get(`/apiv2/users/${endUser.user.id}/requests.json`)).status).toBe(404);
    // Tenant a's credentials mean nothing at b's host.
    expect((await server.b.clientFor(endUser.auth).get("/apiv2/requests.json")).status).toBe(401);
  });
});
