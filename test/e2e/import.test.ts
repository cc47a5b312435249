import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STORAGE_KIND } from "../support/database";
import { errorBody, startTestServer, type Client, type TestServer, type TestUser } from "../support/server";

let server: TestServer;
let admin: Client;
let agent: TestUser;
let requester: TestUser;
let other: TestUser;
let groupId: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = server.a.admin.client;
  agent = await server.a.createAgent();
  requester = await server.a.createEndUser();
  other = await server.a.createEndUser();
  const group = await admin.post("/apiv2/groups.json", { group: { name: "Importers", agents: [agent.user.id] } });
  groupId = group.body.group.id;
  // Active triggers that would tag and e-mail every created ticket: none may act on an import.
  for (const actions of [
    [{ source: "tags", value: "triggered" }],
    [{ source: "email_user", value: "(requester)", subject: "Got it", body: "We got {{ticket.title}}" }],
  ]) {
    const res = await admin.post("/apiv2/triggers.json", {
      trigger: { title: "On create", conditions: { all: [{ source: "{ticket}", operator: "is", value: "created" }], any: [] }, actions },
    });
    expect(res.status, res.text).toBe(201);
  }
});
afterAll(() => server.close());

const importedTicket = () => ({
  requester_id: requester.user.id,
  title: "Printer jam from the old system",
  assignee_id: agent.user.id,
  group_id: groupId,
  source: "email",
  tags: ["Legacy", "printer"],
  created_at: "2019-05-01 08:00:00",
  updated_at: "2019-05-03 17:30:00",
  status: "solved",
  priority: "high",
  comments: [
    { author_id: requester.user.id, content: "The printer jams.", created_at: "2019-05-01 08:00:00" },
    { author_id: agent.user.id, content: "Internal: ordered a part.", public: false, created_at: "2019-05-02 09:15:00" },
    { author_id: other.user.id, content: "Same here!", public: true, created_at: "2019-05-03 17:30:00" },
  ],
});

async function ticketState() {
  const list = await admin.get("/apiv2/tickets.json?per_page=100");
  const outbox = await admin.get("/apiv2/outbox.json");
  return { count: list.body.count as number, outbox: outbox.body.count as number };
}

/** The id the next ticket of tenant a gets, found by creating one (so it moves the counter itself). */
async function nextId(): Promise<number> {
  const res = await agent.client.post("/apiv2/tickets.json", { ticket: { title: "probe", comment: { content: "probe" } } });
  return res.body.ticket.id + 1;
}

