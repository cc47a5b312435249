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
  endUser = await server.a.createEndUser({ name: "Erin Asker" });
});
afterAll(() => server.close());

async function createTopic(title: string, sort?: number) {
  const res = await admin.post("/apiv2/topics.json", { topic: { title, description: `All about ${title}`, ...(sort === undefined ? {} : { sort }) } });
  expect(res.status, res.text).toBe(200);
  return res.body.topic;
}

async function ask(client: Client, topicId: number, title = "How do I reset my password?") {
  const res = await client.post("/apiv2/questions.json", { question: { title, content: "I forgot it.", topic_id: topicId } });
  expect(res.status, res.text).toBe(200);
  return res.body.question;
}

async function comment(client: Client, questionId: number, content: string) {
  const res = await client.put(`/apiv2/questions/${questionId}/comments.json`, { request: { comment: { content } } });
  expect(res.status, res.text).toBe(201);
  return res.body.question_comment;
}

const ids = (items: Array<{ id: number }>) => items.map((item) => item.id);

describe("topics", () => {
  it("POST /topics - 200 with the topic and a Location; admins only; 422 for a bad body", async () => {
    const res = await admin.post("/apiv2/topics.json", { topic: { title: "Accounts", description: "Logins", sort: 2 } });
    expect(res.status).toBe(200);
    const topic = res.body.topic;
    expect(Object.keys(topic).sort()).toEqual(["created_at", "description", "id", "sort", "title", "updated_at", "url"]);
    expect(topic).toMatchObject({ title: "Accounts", description: "Logins", sort: 2, url: `http://a.test/apiv2/topics/${topic.id}.json` });
    expect(topic.created_at).toMatch(API_DATE);
    expect(res.headers.location).toBe(topic.url);

    expect((await agent.client.post("/apiv2/topics.json", { topic: { title: "Mine" } })).status).toBe(403);
    expect((await endUser.client.post("/apiv2/topics.json", { topic: { title: "Mine" } })).status).toBe(403);
    const blank = await admin.post("/apiv2/topics.json", { topic: { title: " " } });
    expect(blank.status).toBe(422);
    expect(errorBody(blank).details).toHaveProperty("title");
    expect((await admin.post("/apiv2/topics.json", { topic: { title: "x", sort: "first" } })).status).toBe(422);
    expect((await admin.post("/apiv2/topics.json", { title: "unwrapped" })).status).toBe(422);
  });

  it("GET /topics - every signed-in user reads them, by sort then id, paged", async () => {
    const late = await createTopic("Late", 50);
    const early = await createTopic("Early", -50);
    const res = await endUser.client.get("/apiv2/topics.json");
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["count", "next_page", "previous_page", "topics"]);
    const order = ids(res.body.topics);
    expect(order[0]).toBe(early.id);
    expect(order.at(-1)).toBe(late.id);
    const paged = await endUser.client.get("/apiv2/topics.json?per_page=1&page=2");
    expect(paged.body.topics).toHaveLength(1);
    expect(paged.body.previous_page).toBe("http://a.test/apiv2/topics.json?per_page=1&page=1");
    expect((await server.a.clientFor(null).get("/apiv2/topics.json")).status).toBe(401);
  });

  it("GET /topics/:id - one topic; 404 for unknown ids", async () => {
    const topic = await createTopic("Fetched");
    const res = await endUser.client.get(`/apiv2/topics/${topic.id}.json`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ topic });
    const missing = await endUser.client.get("/apiv2/topics/999999.json");
    expect(missing.status).toBe(404);
    expect(errorBody(missing).code).toBe("TOPIC_NOT_FOUND");
  });

  it("PUT /topics/:id - admins change the fields given; 404 for unknown ids", async () => {
    const topic = await createTopic("Before", 1);
    server.clock.advance(1000);
    const res = await admin.put(`/apiv2/topics/${topic.id}.json`, { topic: { title: "After", description: null } });
    expect(res.status).toBe(200);
    expect(res.body.topic).toEqual({ ...topic, title: "After", description: null, updated_at: res.body.topic.updated_at });
    expect(res.body.topic.updated_at).not.toBe(topic.updated_at);
    expect((await agent.client.put(`/apiv2/topics/${topic.id}.json`, { topic: { title: "x" } })).status).toBe(403);
    expect((await admin.put("/apiv2/topics/999999.json", { topic: { title: "x" } })).status).toBe(404);
  });

  it("DELETE /topics/:id - removes its questions and their comments; other topics keep theirs", async () => {
    const doomed = await createTopic("Doomed");
    const kept = await createTopic("Kept");
    const question = await ask(endUser.client, doomed.id);
    const reply = await comment(agent.client, question.id, "Try the reset link");
    const keptQuestion = await ask(endUser.client, kept.id);
    await comment(agent.client, keptQuestion.id, "Still here");

    expect((await endUser.client.delete(`/apiv2/topics/${doomed.id}.json`)).status).toBe(403);
    expect((await agent.client.delete(`/apiv2/topics/${doomed.id}.json`)).status).toBe(403);
    const res = await admin.delete(`/apiv2/topics/${doomed.id}.json`);
    expect(res.status).toBe(200);
    expect(res.text).toBe("");
    expect((await admin.get(`/apiv2/topics/${doomed.id}.json`)).status).toBe(404);
    expect((await admin.get(`/apiv2/questions/${question.id}.json`)).status).toBe(404);
    expect((await admin.get(`/apiv2/questions/${question.id}/comments/${reply.id}.json`)).status).toBe(404);
    expect(await server.storage.questionComments.get(server.a.tenant.id, question.id, reply.id)).toBeNull();
    expect((await admin.get(`/apiv2/questions/${keptQuestion.id}/comments.json`)).body.count).toBe(1);
    expect((await admin.delete(`/apiv2/topics/${doomed.id}.json`)).status).toBe(404);
  });
});

