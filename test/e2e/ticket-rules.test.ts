import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorBody, startTestServer, type Client, type TestServer, type TestUser } from "../support/server";

let server: TestServer;
let admin: Client;
let agent: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = server.a.admin.client;
  agent = await server.a.createAgent();
});
afterAll(() => server.close());

async function createTicket(client: Client, fields: Record<string, unknown> = {}) {
  const res = await client.post("/apiv2/tickets.json", { ticket: { title: "Help", comment: { content: "Please" }, ...fields } });
  expect(res.status, res.text).toBe(201);
  return res.body.ticket;
}

async function findUser(query: string) {
  const res = await admin.get(`/apiv2/users/search.json?query=${encodeURIComponent(query)}`);
  return res.body.users as Array<{ id: number; email: string | null; phone: string | null; role: string; name: string }>;
}

describe("ticket create - requester", () => {
  it("requester_id defaults to the calling agent", async () => {
    const ticket = await createTicket(agent.client);
    expect(ticket.requester_id).toBe(agent.user.id);
  });

  it("requester_id wins over requester", async () => {
    const endUser = await server.a.createEndUser();
    const ticket = await createTicket(admin, { requester_id: endUser.user.id, requester: "someone-else@a.test" });
    expect(ticket.requester_id).toBe(endUser.user.id);
    expect(await findUser("someone-else@a.test")).toEqual([]);
  });

  it("requester_id must name a user of the tenant", async () => {
    const res = await admin.post("/apiv2/tickets.json", { ticket: { title: "t", comment: { content: "c" }, requester_id: 999999 } });
    expect(res.status).toBe(422);
    expect(errorBody(res).details).toHaveProperty("requester_id");
  });

  it("requester as an unknown e-mail creates an end user; a known one is reused", async () => {
    const first = await createTicket(admin, { requester: "New.Person@Customer.test" });
    const [created] = await findUser("new.person@customer.test");
    expect(created).toMatchObject({ id: first.requester_id, email: "new.person@customer.test", role: "end_user" });
    const second = await createTicket(admin, { requester: "new.person@customer.test" });
    expect(second.requester_id).toBe(first.requester_id);
  });

  it("requester as a phone number finds or creates an end user", async () => {
    const first = await createTicket(admin, { requester: "+1 555 0100" });
    const [created] = await findUser("+15550100");
    expect(created).toMatchObject({ id: first.requester_id, phone: "+15550100", role: "end_user" });
    expect((await createTicket(admin, { requester: "+15550100" })).requester_id).toBe(first.requester_id);
  });

  it("requester as an object: the e-mail wins, phone and name are data", async () => {
    const ticket = await createTicket(admin, { requester: { email: "obj@customer.test", phone: "+15550199", name: "Object Person" } });
    const [created] = await findUser("obj@customer.test");
    expect(created).toMatchObject({ id: ticket.requester_id, email: "obj@customer.test", phone: "+15550199", name: "Object Person" });

    const byPhoneOwner = await createTicket(admin, { requester: { email: "other@customer.test", phone: "+15550199" } });
    expect(byPhoneOwner.requester_id).not.toBe(ticket.requester_id);
  });

  it("requester that is neither an e-mail nor a phone is a 422 naming requester", async () => {
    const res = await admin.post("/apiv2/tickets.json", { ticket: { title: "t", comment: { content: "c" }, requester: "not a contact" } });
    expect(res.status).toBe(422);
    expect(Object.keys(errorBody(res).details!)[0]).toMatch(/^requester/);
  });

  it("organization_id follows the requester", async () => {
    const org = await admin.post("/apiv2/organizations.json", { organization: { name: "Acme", domain: "acme.test" } });
    expect(org.status).toBe(200);
    const ticket = await createTicket(admin, { requester: "wile@acme.test" });
    expect(ticket.organization_id).toBe(org.body.organization.id);
    expect((await createTicket(admin)).organization_id).toBeNull();
  });
});

