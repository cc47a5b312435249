import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ids, knowledgeBase } from "../support/knowledge-base";
import { errorBody, startTestServer, type TestServer, type TestUser } from "../support/server";

// The post lists' `sort` parameter, show_many and full-text search, on both adapters.

let server: TestServer;
let endUser: TestUser;
let kb: ReturnType<typeof knowledgeBase>;

beforeAll(async () => {
  server = await startTestServer();
  endUser = await server.a.createEndUser();
  kb = knowledgeBase(server.a.admin.client);
});
afterAll(() => server.close());

describe("post lists: sort, show_many, search", () => {
  let forum: { id: number };
  let low: { id: number };
  let high: { id: number };
  let top: { id: number };
  beforeAll(async () => {
    forum = await kb.forum((await kb.category()).id);
    low = await kb.post(forum.id, { sort: 1, title: "Kiwi basics", content: "Peel it" });
    high = await kb.post(forum.id, { sort: 9, title: "Misc", content: "kiwi kiwi kiwi kiwi kiwi" });
    top = await kb.post(forum.id, { sort: 1, is_top: true, title: "Mango", content: "Ripe" });
    await endUser.client.get(`/apiv2/posts/${low.id}.json`);
  });
  const listed = async (query: string) => {
    const res = await endUser.client.get(`/apiv2/forums/${forum.id}/posts.json${query}`);
    expect(res.status, res.text).toBe(200);
    return ids(res.body.posts);
  };

  it("sort - default is sort descending then id descending; field:direction pairs combine", async () => {
    expect(await listed("")).toEqual([high.id, top.id, low.id]);
    expect(await listed("?sort=is_top:desc,id:asc")).toEqual([top.id, low.id, high.id]);
    expect(await listed("?sort=count_view:desc")).toEqual([low.id, high.id, top.id]);
    expect(await listed(`?sort=${encodeURIComponent("sort:asc, id:desc")}`)).toEqual([top.id, low.id, high.id]);
    for (const field of ["created_at", "updated_at", "count_comments"]) expect(await listed(`?sort=${field}:asc`)).toHaveLength(3);
  });

  it("sort - 400 with the error body for an unknown field, a bad direction, a missing direction or a repeat", async () => {
    for (const sort of ["title:asc", "id:up", "id", "id:asc,id:desc", "", "sort:ASC"]) {
      const res = await endUser.client.get(`/apiv2/posts.json?sort=${encodeURIComponent(sort)}`);
      expect(res.status, sort).toBe(400);
      expect(errorBody(res)).toMatchObject({ error: "BadRequest", code: "REQUEST_QUERY_INVALID" });
      expect(errorBody(res).details).toHaveProperty("sort");
    }
  });

  it("show_many - by id, unknown ids skipped; more than 100 ids is a 400", async () => {
    const res = await endUser.client.get(`/apiv2/posts/show_many.json?ids=${top.id},999999,${low.id}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["posts"]);
    expect(ids(res.body.posts)).toEqual([low.id, top.id]);
    const many = Array.from({ length: 101 }, (_, i) => i + 1).join(",");
    expect((await endUser.client.get(`/apiv2/posts/show_many.json?ids=${many}`)).status).toBe(400);
    expect((await endUser.client.get("/apiv2/posts/show_many.json")).status).toBe(400);
  });

  it("search - title matches rank above content matches; sort overrides; query is required", async () => {
    const res = await endUser.client.get("/apiv2/posts/search.json?query=KIWI");
    expect(res.status).toBe(200);
    expect(ids(res.body.posts)).toEqual([low.id, high.id]);
    expect(res.body.count).toBe(2);
    expect(ids((await endUser.client.get("/apiv2/posts/search.json?query=kiwi&sort=sort:desc")).body.posts)).toEqual([high.id, low.id]);
    expect(ids((await endUser.client.get("/apiv2/posts/search.json?query=kiwi%20peel")).body.posts)).toEqual([low.id]);
    for (const query of ["", "?query=", "?query=%20%20"]) {
      const missing = await endUser.client.get(`/apiv2/posts/search.json${query}`);
      expect(missing.status).toBe(400);
      expect(errorBody(missing).details).toHaveProperty("query");
    }
    expect((await endUser.client.get("/apiv2/posts/search.json?query=kiwi&sort=nope:asc")).status).toBe(400);
  });

  it("search - FTS syntax in the query is just text, never an error", async () => {
    for (const query of ['"foo AND (', "kiwi OR", "NEAR(kiwi", "*", "kiwi*", "-kiwi", "title:kiwi", "'; DROP TABLE posts; --", "\\", "(((", "^kiwi", "ünïcödé 日本語"]) {
      const res = await endUser.client.get(`/apiv2/posts/search.json?query=${encodeURIComponent(query)}`);
      expect(res.status, query).toBe(200);
      expect(Array.isArray(res.body.posts)).toBe(true);
    }
    expect(ids((await endUser.client.get(`/apiv2/posts/search.json?query=${encodeURIComponent('"kiwi AND (')}`)).body.posts)).toEqual([]);
    expect(ids((await endUser.client.get(`/apiv2/posts/search.json?query=${encodeURIComponent('"kiwi" (basics)')}`)).body.posts)).toEqual([low.id]);
  });
});
