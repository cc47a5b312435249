import { TICKET_ACTIVITY_FIELDS, ticketSchema } from "@helpdesk/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_DATE, errorBody, startTestServer, type Client, type TestServer } from "../support/server";

let server: TestServer;
let admin: Client;

beforeAll(async () => {
  server = await startTestServer();
  admin = server.a.admin.client;
});
afterAll(() => server.close());

async function createTicket(client: Client, fields: Record<string, unknown> = {}) {
  const res = await client.post("/apiv2/tickets.json", { ticket: { title: "Printer on fire", comment: { content: "Smoke everywhere" }, ...fields } });
  expect(res.status, res.text).toBe(201);
  return res.body.ticket;
}

// The activity timestamps rules read are not part of the API's ticket.
const TICKET_KEYS = [...Object.keys(ticketSchema.shape).filter((k) => !(TICKET_ACTIVITY_FIELDS as readonly string[]).includes(k)), "url"].sort();

describe("POST /apiv2/tickets", () => {
  it("create - answers 201 with the ticket, its url and a Location", async () => {
    const body = { ticket: { title: "Hello", comment: { content: "First words" }, priority: "high", tags: ["Big Deal", "x"] } };
    const res = await admin.post("/apiv2/tickets.json", body);
    expect(res.status).toBe(201);
    const ticket = res.body.ticket;
    expect(Object.keys(res.body)).toEqual(["ticket"]);
    expect(Object.keys(ticket).sort()).toEqual(TICKET_KEYS);
    expect(ticket.url).toBe(`http://a.test/apiv2/tickets/${ticket.id}.json`);
    expect(res.headers.location).toBe(ticket.url);
    expect(ticket).toMatchObject({ title: "Hello", description: "First words", status: "new", priority: "high", source: "api", tags: ["big_deal", "x"] });
    expect(ticket.requester_id).toBe(server.a.admin.user.id);
    expect(ticket.created_at).toMatch(API_DATE);
    expect(ticket.created_at).toBe("2024-03-01 12:00:00");
    expect(ticket.assigneed_at).toBeNull();
  });

  it("create - works without the .json suffix", async () => {
    const res = await admin.post("/apiv2/tickets", { ticket: { title: "No suffix", comment: { content: "x" } } });
    expect(res.status).toBe(201);
  });

  it("create - 422 names the missing fields", async () => {
    const res = await admin.post("/apiv2/tickets.json", { ticket: { priority: "high" } });
    expect(res.status).toBe(422);
    const body = errorBody(res);
    expect(body).toMatchObject({ error: "RecordInvalid", code: "RECORD_INVALID" });
    expect(Object.keys(body.details!)).toEqual(expect.arrayContaining(["title", "comment"]));
  });

  it("create - 422 for a bad enum value names the field", async () => {
    const res = await admin.post("/apiv2/tickets.json", { ticket: { title: "t", comment: { content: "c" }, status: "escalated" } });
    expect(res.status).toBe(422);
    expect(errorBody(res).details).toHaveProperty("status");
  });

  it("create - custom_fields names must have the form field_<id>", async () => {
    const custom_fields = [{ name: "color", value: "red" }];
    const bad = await admin.post("/apiv2/tickets.json", { ticket: { title: "t", comment: { content: "c" }, custom_fields } });
    expect(bad.status).toBe(422);
    expect(Object.keys(errorBody(bad).details!)[0]).toMatch(/^custom_fields/);
    const field = await server.a.adminDesk.ticketFields.create({ type: "text", agent_title: "Color" });
    const good = await createTicket(admin, { custom_fields: [{ name: `field_${field.id}`, value: "red" }] });
    expect(good.custom_fields).toEqual([{ name: `field_${field.id}`, value: "red" }]);
  });

  it("create - an end user is forbidden", async () => {
    const endUser = await server.a.createEndUser();
    const res = await endUser.client.post("/apiv2/tickets.json", { ticket: { title: "t", comment: { content: "c" } } });
    expect(res.status).toBe(403);
    expect(errorBody(res)).toMatchObject({ error: "Forbidden", code: "AUTH_FORBIDDEN" });
  });
});