describe("ticket status rules", () => {
  it("timestamps - assigneed_at, resolved_at and closed_at are set by the transitions", async () => {
    server.clock.set(Date.UTC(2024, 5, 1, 9, 0, 0));
    const ticket = await createTicket(admin);
    expect(ticket).toMatchObject({ status: "new", assigneed_at: null, resolved_at: null, closed_at: null });

    server.clock.advance(60_000);
    const assigned = await admin.put(`/apiv2/tickets/${ticket.id}.json`, { ticket: { assignee_id: agent.user.id } });
    expect(assigned.body.ticket).toMatchObject({ status: "open", assigneed_at: "2024-06-01 09:01:00", resolved_at: null });

    server.clock.advance(60_000);
    const solved = await admin.put(`/apiv2/tickets/${ticket.id}.json`, { ticket: { status: "solved" } });
    expect(solved.body.ticket).toMatchObject({ status: "solved", assigneed_at: "2024-06-01 09:01:00", resolved_at: "2024-06-01 09:02:00", closed_at: null });

    server.clock.advance(60_000);
    const closed = await admin.put(`/apiv2/tickets/${ticket.id}.json`, { ticket: { status: "closed" } });
    expect(closed.body.ticket).toMatchObject({ status: "closed", resolved_at: "2024-06-01 09:02:00", closed_at: "2024-06-01 09:03:00" });
  });

  it("a closed ticket cannot be changed (422)", async () => {
    const ticket = await createTicket(admin, { assignee_id: agent.user.id, status: "closed" });
    const res = await admin.put(`/apiv2/tickets/${ticket.id}.json`, { ticket: { title: "reopened?" } });
    expect(res.status).toBe(422);
    expect(errorBody(res)).toMatchObject({ error: "RecordInvalid", code: "TICKET_CLOSED" });
    expect((await admin.get(`/apiv2/tickets/${ticket.id}.json`)).body.ticket.title).toBe("Help");
  });

  it("no ticket goes back to new (422)", async () => {
    const ticket = await createTicket(admin, { status: "open" });
    const res = await admin.put(`/apiv2/tickets/${ticket.id}.json`, { ticket: { status: "new" } });
    expect(res.status).toBe(422);
    expect(errorBody(res).code).toBe("TICKET_STATUS_BACK_TO_NEW");
  });

  it("solving without an assignee is a 422 naming the assignee", async () => {
    const ticket = await createTicket(admin);
    const res = await admin.put(`/apiv2/tickets/${ticket.id}.json`, { ticket: { status: "solved" } });
    expect(res.status).toBe(422);
    expect(errorBody(res).code).toBe("TICKET_SOLVED_WITHOUT_ASSIGNEE");
  });

  it("due_at - only tasks carry a due date, given as an API date or Unix seconds", async () => {
    const task = await createTicket(admin, { type: "task", due_at: "2024-05-01 10:00:00" });
    expect(task.due_date).toBe("2024-05-01 10:00:00");
    const bySeconds = await createTicket(admin, { type: "task", due_at: Date.UTC(2024, 4, 2) / 1000 });
    expect(bySeconds.due_date).toBe("2024-05-02 00:00:00");
    const notTask = await admin.post("/apiv2/tickets.json", { ticket: { title: "t", comment: { content: "c" }, due_at: "2024-05-01" } });
    expect(notTask.status).toBe(422);
    expect(errorBody(notTask).details).toHaveProperty("due_at");
  });

  it("create accepts any of the five statuses", async () => {
    for (const status of ["new", "open", "pending", "solved", "closed"]) {
      const ticket = await createTicket(admin, { status, assignee_id: agent.user.id });
      expect(ticket.status).toBe(status);
    }
  });
});

