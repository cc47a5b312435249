import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ids, knowledgeBase } from "../support/knowledge-base";
import { API_DATE, errorBody, startTestServer, type Client, type TestServer, type TestUser } from "../support/server";

let server: TestServer;
let admin: Client;
let agent: TestUser;
let endUser: TestUser;
let kb: ReturnType<typeof knowledgeBase>;

beforeAll(async () => {
  server = await startTestServer();
  admin = server.a.admin.client;
  agent = await server.a.createAgent({ name: "Ada Agent" });
  endUser = await server.a.createEndUser();
  kb = knowledgeBase(admin);
});
afterAll(() => server.close());

const CATEGORY_KEYS = ["content", "created_at", "display_limit", "id", "sort", "title", "updated_at", "url"];
const FORUM_KEYS = ["category_id", "content", "created_at", "id", "role_view", "sort", "title", "updated_at", "url"];
const POST_KEYS = [
  "author_id", "author_name", "content", "count_comments", "count_view", "count_vote", "created_at", "disable_comments",
  "forum_id", "forum_name", "id", "is_dashboard", "is_draft", "is_highlight", "is_home", "is_top", "sort", "tags",
  "title", "updated_at", "uploads", "url",
];
const COMMENT_KEYS = ["author_id", "content", "created_at", "id", "post_id", "updated_at", "url"];

describe("categories", () => {
  it("create - 200 (not 201) with a Location, defaults filled in", async () => {
    const res = await admin.post("/apiv2/categories.json", { category: { title: "Billing" } });
    expect(res.status).toBe(200);
    const category = res.body.category;
    expect(Object.keys(category).sort()).toEqual(CATEGORY_KEYS);
    expect(category).toMatchObject({ title: "Billing", content: "", display_limit: 10, sort: 0 });
    expect(category.url).toBe(`http://a.test/apiv2/categories/${category.id}.json`);
    expect(res.headers.location).toBe(category.url);
    expect(category.created_at).toMatch(API_DATE);
  });

  it("create - 422 for a missing title or a bad display_limit; admins only", async () => {
    for (const fields of [{}, { title: "x", display_limit: -1 }, { title: "x", sort: 1.5 }]) {
      expect((await admin.post("/apiv2/categories.json", { category: fields })).status).toBe(422);
    }
    expect((await agent.client.post("/apiv2/categories.json", { category: { title: "x" } })).status).toBe(403);
    expect((await endUser.client.post("/apiv2/categories.json", { category: { title: "x" } })).status).toBe(403);
  });

  it("list and get - every signed-in user reads them, by sort then id; 404 for unknown ids", async () => {
    const later = await kb.category({ title: "Later", sort: 1000 });
    const first = await kb.category({ title: "First", sort: -1000 });
    const res = await endUser.client.get("/apiv2/categories.json");
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["categories", "count", "next_page", "previous_page"]);
    const listed = ids(res.body.categories);
    expect(listed[0]).toBe(first.id);
    expect(listed.at(-1)).toBe(later.id);
    expect((await endUser.client.get(`/apiv2/categories/${first.id}.json`)).body).toEqual({ category: first });
    const missing = await endUser.client.get("/apiv2/categories/999999.json");
    expect([missing.status, errorBody(missing).code]).toEqual([404, "CATEGORY_NOT_FOUND"]);
  });

  it("update - admins change the fields given", async () => {
    const category = await kb.category({ content: "Keep" });
    server.clock.advance(1000);
    const res = await admin.put(`/apiv2/categories/${category.id}.json`, { category: { title: "Renamed", display_limit: 3 } });
    expect(res.status).toBe(200);
    expect(res.body.category).toMatchObject({ title: "Renamed", display_limit: 3, content: "Keep" });
    expect(res.body.category.updated_at).not.toBe(category.updated_at);
    expect((await agent.client.put(`/apiv2/categories/${category.id}.json`, { category: { title: "x" } })).status).toBe(403);
    expect((await admin.put("/apiv2/categories/999999.json", { category: { title: "x" } })).status).toBe(404);
  });

  it("delete - takes its forums, their posts and comments with it", async () => {
    const category = await kb.category();
    const forum = await kb.forum(category.id);
    const post = await kb.post(forum.id, { title: "Cascadeword" });
    const comment = await kb.comment(endUser.client, post.id);
    expect((await agent.client.delete(`/apiv2/categories/${category.id}.json`)).status).toBe(403);
    const res = await admin.delete(`/apiv2/categories/${category.id}.json`);
    expect([res.status, res.text]).toEqual([200, ""]);
    for (const path of [`/apiv2/categories/${category.id}`, `/apiv2/forums/${forum.id}`, `/apiv2/posts/${post.id}`, `/apiv2/posts/${post.id}/comments/${comment.id}`]) {
      expect((await admin.get(`${path}.json`)).status, path).toBe(404);
    }
    expect((await admin.get("/apiv2/posts/search.json?query=cascadeword")).body.posts).toEqual([]);
    expect((await admin.delete(`/apiv2/categories/${category.id}.json`)).status).toBe(404);
  });
});

