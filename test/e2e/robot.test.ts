import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_DATE, errorBody, startTestServer, type Client, type TestServer, type TestUser } from "../support/server";

let server: TestServer;
let admin: Client;
let agent: TestUser;
let endUser: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = server.a.admin.client;
  agent = await server.a.createAgent();
  endUser = await server.a.createEndUser();
});
afterAll(() => server.close());

const QUESTION_KEYS = ["active", "answer", "category_id", "created_at", "id", "other_titles", "question_category", "remark", "title"];

async function createGroups(client: Client, titles: string[]) {
  const res = await client.post("/apiv2/robot/question_categories.json", { data: titles });
  expect(res.status, res.text).toBe(201);
  return res.body.rows as Array<{ id: number; title: string }>;
}

async function createQuestions(client: Client, data: unknown[]) {
  const res = await client.post("/apiv2/robot/questions.json", { data });
  expect(res.status, res.text).toBe(201);
  return res.body.rows as Array<Record<string, any>>;
}

describe("chat-bot question groups", () => {
  it("create - 201 with the created groups under rows, in order", async () => {
    const res = await agent.client.post("/apiv2/robot/question_categories.json", { data: ["Accounts", "Orders"] });
    expect(res.status).toBe(201);
    expect(res.body.rows).toEqual([
      { id: expect.any(Number), title: "Accounts" },
      { id: expect.any(Number), title: "Orders" },
    ]);
  });

  it("create - 422 naming the element, writing none; a body without an array under data is 422", async () => {
    const before = (await admin.get("/apiv2/robot/question_categories.json")).body.count;
    const res = await admin.post("/apiv2/robot/question_categories.json", { data: ["Fine", " ", 7] });
    expect(res.status).toBe(422);
    expect(Object.keys(errorBody(res).details!).sort()).toEqual(["data[1]", "data[2]"]);
    expect((await admin.get("/apiv2/robot/question_categories.json")).body.count).toBe(before);
    expect(errorBody(await admin.post("/apiv2/robot/question_categories.json", { data: "Solo" })).details).toHaveProperty("data");
    expect((await admin.post("/apiv2/robot/question_categories.json", { data: [] })).status).toBe(422);
    expect((await admin.post("/apiv2/robot/question_categories.json", {})).status).toBe(422);
  });

  it("list - rows, count and page links with page and per_page", async () => {
    await createGroups(admin, ["Paged one", "Paged two", "Paged three"]);
    const res = await agent.client.get("/apiv2/robot/question_categories.json?per_page=2&page=2");
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["count", "next_page", "previous_page", "rows"]);
    expect(res.body.rows).toHaveLength(2);
    expect(res.body.count).toBeGreaterThanOrEqual(5);
    expect(res.body.previous_page).toBe("http://a.test/apiv2/robot/question_categories.json?per_page=2&page=1");
    expect(res.body.next_page).toBe("http://a.test/apiv2/robot/question_categories.json?per_page=2&page=3");
    expect((await agent.client.get("/apiv2/robot/question_categories.json?page=0")).status).toBe(400);
  });

  it("update - 200 with the renamed group; 404 for an unknown one; 422 without a title", async () => {
    const [group] = await createGroups(admin, ["Before"]);
    const res = await agent.client.put(`/apiv2/robot/question_categories/${group!.id}.json`, { data: { title: "After" } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ question_category: { id: group!.id, title: "After" } });
    expect((await admin.put("/apiv2/robot/question_categories/999999.json", { data: { title: "X" } })).status).toBe(404);
    const invalid = await admin.put(`/apiv2/robot/question_categories/${group!.id}.json`, { data: {} });
    expect(invalid.status).toBe(422);
    expect(errorBody(invalid).details).toHaveProperty("data.title");
  });

  it("delete - ids in the body; all or nothing; a group that still holds questions is refused with 422", async () => {
    const [empty, full, other] = await createGroups(admin, ["Empty", "Full", "Other"]);
    await createQuestions(admin, [{ category_id: full!.id, title: "Kept", answer: "Yes" }]);
    const unknown = await admin.delete("/apiv2/robot/question_categories.json", { body: { ids: [empty!.id, 999999] } });
    expect(unknown.status).toBe(404);
    expect(errorBody(unknown).code).toBe("BOT_QUESTION_GROUP_NOT_FOUND");
    const notEmpty = await admin.delete("/apiv2/robot/question_categories.json", { body: { ids: [empty!.id, full!.id] } });
    expect(notEmpty.status).toBe(422);
    expect(errorBody(notEmpty).code).toBe("BOT_QUESTION_GROUP_NOT_EMPTY");
    const ok = await agent.client.delete("/apiv2/robot/question_categories.json", { body: { ids: [empty!.id, other!.id] } });
    expect(ok.status).toBe(200);
    expect(ok.text).toBe("");
    const ids = (await admin.get("/apiv2/robot/question_categories.json")).body.rows.map((g: { id: number }) => g.id);
    expect(ids).toContain(full!.id);
    expect(ids).not.toContain(empty!.id);
    expect((await admin.delete("/apiv2/robot/question_categories.json")).status).toBe(422);
    expect((await admin.delete("/apiv2/robot/question_categories.json", { body: { ids: [] } })).status).toBe(422);
  });
});