describe("questions", () => {
  it("POST /questions - any signed-in user asks: 200, the question, a Location; the caller is the author", async () => {
    const topic = await createTopic("Asking");
    const res = await endUser.client.post("/apiv2/questions.json", { question: { title: "Where is my order?", content: "Ordered Monday.", topic_id: topic.id } });
    expect(res.status).toBe(200);
    const question = res.body.question;
    expect(Object.keys(question).sort()).toEqual(["author_id", "content", "created_at", "id", "title", "topic_id", "updated_at", "url"]);
    expect(question).toMatchObject({ title: "Where is my order?", content: "Ordered Monday.", topic_id: topic.id, author_id: endUser.user.id });
    expect(question.url).toBe(`http://a.test/apiv2/questions/${question.id}.json`);
    expect(res.headers.location).toBe(question.url);
    expect(question.created_at).toMatch(API_DATE);
    expect((await agent.client.post("/apiv2/questions.json", { question: { title: "Agent asks", content: "c", topic_id: topic.id } })).status).toBe(200);
  });

  it("POST /questions - 422 for a missing title or content, and for a topic_id that names no topic of the tenant", async () => {
    const topic = await createTopic("Validated");
    const missing = await endUser.client.post("/apiv2/questions.json", { question: { topic_id: topic.id } });
    expect(missing.status).toBe(422);
    expect(Object.keys(errorBody(missing).details ?? {}).sort()).toEqual(["content", "title"]);
    const unknown = await endUser.client.post("/apiv2/questions.json", { question: { title: "t", content: "c", topic_id: 999999 } });
    expect(unknown.status).toBe(422);
    expect(errorBody(unknown).details).toHaveProperty("topic_id");
    const otherTenantTopic = (await server.b.admin.client.post("/apiv2/topics.json", { topic: { title: "B only" } })).body.topic;
    const foreign = await endUser.client.post("/apiv2/questions.json", { question: { title: "t", content: "c", topic_id: otherTenantTopic.id } });
    expect(foreign.status).toBe(422);
    expect((await endUser.client.post("/apiv2/questions.json", { question: { title: "t", content: "c" } })).status).toBe(422);
  });

  it("GET /questions, /topics/:id/questions, /users/:id/questions - newest first, filtered, paged; 404 for unknown parents", async () => {
    const topic = await createTopic("Listing");
    const asker = await server.a.createEndUser();
    server.clock.advance(1000);
    const older = await ask(asker.client, topic.id, "Older");
    server.clock.advance(1000);
    const newer = await ask(asker.client, topic.id, "Newer");
    const elsewhere = await ask(asker.client, (await createTopic("Elsewhere")).id, "Elsewhere");

    const all = await endUser.client.get("/apiv2/questions.json");
    expect(all.status).toBe(200);
    expect(Object.keys(all.body).sort()).toEqual(["count", "next_page", "previous_page", "questions"]);
    expect(ids(all.body.questions).slice(0, 3)).toEqual([elsewhere.id, newer.id, older.id]);

    const ofTopic = await endUser.client.get(`/apiv2/topics/${topic.id}/questions.json`);
    expect(ofTopic.status).toBe(200);
    expect(ofTopic.body.questions).toEqual([newer, older]);
    expect(ofTopic.body.count).toBe(2);

    const ofUser = await endUser.client.get(`/apiv2/users/${asker.user.id}/questions.json?per_page=2`);
    expect(ofUser.status).toBe(200);
    expect(ids(ofUser.body.questions)).toEqual([elsewhere.id, newer.id]);
    expect(ofUser.body.next_page).toBe(`http://a.test/apiv2/users/${asker.user.id}/questions.json?per_page=2&page=2`);

    expect((await endUser.client.get("/apiv2/topics/999999/questions.json")).status).toBe(404);
    const noUser = await endUser.client.get("/apiv2/users/999999/questions.json");
    expect(noUser.status).toBe(404);
    expect(errorBody(noUser).code).toBe("USER_NOT_FOUND");
    expect((await endUser.client.get("/apiv2/questions.json?page=0")).status).toBe(400);
  });

  it("GET /questions/:id - one question; 404 for unknown ids", async () => {
    const question = await ask(endUser.client, (await createTopic("Read")).id);
    const res = await agent.client.get(`/apiv2/questions/${question.id}.json`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ question });
    const missing = await agent.client.get("/apiv2/questions/999999.json");
    expect(missing.status).toBe(404);
    expect(errorBody(missing).code).toBe("QUESTION_NOT_FOUND");
  });

  it("PUT /questions/:id - admins edit (and may move it to another topic); end users and agents may not", async () => {
    const topic = await createTopic("Edit");
    const target = await createTopic("Target");
    const question = await ask(endUser.client, topic.id);
    expect((await endUser.client.put(`/apiv2/questions/${question.id}.json`, { question: { title: "Mine" } })).status).toBe(403);
    expect((await agent.client.put(`/apiv2/questions/${question.id}.json`, { question: { title: "Mine" } })).status).toBe(403);
    server.clock.advance(1000);
    const res = await admin.put(`/apiv2/questions/${question.id}.json`, { question: { title: "Clearer title", topic_id: target.id } });
    expect(res.status).toBe(200);
    expect(res.body.question).toMatchObject({ id: question.id, title: "Clearer title", topic_id: target.id, author_id: endUser.user.id, content: question.content });
    expect(res.body.question.updated_at).not.toBe(question.updated_at);
    expect((await admin.put(`/apiv2/questions/${question.id}.json`, { question: { topic_id: 999999 } })).status).toBe(422);
    expect((await admin.put("/apiv2/questions/999999.json", { question: { title: "x" } })).status).toBe(404);
  });

  it("DELETE /questions/:id - admins delete it with its comments", async () => {
    const question = await ask(endUser.client, (await createTopic("Delete")).id);
    const reply = await comment(endUser.client, question.id, "bump");
    expect((await endUser.client.delete(`/apiv2/questions/${question.id}.json`)).status).toBe(403);
    expect((await agent.client.delete(`/apiv2/questions/${question.id}.json`)).status).toBe(403);
    const res = await admin.delete(`/apiv2/questions/${question.id}.json`);
    expect(res.status).toBe(200);
    expect(res.text).toBe("");
    expect((await admin.get(`/apiv2/questions/${question.id}.json`)).status).toBe(404);
    expect((await admin.get(`/apiv2/questions/${question.id}/comments/${reply.id}.json`)).status).toBe(404);
    expect(await server.storage.questionComments.get(server.a.tenant.id, question.id, reply.id)).toBeNull();
    expect((await admin.delete(`/apiv2/questions/${question.id}.json`)).status).toBe(404);
  });
});