describe("GET /apiv2/tickets/:id", () => {
  it("get - returns the ticket with or without .json", async () => {
    const created = await createTicket(admin);
    for (const path of [`/apiv2/tickets/${created.id}.json`, `/apiv2/tickets/${created.id}`]) {
      const res = await admin.get(path);
      expect(res.status).toBe(200);
      expect(res.body.ticket).toEqual(created);
    }
  });

  it("get - 404 for an unknown id, and for ids that are not positive integers", async () => {
    const unknown = await admin.get("/apiv2/tickets/999999.json");
    expect(unknown.status).toBe(404);
    expect(errorBody(unknown)).toMatchObject({ error: "RecordNotFound", code: "TICKET_NOT_FOUND" });
    for (const id of ["abc", "0", "-1", "1.5", "01", "99999999999999999999"]) {
      const res = await admin.get(`/apiv2/tickets/${id}.json`);
      expect(res.status, id).toBe(404);
      errorBody(res);
    }
  });
});

describe("GET /apiv2/tickets", () => {
  it("list - pages with count and next/previous page urls", async () => {
    await createTicket(admin);
    await createTicket(admin);
    const all = await admin.get("/apiv2/tickets.json");
    expect(all.status).toBe(200);
    expect(Object.keys(all.body).sort()).toEqual(["count", "next_page", "previous_page", "tickets"]);
    const count = all.body.count as number;
    expect(all.body.tickets).toHaveLength(count);
    expect(all.body.tickets.map((t: { id: number }) => t.id)).toEqual([...all.body.tickets.map((t: { id: number }) => t.id)].sort((x, y) => x - y));

    const second = await admin.get("/apiv2/tickets.json?per_page=1&page=2");
    expect(second.body.tickets).toHaveLength(1);
    expect(second.body.tickets[0].id).toBe(all.body.tickets[1].id);
    expect(second.body.next_page).toBe("http://a.test/apiv2/tickets.json?per_page=1&page=3");
    expect(second.body.previous_page).toBe("http://a.test/apiv2/tickets.json?per_page=1&page=1");
    const last = await admin.get(`/apiv2/tickets?per_page=1&page=${count}`);
    expect(last.body.next_page).toBeNull();
  });

  it("list - 400 for a bad query parameter", async () => {
    for (const query of ["per_page=abc", "page=0", "created_order=sideways", "created_start=yesterday"]) {
      const res = await admin.get(`/apiv2/tickets.json?${query}`);
      expect(res.status, query).toBe(400);
      expect(errorBody(res)).toMatchObject({ error: "BadRequest", code: "REQUEST_QUERY_INVALID" });
    }
  });

  it("list - is for admins only", async () => {
    const agent = await server.a.createAgent();
    expect((await agent.client.get("/apiv2/tickets.json")).status).toBe(403);
  });
});

describe("GET /apiv2/users/:id/tickets", () => {
  it("listAssignedTo - lists the tickets assigned to that agent", async () => {
    const agent = await server.a.createAgent();
    const assigned = await createTicket(admin, { assignee_id: agent.user.id });
    await createTicket(admin);
    const res = await agent.client.get(`/apiv2/users/${agent.user.id}/tickets.json`);
    expect(res.status).toBe(200);
    expect(res.body.tickets.map((t: { id: number }) => t.id)).toEqual([assigned.id]);
    expect(res.body.count).toBe(1);
  });

  it("listAssignedTo - 404 for an unknown user", async () => {
    expect((await admin.get("/apiv2/users/999999/tickets.json")).status).toBe(404);
  });
});

describe("GET /apiv2/tickets/show_many", () => {
  it("showMany - returns the known tickets of the ids", async () => {
    const one = await createTicket(admin);
    const two = await createTicket(admin);
    const res = await admin.get(`/apiv2/tickets/show_many.json?ids=${two.id},${one.id},999999`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["tickets"]);
    expect(res.body.tickets.map((t: { id: number }) => t.id)).toEqual([one.id, two.id]);
  });

  it("showMany - 400 for missing, malformed or more than 100 ids", async () => {
    const many = Array.from({ length: 101 }, (_, i) => i + 1).join(",");
    for (const query of ["", "?ids=", "?ids=a,b", "?ids=1,,2", `?ids=${many}`]) {
      const res = await admin.get(`/apiv2/tickets/show_many.json${query}`);
      expect(res.status, query).toBe(400);
      expect(errorBody(res).code).toBe("REQUEST_QUERY_INVALID");
    }
  });
});