describe("chat-bot questions", () => {
  it("create - 201 with every created question under rows; other titles, active 0/1 or boolean, the group expanded", async () => {
    const [group] = await createGroups(admin, ["Passwords"]);
    const rows = await createQuestions(agent.client, [
      { category_id: group!.id, title: "How do I reset my password?", answer: "Use the link.", other_titles: ["Forgot password"], active: 0, remark: "FAQ" },
      { category_id: group!.id, title: "Change password", answer: "In your profile.", active: true },
      { category_id: group!.id, title: "Password rules", answer: "Eight characters." },
    ]);
    expect(rows).toHaveLength(3);
    expect(Object.keys(rows[0]!).sort()).toEqual(QUESTION_KEYS);
    expect(rows[0]).toMatchObject({
      category_id: group!.id,
      title: "How do I reset my password?",
      other_titles: ["Forgot password"],
      answer: "Use the link.",
      active: 0,
      remark: "FAQ",
      question_category: { id: group!.id, title: "Passwords" },
    });
    expect(rows[0]!.created_at).toMatch(API_DATE);
    expect(rows[1]).toMatchObject({ active: 1, other_titles: [], remark: "" });
    expect(rows[2]!.active).toBe(1);
  });

  it("create - 422 naming data[i].field for missing fields and unknown groups, writing nothing", async () => {
    const [group] = await createGroups(admin, ["Validation"]);
    const res = await admin.post("/apiv2/robot/questions.json", {
      data: [
        { category_id: group!.id, title: "Good", answer: "Fine" },
        { category_id: group!.id, answer: "No title" },
        { category_id: group!.id, title: "  ", answer: "Blank title", active: 2 },
      ],
    });
    expect(res.status).toBe(422);
    const details = errorBody(res).details!;
    expect(Object.keys(details).sort()).toEqual(["data[1].title", "data[2].active", "data[2].title"]);
    const foreign = (await createGroups(server.b.admin.client, ["B's"]))[0]!;
    const unknown = await admin.post("/apiv2/robot/questions.json", {
      data: [
        { category_id: group!.id, title: "Good", answer: "Fine" },
        { category_id: foreign.id, title: "Other tenant's group", answer: "No" },
        { category_id: 999999, title: "No group", answer: "No" },
      ],
    });
    expect(unknown.status).toBe(422);
    expect(Object.keys(errorBody(unknown).details!).sort()).toEqual(["data[1].category_id", "data[2].category_id"]);
    const listed = await admin.get(`/apiv2/robot/questions.json?category_id=${group!.id}`);
    expect(listed.body.count).toBe(0);
  });

  it("list - rows by id, filtered by category_id, paged", async () => {
    const [one, two] = await createGroups(admin, ["List one", "List two"]);
    const made = await createQuestions(admin, [
      { category_id: one!.id, title: "A", answer: "a" },
      { category_id: two!.id, title: "B", answer: "b" },
      { category_id: one!.id, title: "C", answer: "c" },
    ]);
    const filtered = await agent.client.get(`/apiv2/robot/questions.json?category_id=${one!.id}&per_page=1`);
    expect(filtered.status).toBe(200);
    expect(Object.keys(filtered.body).sort()).toEqual(["count", "next_page", "previous_page", "rows"]);
    expect(filtered.body.rows).toEqual([made[0]]);
    expect(filtered.body.count).toBe(2);
    expect(filtered.body.next_page).toBe(`http://a.test/apiv2/robot/questions.json?category_id=${one!.id}&per_page=1&page=2`);
    expect(filtered.body.previous_page).toBeNull();
    const page2 = await agent.client.get(filtered.body.next_page.replace("http://a.test", ""));
    expect(page2.body.rows).toEqual([made[2]]);
    expect((await agent.client.get("/apiv2/robot/questions.json?category_id=abc")).status).toBe(400);
  });

  it("update - 200 with the question; the required fields again; 404 and 422", async () => {
    const [group, moved] = await createGroups(admin, ["Update", "Moved"]);
    const [question] = await createQuestions(admin, [{ category_id: group!.id, title: "Old", answer: "old", other_titles: ["x"] }]);
    const res = await agent.client.put(`/apiv2/robot/questions/${question!.id}.json`, {
      data: { category_id: moved!.id, title: "New", answer: "new", active: false },
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["question"]);
    expect(res.body.question).toEqual({
      ...question,
      category_id: moved!.id,
      title: "New",
      answer: "new",
      active: 0,
      question_category: { id: moved!.id, title: "Moved" },
    });
    const missing = await admin.put(`/apiv2/robot/questions/${question!.id}.json`, { data: { title: "No answer" } });
    expect(missing.status).toBe(422);
    expect(Object.keys(errorBody(missing).details!).sort()).toEqual(["data.answer", "data.category_id"]);
    const badGroup = await admin.put(`/apiv2/robot/questions/${question!.id}.json`, { data: { category_id: 999999, title: "T", answer: "A" } });
    expect(errorBody(badGroup).details).toHaveProperty("data.category_id");
    expect((await admin.put("/apiv2/robot/questions/999999.json", { data: { category_id: group!.id, title: "T", answer: "A" } })).status).toBe(404);
    expect((await admin.put(`/apiv2/robot/questions/${question!.id}.json`, { data: [] })).status).toBe(422);
  });

  it("delete - ids in the body of the DELETE; all or nothing", async () => {
    const [group] = await createGroups(admin, ["Delete"]);
    const [q1, q2] = await createQuestions(admin, [
      { category_id: group!.id, title: "One", answer: "1" },
      { category_id: group!.id, title: "Two", answer: "2" },
    ]);
    const unknown = await admin.delete("/apiv2/robot/questions.json", { body: { ids: [q1!.id, 999999] } });
    expect(unknown.status).toBe(404);
    expect(errorBody(unknown).code).toBe("BOT_QUESTION_NOT_FOUND");
    const ok = await agent.client.delete("/apiv2/robot/questions.json", { body: { ids: [q1!.id] } });
    expect(ok.status).toBe(200);
    expect(ok.text).toBe("");
    const left = await admin.get(`/apiv2/robot/questions.json?category_id=${group!.id}`);
    expect(left.body.rows.map((q: { id: number }) => q.id)).toEqual([q2!.id]);
    expect(errorBody(await admin.delete("/apiv2/robot/questions.json", { body: { ids: "1,2" } })).details).toHaveProperty("ids");
    const typed = await admin.delete("/apiv2/robot/questions.json", { body: { ids: [0, "x"] } });
    expect(typed.status).toBe(422);
  });
});

describe("chat-bot bank permissions and tenancy", () => {
  it("roles - end users get 403 on every bank route; agents and admins may use them", async () => {
    const routes: Array<[string, string, unknown?]> = [
      ["GET", "/apiv2/robot/questions.json"],
      ["POST", "/apiv2/robot/questions.json", { data: [{ category_id: 1, title: "t", answer: "a" }] }],
      ["PUT", "/apiv2/robot/questions/1.json", { data: { category_id: 1, title: "t", answer: "a" } }],
      ["DELETE", "/apiv2/robot/questions.json", { ids: [1] }],
      ["GET", "/apiv2/robot/question_categories.json"],
      ["POST", "/apiv2/robot/question_categories.json", { data: ["x"] }],
      ["PUT", "/apiv2/robot/question_categories/1.json", { data: { title: "x" } }],
      ["DELETE", "/apiv2/robot/question_categories.json", { ids: [1] }],
    ];
    for (const [method, path, body] of routes) {
      const res = await endUser.client.request(method, path, body === undefined ? {} : { body });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    expect((await server.a.clientFor(null).get("/apiv2/robot/questions.json")).status).toBe(401);
  });

  it("tenancy - tenant b never sees or changes tenant a's bank", async () => {
    const [group] = await createGroups(admin, ["A's own"]);
    const [question] = await createQuestions(admin, [{ category_id: group!.id, title: "Tenant a's question", answer: "a" }]);
    const b = server.b.admin.client;
    expect((await b.get(`/apiv2/robot/questions.json?category_id=${group!.id}`)).body.count).toBe(0);
    expect((await b.get("/apiv2/robot/question_categories.json")).body.rows.map((g: { id: number }) => g.id)).not.toContain(group!.id);
    expect((await b.put(`/apiv2/robot/questions/${question!.id}.json`, { data: { category_id: group!.id, title: "x", answer: "x" } })).status).toBe(404);
    expect((await b.put(`/apiv2/robot/question_categories/${group!.id}.json`, { data: { title: "x" } })).status).toBe(404);
    expect((await b.delete("/apiv2/robot/questions.json", { body: { ids: [question!.id] } })).status).toBe(404);
    expect((await b.delete("/apiv2/robot/question_categories.json", { body: { ids: [group!.id] } })).status).toBe(404);
    expect((await b.get("/apiv2/robot/match.json?query=Tenant%20a's%20question")).body).toEqual({ match: null });
    expect((await admin.get(`/apiv2/robot/questions.json?category_id=${group!.id}`)).body.rows).toEqual([question]);
  });
});

describe("GET /apiv2/robot/match", () => {
  it("match - the best active question by title or other title, with its score; null below the threshold", async () => {
    const m = await server.b.createAgent();
    const [group] = await createGroups(m.client, ["Shipping"]);
    const [track, invoice, refund] = await createQuestions(m.client, [
      { category_id: group!.id, title: "Where is my parcel?", answer: "Track it here.", other_titles: ["Track my order"] },
      { category_id: group!.id, title: "Where is my invoice?", answer: "Inactive.", active: 0 },
      { category_id: group!.id, title: "怎么申请退款", answer: "退款流程", other_titles: ["我要退款"] },
    ]);
    const exact = await m.client.get(`/apiv2/robot/match.json?query=${encodeURIComponent("  TRACK my ORDER!! ")}`);
    expect(exact.status).toBe(200);
    expect(exact.body).toEqual({ match: { question: track, score: 1 } });
    const near = await m.client.get(`/apiv2/robot/match.json?query=${encodeURIComponent("where is my parcl")}`);
    expect(near.body.match.question.id).toBe(track!.id);
    expect(near.body.match.score).toBeLessThan(1);
    const cjk = await m.client.get(`/apiv2/robot/match.json?query=${encodeURIComponent("请问怎么申请退款？")}`);
    expect(cjk.body.match.question.id).toBe(refund!.id);
    const inactive = await m.client.get(`/apiv2/robot/match.json?query=${encodeURIComponent("Where is my invoice?")}`);
    expect(inactive.status, inactive.text).toBe(200);
    expect(inactive.body.match?.question.id).not.toBe(invoice!.id);
    expect((await m.client.get("/apiv2/robot/match.json?query=quantum%20chromodynamics")).body).toEqual({ match: null });
  });

  it("match - any signed-in user; end users see only the title, answer and group; the query is required", async () => {
    const customer = await server.b.createEndUser();
    const res = await customer.client.get(`/apiv2/robot/match.json?query=${encodeURIComponent("track my order")}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.match.question).sort()).toEqual(["answer", "id", "question_category", "title"]);
    expect((await customer.client.get("/apiv2/robot/match.json")).status).toBe(400);
    expect((await customer.client.get("/apiv2/robot/match.json?query=%20")).status).toBe(400);
    expect((await server.b.clientFor(null).get("/apiv2/robot/match.json?query=x")).status).toBe(401);
  });
});