describe("question comments", () => {
  it("PUT /questions/:id/comments - the spec's request.comment body: 201, question_comment, Location", async () => {
    const question = await ask(endUser.client, (await createTopic("Comments")).id);
    const res = await endUser.client.put(`/apiv2/questions/${question.id}/comments.json`, { request: { comment: { content: "Any news?" } } });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual(["question_comment"]);
    const created = res.body.question_comment;
    expect(Object.keys(created).sort()).toEqual(["author_id", "content", "created_at", "id", "question_id", "url"]);
    expect(created).toMatchObject({ question_id: question.id, content: "Any news?", author_id: endUser.user.id });
    expect(created.url).toBe(`http://a.test/apiv2/questions/${question.id}/comments/${created.id}.json`);
    expect(res.headers.location).toBe(created.url);
    expect(created.created_at).toMatch(API_DATE);
  });

  it("PUT and POST /questions/:id/comments - also take the body under question_comment", async () => {
    const question = await ask(endUser.client, (await createTopic("Shapes")).id);
    const put = await agent.client.put(`/apiv2/questions/${question.id}/comments.json`, { question_comment: { content: "Under its own key" } });
    expect(put.status).toBe(201);
    expect(put.body.question_comment).toMatchObject({ content: "Under its own key", author_id: agent.user.id });
    const post = await endUser.client.post(`/apiv2/questions/${question.id}/comments.json`, { question_comment: { content: "By POST" } });
    expect(post.status).toBe(201);
    expect(post.headers.location).toBe(post.body.question_comment.url);
    const postRequestShape = await endUser.client.post(`/apiv2/questions/${question.id}/comments.json`, { request: { comment: { content: "Both" } } });
    expect(postRequestShape.status).toBe(201);
  });

  it("PUT /questions/:id/comments - 422 for a body of neither shape or an empty content, 404 for an unknown question; nothing is written", async () => {
    const question = await ask(endUser.client, (await createTopic("Bad comments")).id);
    const path = `/apiv2/questions/${question.id}/comments.json`;
    const neither = await endUser.client.put(path, { comment: { content: "x" } });
    expect(neither.status).toBe(422);
    expect(Object.keys(errorBody(neither).details ?? {}).sort()).toEqual(["question_comment", "request.comment"]);
    const noComment = await endUser.client.put(path, { request: { content: "x" } });
    expect(noComment.status).toBe(422);
    expect(errorBody(noComment).details).toHaveProperty(["request.comment"]);
    expect((await endUser.client.put(path, { request: { comment: "x" } })).status).toBe(422);
    const empty = await endUser.client.put(path, { question_comment: { content: "  " } });
    expect(empty.status).toBe(422);
    expect(errorBody(empty).details).toHaveProperty("content");
    expect((await endUser.client.put("/apiv2/questions/999999/comments.json", { question_comment: { content: "x" } })).status).toBe(404);
    expect((await endUser.client.get(path)).body.count).toBe(0);
  });

  it("GET /questions/:id/comments - question_comments oldest first, paged; 404 for an unknown question", async () => {
    const question = await ask(endUser.client, (await createTopic("Thread")).id);
    const first = await comment(endUser.client, question.id, "first");
    server.clock.advance(1000);
    const second = await comment(agent.client, question.id, "second");
    const res = await endUser.client.get(`/apiv2/questions/${question.id}/comments.json`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["count", "next_page", "previous_page", "question_comments"]);
    expect(res.body.question_comments).toEqual([first, second]);
    const paged = await endUser.client.get(`/apiv2/questions/${question.id}/comments.json?per_page=1`);
    expect(paged.body.question_comments).toEqual([first]);
    expect(paged.body.next_page).toBe(`http://a.test/apiv2/questions/${question.id}/comments.json?per_page=1&page=2`);
    expect((await endUser.client.get("/apiv2/questions/999999/comments.json")).status).toBe(404);
  });

  it("GET /questions/:question_id/comments/:id - question_comment; 404 under another question or for unknown ids", async () => {
    const topic = await createTopic("Single");
    const question = await ask(endUser.client, topic.id);
    const other = await ask(endUser.client, topic.id);
    const created = await comment(endUser.client, question.id, "one");
    const res = await endUser.client.get(`/apiv2/questions/${question.id}/comments/${created.id}.json`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ question_comment: created });
    const elsewhere = await endUser.client.get(`/apiv2/questions/${other.id}/comments/${created.id}.json`);
    expect(elsewhere.status).toBe(404);
    expect(errorBody(elsewhere).code).toBe("QUESTION_COMMENT_NOT_FOUND");
    expect((await endUser.client.get(`/apiv2/questions/${question.id}/comments/999999.json`)).status).toBe(404);
    expect((await endUser.client.get(`/apiv2/questions/999999/comments/${created.id}.json`)).status).toBe(404);
    expect((await endUser.client.get(`/apiv2/questions/0/comments/${created.id}.json`)).status).toBe(404);
    expect((await endUser.client.get(`/apiv2/questions/${question.id}/comments/abc.json`)).status).toBe(404);
  });

  it("end users authenticate with an API token on questions and their comments", async () => {
    const { token } = await server.a.createToken();
    const client = server.a.clientFor({ email: endUser.user.email!, token });
    const question = await ask(client, (await createTopic("Token")).id);
    expect(question.author_id).toBe(endUser.user.id);
    const created = await comment(client, question.id, "by token");
    expect((await client.get(`/apiv2/questions/${question.id}/comments/${created.id}.json`)).status).toBe(200);
  });
});