describe("forums", () => {
  it("create - 200 with a Location; role_view defaults to all; the category must exist", async () => {
    const category = await kb.category();
    const res = await admin.post("/apiv2/forums.json", { forum: { title: "Printers", category_id: category.id, sort: 2 } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.forum).sort()).toEqual(FORUM_KEYS);
    expect(res.body.forum).toMatchObject({ title: "Printers", category_id: category.id, role_view: "all", sort: 2, content: "" });
    expect(res.headers.location).toBe(`http://a.test/apiv2/forums/${res.body.forum.id}.json`);
    for (const [fields, field] of [
      [{ title: "x", category_id: 999999 }, "category_id"],
      [{ title: "x", category_id: category.id, role_view: "everyone" }, "role_view"],
      [{ category_id: category.id }, "title"],
    ] as const) {
      const bad = await admin.post("/apiv2/forums.json", { forum: fields });
      expect(bad.status).toBe(422);
      expect(errorBody(bad).details).toHaveProperty(field);
    }
    expect((await agent.client.post("/apiv2/forums.json", { forum: { title: "x", category_id: category.id } })).status).toBe(403);
  });

  it("list - all forums and a category's forums, by sort then id; 404 for an unknown category", async () => {
    const category = await kb.category();
    const b = await kb.forum(category.id, { sort: 5 });
    const a = await kb.forum(category.id, { sort: 1 });
    const c = await kb.forum(category.id, { sort: 5 });
    const ofCategory = await endUser.client.get(`/apiv2/categories/${category.id}/forums.json`);
    expect(ofCategory.status).toBe(200);
    expect(ids(ofCategory.body.forums)).toEqual([a.id, b.id, c.id]);
    expect(ofCategory.body.count).toBe(3);
    const all = await endUser.client.get("/apiv2/forums.json?per_page=100");
    expect(ids(all.body.forums)).toEqual(expect.arrayContaining([a.id, b.id, c.id]));
    expect((await endUser.client.get("/apiv2/categories/999999/forums.json")).status).toBe(404);
    expect((await endUser.client.get(`/apiv2/forums/${a.id}.json`)).body).toEqual({ forum: a });
  });

  it("update and delete - admins only; a delete takes the forum's posts and comments", async () => {
    const category = await kb.category();
    const other = await kb.category();
    const forum = await kb.forum(category.id);
    const updated = await admin.put(`/apiv2/forums/${forum.id}.json`, { forum: { category_id: other.id, role_view: "logged_in" } });
    expect(updated.status).toBe(200);
    expect(updated.body.forum).toMatchObject({ category_id: other.id, role_view: "logged_in", title: forum.title });
    expect((await admin.put(`/apiv2/forums/${forum.id}.json`, { forum: { category_id: 999999 } })).status).toBe(422);
    expect((await agent.client.put(`/apiv2/forums/${forum.id}.json`, { forum: { title: "x" } })).status).toBe(403);
    const post = await kb.post(forum.id);
    const comment = await kb.comment(endUser.client, post.id);
    expect((await agent.client.delete(`/apiv2/forums/${forum.id}.json`)).status).toBe(403);
    expect((await admin.delete(`/apiv2/forums/${forum.id}.json`)).status).toBe(200);
    expect((await admin.get(`/apiv2/posts/${post.id}.json`)).status).toBe(404);
    expect((await admin.get(`/apiv2/posts/${post.id}/comments/${comment.id}.json`)).status).toBe(404);
    expect((await admin.get(`/apiv2/categories/${other.id}.json`)).status).toBe(200);
  });
});