describe("PUT /apiv2/tickets/:id", () => {
  it("update - changes the fields given and adds a comment", async () => {
    const created = await createTicket(admin);
    server.clock.advance(60_000);
    const res = await admin.put(`/apiv2/tickets/${created.id}.json`, { ticket: { title: "Renamed", priority: "low", comment: { content: "Any news?" } } });
    expect(res.status).toBe(200);
    expect(res.body.ticket).toMatchObject({ id: created.id, title: "Renamed", priority: "low", description: created.description });
    expect(res.body.ticket.updated_at).toBe("2024-03-01 12:01:00");
    const comments = await admin.get(`/apiv2/tickets/${created.id}/comments.json`);
    expect(comments.body.comments.map((c: { content: string }) => c.content)).toEqual(["Smoke everywhere", "Any news?"]);
  });

  it("update - 404 for an unknown ticket", async () => {
    const res = await admin.put("/apiv2/tickets/999999.json", { ticket: { title: "x" } });
    expect(res.status).toBe(404);
    expect(errorBody(res).code).toBe("TICKET_NOT_FOUND");
  });
});

describe("DELETE /apiv2/tickets", () => {
  it("delete - answers 200 with an empty body; the ticket is gone", async () => {
    const created = await createTicket(admin);
    const res = await admin.delete(`/apiv2/tickets/${created.id}.json`);
    expect(res.status).toBe(200);
    expect(res.text).toBe("");
    expect((await admin.get(`/apiv2/tickets/${created.id}.json`)).status).toBe(404);
    expect((await admin.delete(`/apiv2/tickets/${created.id}.json`)).status).toBe(404);
  });

  it("delete - is for admins only", async () => {
    const created = await createTicket(admin);
    const agent = await server.a.createAgent();
    expect((await agent.client.delete(`/apiv2/tickets/${created.id}.json`)).status).toBe(403);
    expect((await admin.get(`/apiv2/tickets/${created.id}.json`)).status).toBe(200);
  });

  it.each(["delete_many", "destroy_many"])("deleteMany - %s deletes all the ids or none", async (name) => {
    const one = await createTicket(admin);
    const two = await createTicket(admin);
    const refused = await admin.delete(`/apiv2/tickets/${name}.json?ids=${one.id},999999`);
    expect(refused.status).toBe(404);
    expect((await admin.get(`/apiv2/tickets/${one.id}.json`)).status).toBe(200);
    const res = await admin.delete(`/apiv2/tickets/${name}?ids=${one.id},${two.id}`);
    expect(res.status).toBe(200);
    expect(res.text).toBe("");
    const left = await admin.get(`/apiv2/tickets/show_many.json?ids=${one.id},${two.id}`);
    expect(left.body.tickets).toEqual([]);
    expect((await admin.delete(`/apiv2/tickets/${name}.json?ids=x`)).status).toBe(400);
  });
});

describe("GET /apiv2/tickets/search", () => {
  it("search - matches title, description, comments and the requester's name or e-mail", async () => {
    const requester = await server.a.createEndUser({ name: "Zebulon Quark", email: "zq-unique@elsewhere.test" });
    const byTitle = await createTicket(admin, { title: "Flux capacitor" });
    const byDescription = await createTicket(admin, { comment: { content: "the gizmotron broke" } });
    const byComment = await createTicket(admin);
    await admin.put(`/apiv2/tickets/${byComment.id}.json`, { ticket: { comment: { content: "also the wobulator" } } });
    const byRequester = await createTicket(admin, { requester_id: requester.user.id });
    const cases: Array<[string, number]> = [
      ["capacitor", byTitle.id],
      ["GIZMOTRON", byDescription.id],
      ["wobulator", byComment.id],
      ["zebulon", byRequester.id],
      ["zq-unique@", byRequester.id],
    ];
    for (const [query, id] of cases) {
      const res = await admin.get(`/apiv2/tickets/search.json?query=${encodeURIComponent(query)}`);
      expect(res.status).toBe(200);
      expect(res.body.tickets.map((t: { id: number }) => t.id), query).toEqual([id]);
    }
  });

  it("search - filters by status and orders by creation, newest first by default", async () => {
    server.clock.advance(1000);
    const first = await createTicket(admin, { title: "ordered alpha", status: "pending" });
    server.clock.advance(1000);
    const second = await createTicket(admin, { title: "ordered beta", status: "pending" });
    const res = await admin.get("/apiv2/tickets/search?query=ordered&status=pending,open");
    expect(res.body.tickets.map((t: { id: number }) => t.id)).toEqual([second.id, first.id]);
    const asc = await admin.get("/apiv2/tickets/search?query=ordered&created_order=asc");
    expect(asc.body.tickets.map((t: { id: number }) => t.id)).toEqual([first.id, second.id]);
    expect((await admin.get("/apiv2/tickets/search?query=ordered&status=new")).body.tickets).toEqual([]);
    expect((await admin.get("/apiv2/tickets/search?status=sleeping")).status).toBe(400);
  });

  it("search - finds a custom field value", async () => {
    const field = await server.a.adminDesk.ticketFields.create({ type: "text", agent_title: "Serial" });
    const ticket = await createTicket(admin, { custom_fields: [{ name: `field_${field.id}`, value: "serial-XYZ-42" }] });
    const res = await admin.get("/apiv2/tickets/search.json?fieldvalue=serial-XYZ-42");
    expect(res.body.tickets.map((t: { id: number }) => t.id)).toEqual([ticket.id]);
  });
});

