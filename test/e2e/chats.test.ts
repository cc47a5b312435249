import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_DATE, errorBody, startTestServer, type Client, type TestServer, type TestUser } from "../support/server";

let server: TestServer;
let admin: Client;
let agent: TestUser;
let customer: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = server.a.admin.client;
  agent = await server.a.createAgent();
  customer = await server.a.createEndUser();
});
afterAll(() => server.close());

/** A finished chat as the chat system records it (the spec's sample fields). */
function sampleChat(overrides: Record<string, unknown> = {}) {
  return {
    type: "chat",
    started_by: "visitor",
    status: "close",
    agent_id: String(agent.user.id),
    rating: "5",
    visitor_id: "1001",
    user_id: customer.user.id,
    created_at: "2016-01-01 09:00:00",
    assigned_at: "2016-01-01 09:00:05",
    end_at: "2016-01-01 09:10:00",
    messages: [
      { type: "chat.memberjoin", name: "Visitor 1001", msg: "", is_read: 1, created_at: "2016-01-01 09:00:00" },
      { type: "chat.msg", name: "Visitor 1001", msg: "Hi, my parcel is late", is_read: 0, created_at: "2016-01-01 09:00:30", upload_id: null, upload: null },
    ],
    ...overrides,
  };
}

async function importChat(overrides: Record<string, unknown> = {}) {
  const res = await admin.post("/apiv2/imports/chats.json", { chat: sampleChat(overrides) });
  expect(res.status, res.text).toBe(201);
  return res.body.chat;
}

const ids = (items: Array<{ id: number }>) => items.map((item) => item.id);