describe("posts", () => {
  let forum: { id: number; title: string };
  beforeAll(async () => {
    forum = await kb.forum((await kb.category()).id, { title: "Guides" });
  });

  it("create - 200 with a Location; author is the caller; names read from the forum and author; no uploads yet", async () => {
    const res = await admin.post("/apiv2/posts.json", {
      post: { title: "Hello", content: "World", forum_id: forum.id, is_top: true, tags: ["Getting Started"], count_view: 99 },
    });
    expect(res.status).toBe(200);
    const post = res.body.post;
    expect(Object.keys(post).sort()).toEqual(POST_KEYS);
    expect(post).toMatchObject({
      title: "Hello",
      content: "World",
      forum_id: forum.id,
      forum_name: "Guides",
      author_id: server.a.admin.user.id,
      author_name: server.a.admin.user.name,
      is_top: true,
      is_draft: false,
      tags: ["getting_started"],
      uploads: [],
      count_view: 0,
      count_comments: 0,
      count_vote: 0,
    });
    expect(res.headers.location).toBe(`http://a.test/apiv2/posts/${post.id}.json`);
    expect(post.updated_at).toMatch(API_DATE);
  });

  it("create - author_id names an agent; created_at may be given; 422 for an unknown forum or a non-agent author", async () => {
    const post = await kb.post(forum.id, { author_id: agent.user.id, created_at: "2020-01-02 03:04:05" });
    expect(post).toMatchObject({ author_id: agent.user.id, author_name: "Ada Agent", created_at: "2020-01-02 03:04:05" });
    for (const [fields, field] of [
      [{ title: "x", forum_id: 999999 }, "forum_id"],
      [{ title: "x" }, "forum_id"],
      [{ title: "x", forum_id: forum.id, author_id: endUser.user.id }, "author_id"],
      [{ title: "x", forum_id: forum.id, uploads: "tok" }, "uploads"],
    ] as const) {
      const bad = await admin.post("/apiv2/posts.json", { post: fields });
      expect(bad.status).toBe(422);
      expect(errorBody(bad).details).toHaveProperty(field);
    }
    expect((await agent.client.post("/apiv2/posts.json", { post: { title: "x", forum_id: forum.id } })).status).toBe(403);
  });

  it("get - answers under post and posts, and every read counts a view", async () => {
    const post = await kb.post(forum.id);
    const first = await endUser.client.get(`/apiv2/posts/${post.id}.json`);
    expect(first.status).toBe(200);
    expect(first.body.posts).toEqual(first.body.post);
    expect(first.body.post.count_view).toBe(1);
    await Promise.all([1, 2, 3].map(() => agent.client.get(`/apiv2/posts/${post.id}.json`)));
    expect((await admin.get(`/apiv2/posts/${post.id}.json`)).body.post.count_view).toBe(5);
    expect((await admin.get(`/apiv2/posts/show_many.json?ids=${post.id}`)).body.posts[0].count_view).toBe(5);
    expect((await admin.get("/apiv2/posts/999999.json")).status).toBe(404);
  });

  it("update - admins change the fields given; delete takes the comments", async () => {
    const post = await kb.post(forum.id, { title: "Before" });
    const comment = await kb.comment(endUser.client, post.id);
    const res = await admin.put(`/apiv2/posts/${post.id}.json`, { post: { title: "After", disable_comments: true, count_comments: 50 } });
    expect(res.status).toBe(200);
    expect(res.body.post).toMatchObject({ title: "After", disable_comments: true, count_comments: 1, content: "Body" });
    expect((await agent.client.put(`/apiv2/posts/${post.id}.json`, { post: { title: "x" } })).status).toBe(403);
    expect((await admin.put(`/apiv2/posts/${post.id}.json`, { post: { forum_id: 999999 } })).status).toBe(422);
    expect((await admin.put("/apiv2/posts/999999.json", { post: { title: "x" } })).status).toBe(404);
    expect((await agent.client.delete(`/apiv2/posts/${post.id}.json`)).status).toBe(403);
    expect((await admin.delete(`/apiv2/posts/${post.id}.json`)).status).toBe(200);
    expect((await admin.get(`/apiv2/posts/${post.id}/comments/${comment.id}.json`)).status).toBe(404);
    expect((await admin.delete(`/apiv2/posts/${post.id}.json`)).status).toBe(404);
  });

  it("drafts - listed at posts/draft for agents only, never in the published lists, readable by agents alone", async () => {
    const own = await kb.forum((await kb.category()).id);
    const draft = await kb.post(own.id, { is_draft: true, title: "Draftword" });
    const published = await kb.post(own.id);
    const drafts = await agent.client.get("/apiv2/posts/draft.json?per_page=100");
    expect(drafts.status).toBe(200);
    expect(ids(drafts.body.posts)).toContain(draft.id);
    expect(ids(drafts.body.posts)).not.toContain(published.id);
    expect((await endUser.client.get("/apiv2/posts/draft.json")).status).toBe(403);
    expect(ids((await agent.client.get(`/apiv2/forums/${own.id}/posts.json`)).body.posts)).toEqual([published.id]);
    expect((await agent.client.get("/apiv2/posts/search.json?query=draftword")).body.posts).toEqual([]);
    expect((await agent.client.get(`/apiv2/posts/${draft.id}.json`)).status).toBe(200);
    expect(ids((await agent.client.get(`/apiv2/posts/show_many.json?ids=${draft.id}`)).body.posts)).toEqual([draft.id]);
    expect((await endUser.client.get(`/apiv2/posts/${draft.id}.json`)).status).toBe(404);
    expect((await endUser.client.get(`/apiv2/posts/show_many.json?ids=${draft.id}`)).body.posts).toEqual([]);
    expect((await endUser.client.post(`/apiv2/posts/${draft.id}/comments.json`, { post_comment: { content: "x" } })).status).toBe(404);
  });

  it("users/:id/posts - the published posts that user wrote; 404 for an unknown user", async () => {
    const author = await server.a.createAgent();
    const mine = await kb.post(forum.id, { author_id: author.user.id });
    await kb.post(forum.id, { author_id: author.user.id, is_draft: true });
    const res = await endUser.client.get(`/apiv2/users/${author.user.id}/posts.json`);
    expect(res.status).toBe(200);
    expect(ids(res.body.posts)).toEqual([mine.id]);
    expect((await endUser.client.get("/apiv2/users/999999/posts.json")).status).toBe(404);
  });
});

