import { formatApiDate } from "@helpdesk/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { knowledgeBase } from "../support/knowledge-base";
import { errorBody, startTestServer, type Client, type TestResponse, type TestServer, type TestUser } from "../support/server";

// Votes on knowledge-base posts, beyond the spec: POST /posts/{id}/up.json and
// down.json record the caller's vote, DELETE /posts/{id}/vote.json withdraws it.

let server: TestServer;
let admin: Client;
let kb: ReturnType<typeof knowledgeBase>;
let forumId: number;
let staffForumId: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = server.a.admin.client;
  kb = knowledgeBase(admin);
  const categoryId = (await kb.category()).id;
  forumId = (await kb.forum(categoryId)).id;
  staffForumId = (await kb.forum(categoryId, { role_view: "agent" })).id;
});
afterAll(() => server.close());

const vote = (client: Client, postId: number, direction: "up" | "down") => client.post(`/apiv2/posts/${postId}/${direction}.json`);
const withdraw = (client: Client, postId: number) => client.delete(`/apiv2/posts/${postId}/vote.json`);

async function countVote(postId: number): Promise<number> {
  const res = await admin.get(`/apiv2/posts/${postId}.json`);
  expect(res.status, res.text).toBe(200);
  return res.body.post.count_vote as number;
}

const notFound = (res: TestResponse) => [res.status, errorBody(res).code];

describe("voting", () => {
  let ann: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    ann = await server.a.createEndUser();
    bob = await server.a.createEndUser();
  });

  it("POST /posts/{id}/up - 200 with the vote under `vote`, no Location; count_vote grows by one", async () => {
    const post = await kb.post(forumId);
    const res = await vote(ann.client, post.id, "up");
    expect(res.status, res.text).toBe(200);
    expect(res.headers.location).toBeUndefined();
    const now = formatApiDate(server.clock.now());
    expect(res.body).toEqual({ vote: { post_id: post.id, user_id: ann.user.id, value: 1, created_at: now, updated_at: now } });
    expect(await countVote(post.id)).toBe(1);
  });

  it("POST /posts/{id}/down - value -1; count_vote is the sum of every user's votes", async () => {
    const post = await kb.post(forumId);
    expect((await vote(ann.client, post.id, "down")).body.vote).toMatchObject({ value: -1, user_id: ann.user.id });
    expect(await countVote(post.id)).toBe(-1);
    expect((await vote(bob.client, post.id, "down")).status).toBe(200);
    expect((await vote(admin, post.id, "up")).status).toBe(200);
    expect(await countVote(post.id)).toBe(-1);
  });

  it("voting again replaces the vote: the count moves by the difference, created_at stays", async () => {
    const post = await kb.post(forumId);
    const first = formatApiDate(server.clock.now());
    await vote(ann.client, post.id, "up");
    await vote(bob.client, post.id, "up");
    server.clock.advance(60_000);
    const res = await vote(ann.client, post.id, "down");
    expect(res.body.vote).toMatchObject({ value: -1, created_at: first, updated_at: formatApiDate(server.clock.now()) });
    expect(await countVote(post.id)).toBe(0);
  });

  it("one vote per user: the same vote twice counts once", async () => {
    const post = await kb.post(forumId);
    for (let i = 0; i < 3; i++) expect((await vote(ann.client, post.id, "up")).status).toBe(200);
    expect(await countVote(post.id)).toBe(1);
  });

  it("DELETE /posts/{id}/vote - withdraws the caller's vote only (200, empty body); 404 when they have none", async () => {
    const post = await kb.post(forumId);
    await vote(ann.client, post.id, "down");
    await vote(bob.client, post.id, "up");
    await vote(admin, post.id, "up");
    const res = await withdraw(ann.client, post.id);
    expect([res.status, res.text]).toEqual([200, ""]);
    expect(await countVote(post.id)).toBe(2);
    expect(notFound(await withdraw(ann.client, post.id))).toEqual([404, "POST_VOTE_NOT_FOUND"]);
    expect(await countVote(post.id)).toBe(2);
    // A withdrawn vote may be cast again.
    expect((await vote(ann.client, post.id, "up")).status).toBe(200);
    expect(await countVote(post.id)).toBe(3);
  });

  it("every role may vote: end user, agent and admin", async () => {
    const post = await kb.post(forumId);
    const agent = await server.a.createAgent();
    for (const client of [ann.client, agent.client, admin]) expect((await vote(client, post.id, "up")).status).toBe(200);
    expect(await countVote(post.id)).toBe(3);
  });

  it("a deleted post's votes go with it; the vote routes then answer 404", async () => {
    const post = await kb.post(forumId);
    await vote(ann.client, post.id, "up");
    expect((await admin.delete(`/apiv2/posts/${post.id}.json`)).status).toBe(200);
    expect(notFound(await vote(ann.client, post.id, "up"))).toEqual([404, "POST_NOT_FOUND"]);
    expect(notFound(await withdraw(ann.client, post.id))).toEqual([404, "POST_NOT_FOUND"]);
  });
});

describe("what a voter may not reach", () => {
  it("an unknown post - 404 POST_NOT_FOUND on every vote route", async () => {
    for (const res of [await vote(admin, 999_999, "up"), await vote(admin, 999_999, "down"), await withdraw(admin, 999_999)]) {
      expect(notFound(res)).toEqual([404, "POST_NOT_FOUND"]);
    }
  });

  it("hidden posts - 404 for end users (agent-only forum, draft) and nothing counted; agents may vote", async () => {
    const endUser = await server.a.createEndUser();
    const agent = await server.a.createAgent();
    const staff = await kb.post(staffForumId);
    const draft = await kb.post(forumId, { is_draft: true });
    for (const post of [staff, draft]) {
      expect((await vote(agent.client, post.id, "up")).status).toBe(200);
      expect(notFound(await vote(endUser.client, post.id, "up"))).toEqual([404, "POST_NOT_FOUND"]);
      expect(notFound(await vote(endUser.client, post.id, "down"))).toEqual([404, "POST_NOT_FOUND"]);
      expect(notFound(await withdraw(endUser.client, post.id))).toEqual([404, "POST_NOT_FOUND"]);
      expect(await countVote(post.id)).toBe(1);
    }
  });

  it("tenant isolation - tenant b's users get 404 for tenant a's posts and change nothing", async () => {
    const post = await kb.post(forumId);
    await vote(admin, post.id, "up");
    const other = server.b.admin.client;
    expect(notFound(await vote(other, post.id, "down"))).toEqual([404, "POST_NOT_FOUND"]);
    expect(notFound(await withdraw(other, post.id))).toEqual([404, "POST_NOT_FOUND"]);
    expect(await countVote(post.id)).toBe(1);
  });

  it("anonymous callers - 401", async () => {
    const post = await kb.post(forumId);
    const anonymous = server.a.clientFor(null);
    expect((await vote(anonymous, post.id, "up")).status).toBe(401);
    expect((await withdraw(anonymous, post.id)).status).toBe(401);
    expect(await countVote(post.id)).toBe(0);
  });
});