describe("tenant isolation", () => {
  it("tenant b sees none of tenant a's topics, questions or comments (404), and its lists are its own", async () => {
    const topic = await createTopic("A secret");
    const question = await ask(endUser.client, topic.id);
    const reply = await comment(endUser.client, question.id, "a only");
    const b = server.b.admin.client;
    expect((await b.get(`/apiv2/topics/${topic.id}.json`)).status).toBe(404);
    expect((await b.put(`/apiv2/topics/${topic.id}.json`, { topic: { title: "Hijacked" } })).status).toBe(404);
    expect((await b.delete(`/apiv2/topics/${topic.id}.json`)).status).toBe(404);
    expect((await b.get(`/apiv2/topics/${topic.id}/questions.json`)).status).toBe(404);
    expect((await b.get(`/apiv2/questions/${question.id}.json`)).status).toBe(404);
    expect((await b.put(`/apiv2/questions/${question.id}.json`, { question: { title: "Hijacked" } })).status).toBe(404);
    expect((await b.delete(`/apiv2/questions/${question.id}.json`)).status).toBe(404);
    expect((await b.get(`/apiv2/questions/${question.id}/comments.json`)).status).toBe(404);
    expect((await b.get(`/apiv2/questions/${question.id}/comments/${reply.id}.json`)).status).toBe(404);
    expect((await b.put(`/apiv2/questions/${question.id}/comments.json`, { question_comment: { content: "x" } })).status).toBe(404);
    expect((await b.get(`/apiv2/users/${endUser.user.id}/questions.json`)).status).toBe(404);
    const bTopics = await b.get("/apiv2/topics.json");
    expect(bTopics.body.topics.map((t: { title: string }) => t.title)).not.toContain("A secret");
    expect(ids((await b.get("/apiv2/questions.json")).body.questions)).not.toContain(question.id);
    expect((await admin.get(`/apiv2/questions/${question.id}/comments/${reply.id}.json`)).status).toBe(200);
  });
});