describe("POST /apiv2/imports/chats", () => {
  it("import - 201 with the chat, its messages and a Location; timestamps are kept as given", async () => {
    const res = await admin.post("/apiv2/imports/chats.json", { chat: sampleChat() });
    expect(res.status).toBe(201);
    const chat = res.body.chat;
    expect(Object.keys(chat).sort()).toEqual(
      ["agent_id", "assigned_at", "created_at", "end_at", "id", "messages", "rating", "started_by", "status", "type", "user_id", "visitor_id"].sort(),
    );
    const { messages: _messages, ...fields } = sampleChat();
    expect(chat).toMatchObject(fields);
    expect(res.headers.location).toBe(`http://a.test/apiv2/chats/${chat.id}.json`);
    expect(chat.messages).toHaveLength(2);
    const [join, msg] = chat.messages;
    expect(Object.keys(msg).sort()).toEqual(["chat_id", "created_at", "id", "is_read", "msg", "name", "type", "upload", "upload_id"]);
    expect(join).toMatchObject({ chat_id: chat.id, type: "chat.memberjoin", msg: "", is_read: 1, created_at: "2016-01-01 09:00:00", upload: null });
    expect(msg).toMatchObject({ chat_id: chat.id, type: "chat.msg", name: "Visitor 1001", msg: "Hi, my parcel is late", is_read: 0 });
    expect(msg.id).toBeGreaterThan(join.id);
  });

  it("import - defaults: created_at now, messages at the chat's time, and an upload object kept as given", async () => {
    const chat = await importChat({
      created_at: undefined,
      assigned_at: null,
      end_at: undefined,
      agent_id: agent.user.id,
      rating: null,
      messages: [{ msg: "photo", upload_id: 7, upload: { id: 7, name: "label.png", size: 2048 } }],
    });
    expect(chat.created_at).toMatch(API_DATE);
    expect(chat.assigned_at).toBeNull();
    expect(chat.end_at).toBeNull();
    expect(chat.rating).toBeNull();
    expect(chat.agent_id).toBe(String(agent.user.id));
    expect(chat.messages[0]).toMatchObject({ type: "chat.msg", name: null, is_read: 0, created_at: chat.created_at, upload_id: 7 });
    expect(chat.messages[0].upload).toEqual({ id: 7, name: "label.png", size: 2048 });
  });

  it("import - 422 naming an unknown user or agent, and nothing is written", async () => {
    const before = (await agent.client.get("/apiv2/chats.json")).body.count;
    const unknownUser = await admin.post("/apiv2/imports/chats.json", { chat: sampleChat({ user_id: 999999 }) });
    expect(unknownUser.status).toBe(422);
    expect(errorBody(unknownUser).details).toHaveProperty("user_id");
    expect(errorBody(unknownUser).description).toContain("999999");
    const unknownAgent = await admin.post("/apiv2/imports/chats.json", { chat: sampleChat({ agent_id: "999998" }) });
    expect(unknownAgent.status).toBe(422);
    expect(errorBody(unknownAgent).description).toContain("999998");
    const notAgent = await admin.post("/apiv2/imports/chats.json", { chat: sampleChat({ agent_id: customer.user.id }) });
    expect(notAgent.status).toBe(422);
    expect(errorBody(notAgent).details).toHaveProperty("agent_id");
    const otherTenantUser = await server.b.createEndUser();
    expect((await admin.post("/apiv2/imports/chats.json", { chat: sampleChat({ user_id: otherTenantUser.user.id }) })).status).toBe(422);
    expect((await agent.client.get("/apiv2/chats.json")).body.count).toBe(before);
  });

  it("import - 422 for malformed fields", async () => {
    const bad = [
      { created_at: "yesterday" },
      { status: "" },
      { agent_id: "agent-7" },
      { messages: "none" },
      { messages: [{ is_read: 2 }] },
      { messages: [{ created_at: "2016-02-31 00:00:00" }] },
    ];
    for (const overrides of bad) {
      const res = await admin.post("/apiv2/imports/chats.json", { chat: sampleChat(overrides) });
      expect(res.status, JSON.stringify(overrides)).toBe(422);
    }
    expect((await admin.post("/apiv2/imports/chats.json", sampleChat())).status).toBe(422);
  });

  it("import - through the embedding API, readable over HTTP; agents may not import there either", async () => {
    const chat = await server.a.adminDesk.chats.import({ visitor_id: 42, created_at: 1_300_000_000, messages: [{ msg: "from the host app" }] });
    expect(chat).toMatchObject({ visitor_id: "42", created_at: 1_300_000_000_000, status: "close", type: "chat", started_by: "visitor" });
    const res = await agent.client.get(`/apiv2/chats/${chat.id}.json`);
    expect(res.body.chat).toMatchObject({ created_at: "2011-03-13 07:06:40", messages: [{ msg: "from the host app", created_at: "2011-03-13 07:06:40" }] });
    await expect(server.desk.as(server.a.tenant.id, agent.user).chats.import({})).rejects.toMatchObject({ code: "AUTH_FORBIDDEN" });
  });

  it("import - admins only", async () => {
    expect((await agent.client.post("/apiv2/imports/chats.json", { chat: sampleChat() })).status).toBe(403);
    expect((await customer.client.post("/apiv2/imports/chats.json", { chat: sampleChat() })).status).toBe(403);
  });
});

