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

const END_USER_COMMENT_KEYS = ["attachments", "author_id", "content", "created_at", "html_content", "id"];
const AGENT_COMMENT_KEYS = [...END_USER_COMMENT_KEYS, "public"].sort();

async function raise(client: Client, content = "It jams") {
  server.clock.advance(1000);
  const res = await client.post("/apiv2/requests.json", { request: { title: "My printer", comment: { content } } });
  expect(res.status, res.text).toBe(201);
  return res.body.request as { id: number };
}

async function agentComment(ticketId: number, content: string, isPublic: boolean, fields: Record<string, unknown> = {}) {
  server.clock.advance(1000);
  const res = await admin.put(`/apiv2/tickets/${ticketId}.json`, { ticket: { comment: { content, public: isPublic }, ...fields } });
  expect(res.status, res.text).toBe(200);
  return res.body.ticket;
}

const reply = (client: Client, id: number, content: string, more: Record<string, unknown> = {}) =>
  client.put(`/apiv2/requests/${id}.json`, { request: { comment: { content }, ...more } });

describe("PUT /apiv2/requests/:id", () => {
  it("reply - adds a public comment by the caller; a pending or solved request reopens", async () => {
    const endUser = await server.a.createEndUser();
    for (const status of ["pending", "solved"]) {
      const request = await raise(endUser.client);
      await agentComment(request.id, "Did you try turning it off?", true, { status, assignee_id: agent.user.id });
      server.clock.advance(1000);
      const res = await reply(endUser.client, request.id, "Yes, still broken");
      expect(res.status, res.text).toBe(200);
      expect(Object.keys(res.body)).toEqual(["request"]);
      expect(res.body.request).toMatchObject({ id: request.id, status: "open", url: `http://a.test/apiv2/requests/${request.id}.json` });
      const comments = (await admin.get(`/apiv2/tickets/${request.id}/comments.json`)).body.comments;
      expect(comments.at(-1)).toMatchObject({ author_id: endUser.user.id, content: "Yes, still broken", public: true });
      // The requester's activity time that automations read is stamped, as on every write by the requester.
      const stored = await server.storage.tickets.get(server.a.tenant.id, request.id);
      expect(stored?.requester_updated_at).toBe(server.clock.now());
    }
  });

  it("reply - a new or open request keeps its status", async () => {
    const endUser = await server.a.createEndUser();
    const fresh = await raise(endUser.client);
    expect((await reply(endUser.client, fresh.id, "More details")).body.request.status).toBe("new");
    const open = await raise(endUser.client);
    await agentComment(open.id, "Looking", true, { assignee_id: agent.user.id });
    expect((await reply(endUser.client, open.id, "Thanks")).body.request.status).toBe("open");
  });

  it("reply - a closed request is 422 REQUEST_CLOSED and nothing is written", async () => {
    const endUser = await server.a.createEndUser();
    const request = await raise(endUser.client);
    await agentComment(request.id, "Closing", true, { status: "closed", assignee_id: agent.user.id });
    const res = await reply(endUser.client, request.id, "Wait!");
    expect(res.status).toBe(422);
    expect(errorBody(res)).toMatchObject({ error: "RecordInvalid", code: "REQUEST_CLOSED" });
    expect((await endUser.client.get(`/apiv2/requests/${request.id}/comments.json`)).body.comments).toHaveLength(2);
  });

  it("reply - other fields are ignored; a missing comment is 422", async () => {
    const endUser = await server.a.createEndUser();
    const request = await raise(endUser.client);
    const res = await reply(endUser.client, request.id, "Just a note", { title: "Renamed", status: "solved", priority: "urgent" });
    expect(res.body.request).toMatchObject({ title: "My printer", status: "new", priority: null });
    const missing = await endUser.client.put(`/apiv2/requests/${request.id}.json`, { request: { title: "Renamed" } });
    expect(missing.status).toBe(422);
    expect(errorBody(missing).details).toHaveProperty("comment");
  });

  it("reply - triggers run on the reply", async () => {
    const rule = await server.a.adminDesk.triggers.create({
      title: "Tag replies",
      conditions: { all: [{ source: "{ticket}", operator: "is", value: "updated" }, { source: "comment_is_public", operator: "is", value: "1" }] },
      actions: [{ source: "tags", value: "customer_replied" }],
    });
    try {
      const endUser = await server.a.createEndUser();
      const request = await raise(endUser.client);
      await reply(endUser.client, request.id, "Any news?");
      expect((await admin.get(`/apiv2/tickets/${request.id}.json`)).body.ticket.tags).toEqual(["customer_replied"]);
    } finally {
      await server.a.adminDesk.triggers.delete(rule.id);
    }
  });

  it("reply - another user's request is 404", async () => {
    const endUser = await server.a.createEndUser();
    const request = await raise(endUser.client);
    const other = await server.a.createEndUser();
    const res = await reply(other.client, request.id, "Hijack");
    expect(res.status).toBe(404);
    expect(errorBody(res).code).toBe("REQUEST_NOT_FOUND");
    expect((await reply(agent.client, request.id, "As an agent")).status).toBe(404);
  });
});

