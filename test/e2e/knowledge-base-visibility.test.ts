import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ids, knowledgeBase } from "../support/knowledge-base";
import { errorBody, startTestServer, type Client, type TestResponse, type TestServer } from "../support/server";

// Every read route of the knowledge base, for each role against each forum
// role_view: a forum the caller's role does not reach, its posts and their
// comments answer 404 or are left out of lists, as if they did not exist.

const ROLES = ["end_user", "agent", "admin"] as const;
const ROLE_VIEWS = ["all", "logged_in", "agent"] as const;
type Role = (typeof ROLES)[number];
type RoleView = (typeof ROLE_VIEWS)[number];

/** Every caller is signed in, so only `agent` forums are hidden, and only from end users. */
const visible = (role: Role, roleView: RoleView): boolean => role !== "end_user" || roleView !== "agent";

interface Seeded {
  forumId: number;
  postId: number;
  commentId: number;
  /** A word only this forum's post has in its title. */
  word: string;
}

let server: TestServer;
let clients: Record<Role, Client>;
let categoryId: number;
let authorId: number;
const seeded = {} as Record<RoleView, Seeded>;

beforeAll(async () => {
  server = await startTestServer();
  const admin = server.a.admin.client;
  const kb = knowledgeBase(admin);
  const author = await server.a.createAgent();
  authorId = author.user.id;
  clients = { end_user: (await server.a.createEndUser()).client, agent: (await server.a.createAgent()).client, admin };
  categoryId = (await kb.category()).id;
  for (const roleView of ROLE_VIEWS) {
    const forum = await kb.forum(categoryId, { role_view: roleView });
    const word = `visibility${roleView.replace("_", "")}`;
    const post = await kb.post(forum.id, { title: `About ${word}`, author_id: authorId });
    const comment = await kb.comment(admin, post.id);
    seeded[roleView] = { forumId: forum.id, postId: post.id, commentId: comment.id, word };
  }
});
afterAll(() => server.close());

/** A read route: whether the caller found the thing, from one response. */
interface ReadRoute {
  name: string;
  request(client: Client, s: Seeded): Promise<TestResponse>;
  /** For lists: whether the seeded item is among the answer's items; for single reads, a 200. */
  found(res: TestResponse, s: Seeded): boolean;
}

const single = (name: string, path: (s: Seeded) => string): ReadRoute => ({
  name,
  request: (client, s) => client.get(path(s)),
  found: (res) => {
    if (res.status === 404) errorBody(res);
    expect([200, 404]).toContain(res.status);
    return res.status === 200;
  },
});

const listed = (name: string, path: (s: Seeded) => string, key: string, id: (s: Seeded) => number): ReadRoute => ({
  name,
  request: (client, s) => client.get(path(s)),
  found: (res, s) => {
    expect(res.status, res.text).toBe(200);
    return ids(res.body[key]).includes(id(s));
  },
});

const READ_ROUTES: ReadRoute[] = [
  listed("GET /forums", () => "/apiv2/forums.json", "forums", (s) => s.forumId),
  listed("GET /categories/:id/forums", () => `/apiv2/categories/${categoryId}/forums.json`, "forums", (s) => s.forumId),
  single("GET /forums/:id", (s) => `/apiv2/forums/${s.forumId}.json`),
  single("GET /forums/:id/posts", (s) => `/apiv2/forums/${s.forumId}/posts.json`),
  listed("GET /posts", () => "/apiv2/posts.json", "posts", (s) => s.postId),
  single("GET /posts/:id", (s) => `/apiv2/posts/${s.postId}.json`),
  listed("GET /posts/show_many", (s) => `/apiv2/posts/show_many.json?ids=${s.postId}`, "posts", (s) => s.postId),
  listed("GET /posts/search", (s) => `/apiv2/posts/search.json?query=${s.word}`, "posts", (s) => s.postId),
  listed("GET /users/:id/posts", () => `/apiv2/users/${authorId}/posts.json`, "posts", (s) => s.postId),
  single("GET /posts/:id/comments", (s) => `/apiv2/posts/${s.postId}/comments.json`),
  single("GET /posts/:post_id/comments/:id", (s) => `/apiv2/posts/${s.postId}/comments/${s.commentId}.json`),
  {
    name: "POST /posts/:id/comments",
    request: (client, s) => client.post(`/apiv2/posts/${s.postId}/comments.json`, { post_comment: { content: "Seen it" } }),
    found: (res) => {
      expect([201, 404]).toContain(res.status);
      return res.status === 201;
    },
  },
];

describe.each(ROLES)("role %s", (role) => {
  it.each(ROLE_VIEWS)("role_view %s - every read route agrees on whether the forum and its posts exist", async (roleView) => {
    const expected = visible(role, roleView);
    for (const route of READ_ROUTES) {
      const res = await route.request(clients[role], seeded[roleView]);
      expect(route.found(res, seeded[roleView]), `${route.name} as ${role} on a ${roleView} forum`).toBe(expected);
    }
  });
});

describe("anonymous callers", () => {
  it("every knowledge-base route needs a signed-in caller: 401, even for role_view all", async () => {
    const anonymous = server.a.clientFor(null);
    for (const route of READ_ROUTES) {
      const res = await route.request(anonymous, seeded.all);
      expect(res.status, route.name).toBe(401);
      expect(errorBody(res).code).toBe("AUTH_REQUIRED");
    }
    expect((await anonymous.get("/apiv2/categories.json")).status).toBe(401);
  });
});