describe("post comments", () => {
  let post: { id: number };
  beforeAll(async () => {
    post = await kb.post((await kb.forum((await kb.category()).id)).id);
  });

  it("create - 201 with post_comment and a Location; any signed-in user; counts on the post", async () => {
    const res = await endUser.client.post(`/apiv2/posts/${post.id}/comments.json`, { post_comment: { content: "Very helpful" } });
    expect(res.status).toBe(201);
    const comment = res.body.post_comment;
    expect(Object.keys(comment).sort()).toEqual(COMMENT_KEYS);
    expect(comment).toMatchObject({ post_id: post.id, content: "Very helpful", author_id: endUser.user.id });
    expect(comment.url).toBe(`http://a.test/apiv2/posts/${post.id}/comments/${comment.id}.json`);
    expect(res.headers.location).toBe(comment.url);
    expect((await endUser.client.get(`/apiv2/posts/${post.id}/comments/${comment.id}.json`)).body).toEqual({ comment });
    expect((await admin.get(`/apiv2/posts/show_many.json?ids=${post.id}`)).body.posts[0].count_comments).toBe(1);
    for (const body of [{ post_comment: { content: "  " } }, { post_comment: {} }, { comment: { content: "x" } }]) {
      expect((await endUser.client.post(`/apiv2/posts/${post.id}/comments.json`, body)).status).toBe(422);
    }
    expect((await endUser.client.post("/apiv2/posts/999999/comments.json", { post_comment: { content: "x" } })).status).toBe(404);
  });

  it("list - by id descending unless sort_order=asc; paged; 400 for another sort_order", async () => {
    const own = await kb.post((await kb.forum((await kb.category()).id)).id);
    const made = [];
    for (const content of ["one", "two", "three"]) made.push(await kb.comment(agent.client, own.id, content));
    const desc = await endUser.client.get(`/apiv2/posts/${own.id}/comments.json`);
    expect(desc.status).toBe(200);
    expect(Object.keys(desc.body).sort()).toEqual(["comments", "count", "next_page", "previous_page"]);
    expect(ids(desc.body.comments)).toEqual(ids(made).reverse());
    expect(ids((await endUser.client.get(`/apiv2/posts/${own.id}/comments.json?sort_order=asc`)).body.comments)).toEqual(ids(made));
    expect(ids((await endUser.client.get(`/apiv2/posts/${own.id}/comments.json?sort_order=asc&per_page=1&page=2`)).body.comments)).toEqual([made[1].id]);
    expect((await endUser.client.get(`/apiv2/posts/${own.id}/comments.json?sort_order=up`)).status).toBe(400);
    expect((await endUser.client.get(`/apiv2/posts/${post.id}/comments/${made[0].id}.json`)).status).toBe(404);
  });

  it("disable_comments - adding a comment is a 422; reading still works", async () => {
    const closed = await kb.post((await kb.forum((await kb.category()).id)).id);
    const comment = await kb.comment(endUser.client, closed.id);
    await admin.put(`/apiv2/posts/${closed.id}.json`, { post: { disable_comments: true } });
    const res = await endUser.client.post(`/apiv2/posts/${closed.id}/comments.json`, { post_comment: { content: "Late" } });
    expect([res.status, errorBody(res).code]).toEqual([422, "POST_COMMENTS_DISABLED"]);
    expect((await admin.post(`/apiv2/posts/${closed.id}/comments.json`, { post_comment: { content: "Late" } })).status).toBe(422);
    expect(ids((await endUser.client.get(`/apiv2/posts/${closed.id}/comments.json`)).body.comments)).toEqual([comment.id]);
  });

  it("delete - admins only (beyond the spec); count_comments follows", async () => {
    const own = await kb.post((await kb.forum((await kb.category()).id)).id);
    const comment = await kb.comment(endUser.client, own.id);
    await kb.comment(endUser.client, own.id);
    expect((await endUser.client.delete(`/apiv2/posts/${own.id}/comments/${comment.id}.json`)).status).toBe(403);
    expect((await admin.delete(`/apiv2/posts/${own.id}/comments/${comment.id}.json`)).status).toBe(200);
    expect((await admin.delete(`/apiv2/posts/${own.id}/comments/${comment.id}.json`)).status).toBe(404);
    expect((await admin.get(`/apiv2/posts/${own.id}.json`)).body.post.count_comments).toBe(1);
  });
});