describe("request comments", () => {
  it("comments - public comments only, oldest first by default, sort_order desc reverses", async () => {
    const endUser = await server.a.createEndUser();
    const request = await raise(endUser.client, "First");
    await agentComment(request.id, "Internal: customer is VIP", false);
    await agentComment(request.id, "Second", true);
    await reply(endUser.client, request.id, "Third");
    const res = await endUser.client.get(`/apiv2/requests/${request.id}/comments.json`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["comments"]);
    expect(res.body.comments.map((c: { content: string }) => c.content)).toEqual(["First", "Second", "Third"]);
    expect(Object.keys(res.body.comments[0]).sort()).toEqual(END_USER_COMMENT_KEYS);
    expect(res.body.comments[0]).toMatchObject({ author_id: endUser.user.id, html_content: "<p>First</p>", attachments: [] });
    expect(res.body.comments[0].created_at).toMatch(API_DATE);
    expect(res.text).not.toContain("VIP");
    const desc = await endUser.client.get(`/apiv2/requests/${request.id}/comments.json?sort_order=desc`);
    expect(desc.body.comments.map((c: { content: string }) => c.content)).toEqual(["Third", "Second", "First"]);
    expect((await endUser.client.get(`/apiv2/requests/${request.id}/comments.json?sort_order=up`)).status).toBe(400);
  });

  it("comments - comments made at the same moment come in id order", async () => {
    const endUser = await server.a.createEndUser();
    const request = await raise(endUser.client, "One");
    for (const content of ["Two", "Three"]) await reply(endUser.client, request.id, content);
    const asc = (await endUser.client.get(`/apiv2/requests/${request.id}/comments.json`)).body.comments;
    expect(asc.map((c: { content: string }) => c.content)).toEqual(["One", "Two", "Three"]);
    expect(asc[1].created_at).toBe(asc[2].created_at);
    const desc = (await endUser.client.get(`/apiv2/requests/${request.id}/comments.json?sort_order=desc`)).body.comments;
    expect(desc.map((c: { content: string }) => c.content)).toEqual(["Three", "Two", "One"]);
  });

  it("comment - one public comment by id; a private one, another request's or an unknown one is 404", async () => {
    const endUser = await server.a.createEndUser();
    const request = await raise(endUser.client, "Hello");
    const otherRequest = await raise(endUser.client, "Elsewhere");
    await agentComment(request.id, "Private note", false);
    const all = (await admin.get(`/apiv2/tickets/${request.id}/comments.json`)).body.comments;
    const [first, hidden] = all as Array<{ id: number }>;
    const res = await endUser.client.get(`/apiv2/requests/${request.id}/comments/${first!.id}.json`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["comment"]);
    expect(Object.keys(res.body.comment).sort()).toEqual(END_USER_COMMENT_KEYS);
    expect(res.body.comment).toMatchObject({ id: first!.id, content: "Hello", author_id: endUser.user.id });
    for (const path of [
      `/apiv2/requests/${request.id}/comments/${hidden!.id}.json`,
      `/apiv2/requests/${otherRequest.id}/comments/${first!.id}.json`,
      `/apiv2/requests/${request.id}/comments/999999.json`,
    ]) {
      const missing = await endUser.client.get(path);
      expect(missing.status, path).toBe(404);
      expect(errorBody(missing).code, path).toBe("COMMENT_NOT_FOUND");
    }
    expect((await endUser.client.get(`/apiv2/requests/${request.id}/comments/0.json`)).status).toBe(404);
  });

  it("comments - another user's request's comments are 404, by list and by id", async () => {
    const owner = await server.a.createEndUser();
    const request = await raise(owner.client);
    const comment = (await owner.client.get(`/apiv2/requests/${request.id}/comments.json`)).body.comments[0];
    const other = await server.a.createEndUser();
    for (const path of [`/apiv2/requests/${request.id}/comments.json`, `/apiv2/requests/${request.id}/comments/${comment.id}.json`]) {
      const res = await other.client.get(path);
      expect(res.status, path).toBe(404);
      expect(errorBody(res).code).toBe("REQUEST_NOT_FOUND");
    }
    const bUser = await server.b.createEndUser();
    expect((await bUser.client.get(`/apiv2/requests/${request.id}/comments/${comment.id}.json`)).status).toBe(404);
  });

  it("html_content - escapes every character of markup, keeps line breaks and paragraphs", async () => {
    const endUser = await server.a.createEndUser();
    const content = `<script>alert("x")</script> & <img src=x onerror='y'>\nline two\n\nparagraph <b>two</b>`;
    const request = await raise(endUser.client, content);
    const [comment] = (await endUser.client.get(`/apiv2/requests/${request.id}/comments.json`)).body.comments;
    expect(comment.content).toBe(content);
    expect(comment.html_content).toBe(
      "<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;img src=x onerror=&#39;y&#39;&gt;<br>line two</p><p>paragraph &lt;b&gt;two&lt;/b&gt;</p>",
    );
  });
});