describe("PUT /apiv2/tickets/update_many", () => {
  it("updateMany - reports per ticket; solving without an assignee fails only that ticket", async () => {
    const withAssignee = await createTicket(admin, { assignee_id: agent.user.id });
    const without = await createTicket(admin);
    const res = await admin.put(`/apiv2/tickets/update_many.json?ids=${withAssignee.id},${without.id},999999`, { ticket: { status: "solved" } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["results"]);
    const [ok, failed, missing] = res.body.results;
    expect(ok).toEqual({ id: withAssignee.id, success: true, errors: "" });
    expect(failed).toMatchObject({ id: without.id, success: false });
    expect(failed.errors).toMatch(/assignee/i);
    expect(missing).toMatchObject({ id: 999999, success: false });
    expect((await admin.get(`/apiv2/tickets/${withAssignee.id}.json`)).body.ticket.status).toBe("solved");
    expect((await admin.get(`/apiv2/tickets/${without.id}.json`)).body.ticket.status).toBe("new");
  });

  it("updateMany - at most 100 ids; bad ids are a 400; a bad body a 422", async () => {
    const many = Array.from({ length: 101 }, (_, i) => i + 1).join(",");
    expect((await admin.put(`/apiv2/tickets/update_many.json?ids=${many}`, { ticket: { priority: "low" } })).status).toBe(400);
    expect((await admin.put("/apiv2/tickets/update_many.json?ids=one", { ticket: { priority: "low" } })).status).toBe(400);
    expect((await admin.put("/apiv2/tickets/update_many.json", { ticket: { priority: "low" } })).status).toBe(400);
    const bad = await admin.put("/apiv2/tickets/update_many.json?ids=1", { ticket: { priority: "whenever" } });
    expect(bad.status).toBe(422);
    expect(errorBody(bad).details).toHaveProperty("priority");
  });

  it("updateMany - accepts exactly 100 ids", async () => {
    const ids = Array.from({ length: 100 }, (_, i) => i + 1000).join(",");
    const res = await admin.put(`/apiv2/tickets/update_many?ids=${ids}`, { ticket: { priority: "low" } });
    expect(res.status).toBe(200);
    expect(res.body.results).toHaveLength(100);
  });
});

describe("agent ticket restriction", () => {
  it("groups - an agent sees tickets of their groups and their own, nothing else", async () => {
    const restricted = await server.a.createAgent({ ticket_restriction: "groups" });
    const group = await admin.post("/apiv2/groups.json", { group: { name: "Restricted team", agents: [restricted.user.id] } });
    const groupId = group.body.group.id;
    const inGroup = await createTicket(admin, { group_id: groupId });
    const assigned = await createTicket(admin, { assignee_id: restricted.user.id });
    const other = await createTicket(admin);

    expect((await restricted.client.get(`/apiv2/tickets/${inGroup.id}.json`)).status).toBe(200);
    expect((await restricted.client.get(`/apiv2/tickets/${assigned.id}.json`)).status).toBe(200);
    expect((await restricted.client.get(`/apiv2/tickets/${other.id}.json`)).status).toBe(404);
    expect((await restricted.client.put(`/apiv2/tickets/${other.id}.json`, { ticket: { title: "x" } })).status).toBe(404);
    const many = await restricted.client.get(`/apiv2/tickets/show_many.json?ids=${inGroup.id},${assigned.id},${other.id}`);
    expect(many.body.tickets.map((t: { id: number }) => t.id)).toEqual([inGroup.id, assigned.id]);
    const searched = await restricted.client.get("/apiv2/tickets/search.json?query=Help");
    expect(searched.body.tickets.map((t: { id: number }) => t.id).sort()).toEqual([inGroup.id, assigned.id].sort());
  });

  it("assigned - an agent sees only tickets assigned to them", async () => {
    const restricted = await server.a.createAgent({ ticket_restriction: "assigned" });
    const mine = await createTicket(admin, { assignee_id: restricted.user.id });
    const theirs = await createTicket(admin, { assignee_id: agent.user.id });
    expect((await restricted.client.get(`/apiv2/tickets/${mine.id}.json`)).status).toBe(200);
    expect((await restricted.client.get(`/apiv2/tickets/${theirs.id}.json`)).status).toBe(404);
    const listed = await restricted.client.get(`/apiv2/users/${agent.user.id}/tickets.json`);
    expect(listed.body.tickets).toEqual([]);
    const results = await restricted.client.put(`/apiv2/tickets/update_many.json?ids=${mine.id},${theirs.id}`, { ticket: { priority: "urgent" } });
    expect(results.body.results.map((r: { success: boolean }) => r.success)).toEqual([true, false]);
  });

  it("public_comments false - the agent's comments are private; asking for a public one is 403", async () => {
    const quiet = await server.a.createAgent({ public_comments: false });
    const refused = await quiet.client.post("/apiv2/tickets.json", { ticket: { title: "t", comment: { content: "c", public: true } } });
    expect(refused.status).toBe(403);
    const ticket = await createTicket(quiet.client);
    const comments = await quiet.client.get(`/apiv2/tickets/${ticket.id}/comments.json`);
    expect(comments.body.comments[0].public).toBe(false);
  });

  it("end users may not use the agent ticket API", async () => {
    const endUser = await server.a.createEndUser();
    const ticket = await createTicket(admin, { requester_id: endUser.user.id });
    for (const [method, path] of [
      ["GET", `/apiv2/tickets/${ticket.id}.json`],
      ["GET", "/apiv2/tickets/search.json"],
      ["GET", "/apiv2/tickets/problems.json"],
      ["GET", `/apiv2/tickets/${ticket.id}/comments.json`],
      ["DELETE", `/apiv2/tickets/${ticket.id}.json`],
    ] as const) {
      const res = await endUser.client.request(method, path);
      expect(res.status, `${method} ${path}`).toBe(403);
    }
  });
});