describe("tenant isolation", () => {
  it("tenant B never sees tenant A's knowledge base: 404s and empty lists", async () => {
    const category = await kb.category();
    const forum = await kb.forum(category.id);
    const post = await kb.post(forum.id, { title: "Isolationword" });
    const comment = await kb.comment(endUser.client, post.id);
    const b = server.b.admin.client;
    for (const path of [
      `/apiv2/categories/${category.id}`,
      `/apiv2/categories/${category.id}/forums`,
      `/apiv2/forums/${forum.id}`,
      `/apiv2/forums/${forum.id}/posts`,
      `/apiv2/posts/${post.id}`,
      `/apiv2/posts/${post.id}/comments`,
      `/apiv2/posts/${post.id}/comments/${comment.id}`,
      `/apiv2/users/${server.a.admin.user.id}/posts`,
    ]) {
      expect((await b.get(`${path}.json`)).status, path).toBe(404);
    }
    for (const [path, key] of [["categories", "categories"], ["forums", "forums"], ["posts", "posts"], ["posts/draft", "posts"], ["posts/search.json?query=isolationword", "posts"]] as const) {
      expect((await b.get(`/apiv2/${path}`)).body[key], path).toEqual([]);
    }
    expect((await b.get(`/apiv2/posts/show_many.json?ids=${post.id}`)).body.posts).toEqual([]);
    expect((await b.put(`/apiv2/posts/${post.id}.json`, { post: { title: "x" } })).status).toBe(404);
    expect((await b.post("/apiv2/posts.json", { post: { title: "x", forum_id: forum.id } })).status).toBe(422);
    expect((await b.post("/apiv2/forums.json", { forum: { title: "x", category_id: category.id } })).status).toBe(422);
    expect((await b.post(`/apiv2/posts/${post.id}/comments.json`, { post_comment: { content: "x" } })).status).toBe(404);
    expect((await b.delete(`/apiv2/posts/${post.id}/comments/${comment.id}.json`)).status).toBe(404);
    for (const path of [`categories/${category.id}`, `forums/${forum.id}`, `posts/${post.id}`]) expect((await b.delete(`/apiv2/${path}.json`)).status).toBe(404);
    expect((await admin.get(`/apiv2/posts/${post.id}.json`)).body.post.count_comments).toBe(1);
  });
});