describe("agent ticket comments", () => {
  it("tickets/:id/comments - public and private comments with the public flag; sort_order", async () => {
    const endUser = await server.a.createEndUser();
    const request = await raise(endUser.client, "From the customer");
    await agentComment(request.id, "Private <note>", false);
    const res = await agent.client.get(`/apiv2/tickets/${request.id}/comments.json`);
    expect(res.status).toBe(200);
    expect(res.body.comments.map((c: { content: string; public: boolean }) => [c.content, c.public])).toEqual([
      ["From the customer", true],
      ["Private <note>", false],
    ]);
    expect(Object.keys(res.body.comments[1]).sort()).toEqual(AGENT_COMMENT_KEYS);
    expect(res.body.comments[1]).toMatchObject({ html_content: "<p>Private &lt;note&gt;</p>", attachments: [], author_id: server.a.admin.user.id });
    const desc = await agent.client.get(`/apiv2/tickets/${request.id}/comments.json?sort_order=desc`);
    expect(desc.body.comments.map((c: { public: boolean }) => c.public)).toEqual([false, true]);
  });

  it("tickets/:ticket_id/comments/:id - one comment, private ones too; 404 for another ticket's", async () => {
    const endUser = await server.a.createEndUser();
    const request = await raise(endUser.client);
    const other = await raise(endUser.client);
    await agentComment(request.id, "Private", false);
    const [, hidden] = (await agent.client.get(`/apiv2/tickets/${request.id}/comments.json`)).body.comments;
    const res = await agent.client.get(`/apiv2/tickets/${request.id}/comments/${hidden.id}.json`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["comment"]);
    expect(res.body.comment).toEqual(hidden);
    const wrong = await agent.client.get(`/apiv2/tickets/${other.id}/comments/${hidden.id}.json`);
    expect(wrong.status).toBe(404);
    expect(errorBody(wrong).code).toBe("COMMENT_NOT_FOUND");
    expect(errorBody(await agent.client.get(`/apiv2/tickets/999999/comments/${hidden.id}.json`)).code).toBe("TICKET_NOT_FOUND");
  });

  it("agent comments - end users are forbidden; restricted agents and other tenants get 404", async () => {
    const endUser = await server.a.createEndUser();
    const request = await raise(endUser.client);
    const [comment] = (await agent.client.get(`/apiv2/tickets/${request.id}/comments.json`)).body.comments;
    const paths = [`/apiv2/tickets/${request.id}/comments.json`, `/apiv2/tickets/${request.id}/comments/${comment.id}.json`];
    const restricted = await server.a.createAgent({ ticket_restriction: "assigned" });
    const bAgent = await server.b.createAgent();
    for (const path of paths) {
      expect((await endUser.client.get(path)).status, path).toBe(403);
      expect(errorBody(await restricted.client.get(path)).code, path).toBe("TICKET_NOT_FOUND");
      expect((await bAgent.client.get(path)).status, path).toBe(404);
    }
  });
});