describe("GET /apiv2/chats", () => {
  let jan1: { id: number };
  let jan2: { id: number };
  let jan31: { id: number };
  let feb1: { id: number };
  let other: TestUser;

  beforeAll(async () => {
    other = await server.a.createEndUser();
    jan1 = await importChat({ visitor_id: "501", user_id: other.user.id, created_at: "2017-01-01 00:00:00" });
    jan2 = await importChat({ visitor_id: 502, user_id: null, created_at: "2017-01-02 12:00:00" });
    jan31 = await importChat({ visitor_id: "501", user_id: other.user.id, created_at: "2017-01-31 23:59:59" });
    feb1 = await importChat({ visitor_id: "503", user_id: other.user.id, created_at: "2017-02-01 00:00:00" });
  });

  it("list - agents get chats by id ascending, each with its messages, paged", async () => {
    const res = await agent.client.get("/apiv2/chats.json?start=2017-01-01&end=2017-12-31");
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["chats", "count", "next_page", "previous_page"]);
    expect(ids(res.body.chats)).toEqual([jan1.id, jan2.id, jan31.id, feb1.id]);
    expect(res.body.chats[0].messages).toHaveLength(2);
    const page = await agent.client.get("/apiv2/chats.json?start=2017-01-01&end=2017-12-31&per_page=2&page=2");
    expect(ids(page.body.chats)).toEqual([jan31.id, feb1.id]);
    expect(page.body.count).toBe(4);
    expect(page.body.next_page).toBeNull();
    expect(page.body.previous_page).toBe("http://a.test/apiv2/chats.json?start=2017-01-01&end=2017-12-31&per_page=2&page=1");
  });

  it("list - filters by visitor_id and user_id", async () => {
    expect(ids((await agent.client.get("/apiv2/chats.json?visitor_id=501")).body.chats)).toEqual([jan1.id, jan31.id]);
    expect(ids((await agent.client.get("/apiv2/chats.json?visitor_id=502")).body.chats)).toEqual([jan2.id]);
    expect(ids((await agent.client.get(`/apiv2/chats.json?user_id=${other.user.id}`)).body.chats)).toEqual([jan1.id, jan31.id, feb1.id]);
    expect(ids((await agent.client.get(`/apiv2/chats.json?user_id=${other.user.id}&visitor_id=503`)).body.chats)).toEqual([feb1.id]);
    expect((await agent.client.get("/apiv2/chats.json?visitor_id=404404")).body).toMatchObject({ chats: [], count: 0 });
  });

  it("list - start and end bound the creation time inclusively; a bare end date covers its whole day", async () => {
    const january = await agent.client.get("/apiv2/chats.json?start=2017-01-01&end=2017-01-31");
    expect(ids(january.body.chats)).toEqual([jan1.id, jan2.id, jan31.id]);
    const exact = await agent.client.get(`/apiv2/chats.json?start=${encodeURIComponent("2017-01-02 12:00:00")}&end=${encodeURIComponent("2017-01-31 23:59:59")}`);
    expect(ids(exact.body.chats)).toEqual([jan2.id, jan31.id]);
    const unix = await agent.client.get(`/apiv2/chats.json?start=${Date.UTC(2017, 1, 1) / 1000}&end=2017-02-01`);
    expect(ids(unix.body.chats)).toEqual([feb1.id]);
    expect(ids((await agent.client.get("/apiv2/chats.json?end=2017-01-01")).body.chats)).toContain(jan1.id);
  });

  it("list - 400 for malformed filters", async () => {
    for (const query of ["start=someday", "end=2017-13-01", "user_id=abc", "user_id=0", "page=0", "per_page=x"]) {
      const res = await agent.client.get(`/apiv2/chats.json?${query}`);
      expect(res.status, query).toBe(400);
      expect(errorBody(res).code).toBe("REQUEST_QUERY_INVALID");
    }
  });

  it("list - end users are forbidden", async () => {
    expect((await customer.client.get("/apiv2/chats.json")).status).toBe(403);
  });
});

describe("GET /apiv2/chats/:id", () => {
  it("get - the chat with its messages for agents and admins; 403 for end users; 404 for unknown ids", async () => {
    const created = await importChat();
    const res = await agent.client.get(`/apiv2/chats/${created.id}.json`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ chat: created });
    expect((await admin.get(`/apiv2/chats/${created.id}.json`)).body).toEqual({ chat: created });
    expect((await customer.client.get(`/apiv2/chats/${created.id}.json`)).status).toBe(403);
    const missing = await agent.client.get("/apiv2/chats/999999.json");
    expect(missing.status).toBe(404);
    expect(errorBody(missing).code).toBe("CHAT_NOT_FOUND");
    expect((await agent.client.get("/apiv2/chats/abc.json")).status).toBe(404);
  });
});

describe("tenant isolation", () => {
  it("tenant b never sees tenant a's chats", async () => {
    const created = await importChat({ visitor_id: "777" });
    const b = server.b.admin.client;
    expect((await b.get(`/apiv2/chats/${created.id}.json`)).status).toBe(404);
    expect((await b.get("/apiv2/chats.json?visitor_id=777")).body).toMatchObject({ chats: [], count: 0 });
    expect(ids((await b.get("/apiv2/chats.json")).body.chats)).not.toContain(created.id);
  });
});