describe("ticket relations", () => {
  it("collaborators - lists the users in copy", async () => {
    const cc = await server.a.createEndUser();
    const ticket = await createTicket(admin, { collaborator_ids: [cc.user.id] });
    const res = await admin.get(`/apiv2/tickets/${ticket.id}/collaborators.json`);
    expect(res.status).toBe(200);
    expect(res.body.users.map((u: { id: number }) => u.id)).toEqual([cc.user.id]);
    expect(res.body.users[0].url).toBe(`http://a.test/apiv2/users/${cc.user.id}.json`);
    expect((await admin.get("/apiv2/tickets/999999/collaborators.json")).status).toBe(404);
  });

  it("incidents and problems - link incidents to their problem", async () => {
    const problem = await createTicket(admin, { type: "problem", title: "Outage" });
    const incident = await createTicket(admin, { type: "incident", problem_id: problem.id });
    await createTicket(admin, { type: "incident" });
    const incidents = await admin.get(`/apiv2/tickets/${problem.id}/incidents.json`);
    expect(incidents.status).toBe(200);
    expect(incidents.body.tickets.map((t: { id: number }) => t.id)).toEqual([incident.id]);
    expect(incidents.body.count).toBe(1);

    server.clock.advance(5000);
    const older = await createTicket(admin, { type: "problem", title: "Older outage" });
    server.clock.advance(5000);
    await admin.put(`/apiv2/tickets/${problem.id}.json`, { ticket: { priority: "urgent" } });
    const problems = await admin.get("/apiv2/tickets/problems.json");
    expect(problems.status).toBe(200);
    const ids = problems.body.tickets.map((t: { id: number }) => t.id);
    expect(ids.indexOf(problem.id)).toBeLessThan(ids.indexOf(older.id));
    expect(problems.body.tickets.every((t: { type: string }) => t.type === "problem")).toBe(true);
  });

  it("incidents - problem_id must point at a problem ticket", async () => {
    const notProblem = await createTicket(admin, { type: "question" });
    const res = await admin.post("/apiv2/tickets.json", { ticket: { title: "t", comment: { content: "c" }, type: "incident", problem_id: notProblem.id } });
    expect(res.status).toBe(422);
    expect(errorBody(res).details).toHaveProperty("problem_id");
  });

  it("comments - lists id, author, content, html, public flag, date and attachments", async () => {
    const ticket = await createTicket(admin);
    const res = await admin.get(`/apiv2/tickets/${ticket.id}/comments`);
    expect(res.status).toBe(200);
    expect(res.body.comments).toHaveLength(1);
    expect(Object.keys(res.body.comments[0]).sort()).toEqual(["attachments", "author_id", "content", "created_at", "html_content", "id", "public"]);
    expect(res.body.comments[0]).toMatchObject({ author_id: server.a.admin.user.id, content: "Smoke everywhere", public: true, attachments: [] });
    expect(res.body.comments[0].created_at).toMatch(API_DATE);
  });
});