describe("POST /apiv2/imports/tickets", () => {
  it("import - 201 with the ticket and a Location; times, authorship and privacy kept as given; the first comment is the description", async () => {
    const before = await ticketState();
    const expectedId = await nextId();
    const res = await admin.post("/apiv2/imports/tickets.json", { ticket: importedTicket() });
    expect(res.status, res.text).toBe(201);
    const ticket = res.body.ticket;
    expect(ticket.id).toBe(expectedId);
    expect(res.headers.location).toBe(`http://a.test/apiv2/tickets/${ticket.id}.json`);
    expect(ticket).toMatchObject({
      url: res.headers.location,
      title: "Printer jam from the old system",
      description: "The printer jams.",
      requester_id: requester.user.id,
      assignee_id: agent.user.id,
      group_id: groupId,
      source: "email",
      tags: ["legacy", "printer"],
      status: "solved",
      priority: "high",
      created_at: "2019-05-01 08:00:00",
      updated_at: "2019-05-03 17:30:00",
      resolved_at: "2019-05-03 17:30:00",
    });
    const comments = await admin.get(`/apiv2/tickets/${ticket.id}/comments.json`);
    expect(comments.body.comments.map((c: Record<string, unknown>) => [c.author_id, c.content, c.public, c.created_at])).toEqual([
      [requester.user.id, "The printer jams.", true, "2019-05-01 08:00:00"],
      [agent.user.id, "Internal: ordered a part.", false, "2019-05-02 09:15:00"],
      [other.user.id, "Same here!", true, "2019-05-03 17:30:00"],
    ]);
    expect(await admin.get(`/apiv2/tickets/${ticket.id}.json`).then((r) => r.body.ticket)).toEqual(ticket);
    // One probe ticket was created the ordinary way; the import added one more.
    expect((await ticketState()).count).toBe(before.count + 2);
  });

  it("import - no trigger acts on an imported ticket and nothing is queued to send", async () => {
    const probe = await agent.client.post("/apiv2/tickets.json", { ticket: { title: "ordinary", comment: { content: "x" } } });
    expect(probe.body.ticket.tags).toContain("triggered");
    const outboxBefore = (await ticketState()).outbox;
    expect(outboxBefore).toBeGreaterThan(0);
    const res = await admin.post("/apiv2/imports/tickets.json", { ticket: { ...importedTicket(), status: "new", assignee_id: null, group_id: null } });
    expect(res.status).toBe(201);
    expect(res.body.ticket.tags).toEqual(["legacy", "printer"]);
    expect(res.body.ticket.status).toBe("new");
    const outbox = await admin.get("/apiv2/outbox.json");
    expect(outbox.body.count).toBe(outboxBefore);
    expect(outbox.body.outbox.some((m: { ticket_id: number }) => m.ticket_id === res.body.ticket.id)).toBe(false);
  });

  it("import - defaults: created_at from the earliest comment, updated_at from the latest, status new, source api, public comments", async () => {
    const res = await admin.post("/apiv2/imports/tickets.json", {
      ticket: {
        requester_id: requester.user.id,
        title: "Minimal",
        comments: [
          { author_id: requester.user.id, content: "first", created_at: 1_500_000_000 },
          { author_id: requester.user.id, content: "second", created_at: 1_500_000_600 },
        ],
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.ticket).toMatchObject({ status: "new", source: "api", created_at: "2017-07-14 02:40:00", updated_at: "2017-07-14 02:50:00" });
    const comments = (await admin.get(`/apiv2/tickets/${res.body.ticket.id}/comments.json`)).body.comments;
    expect(comments.map((c: { public: boolean }) => c.public)).toEqual([true, true]);
  });

  it("import - unknown users are a 422 naming each field, and nothing is written: no ticket, no ticket number used", async () => {
    const before = await ticketState();
    const bad = importedTicket();
    bad.comments[1]!.author_id = 999_999;
    const res = await admin.post("/apiv2/imports/tickets.json", { ticket: { ...bad, requester_id: 999_998 } });
    expect(res.status).toBe(422);
    const body = errorBody(res);
    expect(body.code).toBe("RECORD_INVALID");
    expect(Object.keys(body.details!).sort()).toEqual(["comments[1].author_id", "requester_id"]);
    expect(body.details!["comments[1].author_id"]![0]!.description).toContain("999999");
    const foreign = await server.b.createAgent();
    const wrongTenant = await admin.post("/apiv2/imports/tickets.json", { ticket: { ...importedTicket(), assignee_id: foreign.user.id } });
    expect(errorBody(wrongTenant).details).toHaveProperty("assignee_id");
    expect(await ticketState()).toEqual(before);
    const expected = await nextId();
    const ok = await admin.post("/apiv2/imports/tickets.json", { ticket: importedTicket() });
    expect(ok.body.ticket.id).toBe(expected);
  });

  it("import - 422 for bad input: no comments, bad dates, an end user as assignee, updated before created", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ comments: [] }, "comments"],
      [{ created_at: "yesterday" }, "created_at"],
      [{ comments: [{ author_id: requester.user.id, content: "  " }] }, "comments[0].content"],
      [{ assignee_id: other.user.id, group_id: null }, "assignee_id"],
      [{ updated_at: "2019-04-01 00:00:00" }, "updated_at"],
      [{ status: "solved", assignee_id: null, group_id: null }, "assignee_id"],
      [{ title: "" }, "title"],
    ];
    for (const [fields, field] of cases) {
      const res = await admin.post("/apiv2/imports/tickets.json", { ticket: { ...importedTicket(), ...fields } });
      expect(res.status, JSON.stringify(fields)).toBe(422);
      expect(errorBody(res).details, JSON.stringify(fields)).toHaveProperty([field]);
    }
    expect((await admin.post("/apiv2/imports/tickets.json", { tickets: [] })).status).toBe(422);
  });

  it("import - admins only", async () => {
    expect((await agent.client.post("/apiv2/imports/tickets.json", { ticket: importedTicket() })).status).toBe(403);
    expect((await requester.client.post("/apiv2/imports/tickets.json", { ticket: importedTicket() })).status).toBe(403);
  });

  it("import - tenants are isolated: tenant b's ids count on their own and b cannot name a's users", async () => {
    const b = server.b.admin.client;
    const refused = await b.post("/apiv2/imports/tickets.json", { ticket: importedTicket() });
    expect(refused.status).toBe(422);
    const bRequester = await server.b.createEndUser();
    const res = await b.post("/apiv2/imports/tickets.json", {
      ticket: { requester_id: bRequester.user.id, title: "B's history", comments: [{ author_id: bRequester.user.id, content: "hello" }] },
    });
    expect(res.status).toBe(201);
    expect(res.body.ticket.id).toBe(1);
    expect(res.headers.location).toBe("http://b.test/apiv2/tickets/1.json");
    expect((await admin.get("/apiv2/tickets/1.json")).body.ticket.title).not.toBe("B's history");
  });

  it("imports.tickets - a batch keeps its order of ids; a ticket the checks or the database refuse is left out and the rest written", async () => {
    const simple = (title: string, content = "hello") => ({ requester_id: requester.user.id, title, comments: [{ author_id: requester.user.id, content }] });
    const outcomes = await server.a.adminDesk.imports.tickets([
      simple("Batch one"),
      { ...simple("Unknown requester"), requester_id: 999_999 },
      // Postgres text cannot hold NUL: only the database finds out, mid-batch.
      simple("NUL inside", "nul \u0000 here"),
      "not a ticket",
      simple("Batch two"),
    ]);
    expect(outcomes.map((o) => (o.ok ? "ok" : o.error.code))).toEqual([
      "ok",
      "RECORD_INVALID",
      STORAGE_KIND === "postgres" ? "RECORD_INVALID" : "ok",
      "RECORD_INVALID",
      "ok",
    ]);
    const ids = outcomes.flatMap((o) => (o.ok ? [o.ticket.id] : []));
    expect(ids).toEqual(ids.map((_, i) => ids[0]! + i));
    for (const [i, o] of outcomes.entries()) {
      if (o.ok) expect((await admin.get(`/apiv2/tickets/${o.ticket.id}.json`)).body.ticket.title).toBe(["Batch one", "", "NUL inside", "", "Batch two"][i]);
    }
  });
});
