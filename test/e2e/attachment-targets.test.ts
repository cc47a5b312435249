import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { knowledgeBase } from "../support/knowledge-base";
import { startTestServer, type Client, type TestServer, type TestUser } from "../support/server";

// Uploads bound through the other write paths: end-user requests and replies, and knowledge-base posts.

let server: TestServer;
let admin: Client;
let requester: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = server.a.admin.client;
  requester = await server.a.createEndUser({ name: "Rita Requester" });
  stranger = await server.a.createEndUser({ name: "Sam Stranger" });
});
afterAll(() => server.close());

async function upload(client: Client, bytes: string, filename = "notes.txt") {
  const res = await client.post(`/apiv2/attachments.json?filename=${filename}`, undefined, { rawBody: bytes, headers: { "content-type": "application/binary" } });
  expect(res.status, res.text).toBe(201);
  return res.body.attachment as { id: number; token: string; content_url: string };
}

/** The path of an absolute `content_url`, for the test clients. */
const pathOf = (url: string) => new URL(url).pathname;

describe("request comments", () => {
  it("create and reply - bind the requester's uploads; the request's comments show them; others get 404", async () => {
    const first = await upload(requester.client, "first file");
    const created = await requester.client.post("/apiv2/requests.json", { request: { title: "With a file", comment: { content: "See attached", uploads: [first.token] } } });
    expect(created.status, created.text).toBe(201);
    const id = created.body.request.id;
    const second = await upload(requester.client, "second file", "more.txt");
    const reply = await requester.client.put(`/apiv2/requests/${id}.json`, { request: { comment: { content: "One more", uploads: [second.token] } } });
    expect(reply.status, reply.text).toBe(200);

    const comments = (await requester.client.get(`/apiv2/requests/${id}/comments.json`)).body.comments;
    expect(comments.map((c: { attachments: Array<{ id: number }> }) => c.attachments.map((a) => a.id))).toEqual([[first.id], [second.id]]);
    expect(comments[1].attachments[0]).toMatchObject({ name: "more.txt", size: 11, content_url: second.content_url });

    const download = await requester.client.get(pathOf(second.content_url));
    expect(download.status).toBe(200);
    expect(download.text).toBe("second file");
    expect((await stranger.client.get(pathOf(second.content_url))).status).toBe(404);

    // A token binds once, whichever path uses it.
    const again = await requester.client.put(`/apiv2/requests/${id}.json`, { request: { comment: { content: "Reuse", uploads: [first.token] } } });
    expect(again.status).toBe(422);
  });
});

describe("shared organization requests", () => {
  it("members of an organization that shares its requests may download files of each other's public comments; without sharing, 404", async () => {
    const org = (await admin.post("/apiv2/organizations.json", { organization: { name: "Sharing Co" } })).body.organization;
    const author = await server.a.createEndUser({ organization_id: org.id });
    const colleague = await server.a.createEndUser({ organization_id: org.id });
    const file = await upload(author.client, "shared file");
    const created = await author.client.post("/apiv2/requests.json", { request: { title: "Team issue", comment: { content: "Attached", uploads: [file.token] } } });
    expect(created.status, created.text).toBe(201);
    expect((await colleague.client.get(pathOf(file.content_url))).status).toBe(404);
    expect((await admin.put(`/apiv2/organizations/${org.id}.json`, { organization: { shared_tickets: true } })).status).toBe(200);
    const shared = await colleague.client.get(pathOf(file.content_url));
    expect(shared.status).toBe(200);
    expect(shared.text).toBe("shared file");
    expect((await stranger.client.get(pathOf(file.content_url))).status).toBe(404);
  });
});

describe("posts", () => {
  it("create and update - bind uploads shown under `uploads`; who may read the post may download; deletes expire the files", async () => {
    const kb = knowledgeBase(admin);
    const category = await kb.category();
    const open = await kb.forum(category.id, { role_view: "all" });
    const staff = await kb.forum(category.id, { role_view: "agent" });
    const manual = await upload(admin, "manual");
    const post = await kb.post(open.id, { uploads: [manual.token] });
    expect(post.uploads).toMatchObject([{ id: manual.id, name: "notes.txt", content_url: manual.content_url }]);
    const addendum = await upload(admin, "addendum", "addendum.txt");
    const updated = await admin.put(`/apiv2/posts/${post.id}.json`, { post: { uploads: [addendum.token] } });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body.post.uploads.map((a: { id: number }) => a.id)).toEqual([manual.id, addendum.id]);
    expect((await requester.client.get(`/apiv2/posts/${post.id}.json`)).body.post.uploads).toHaveLength(2);
    expect((await requester.client.get(pathOf(manual.content_url))).text).toBe("manual");

    const secret = await upload(admin, "internal");
    await kb.post(staff.id, { uploads: [secret.token] });
    expect((await requester.client.get(pathOf(secret.content_url))).status).toBe(404);
    expect((await admin.get(pathOf(secret.content_url))).status).toBe(200);

    const unknown = await admin.post("/apiv2/posts.json", { post: { title: "Bad", content: "x", forum_id: open.id, uploads: ["nope"] } });
    expect(unknown.status).toBe(422);

    await server.desk.sweepExpiredAttachments();
    expect((await admin.delete(`/apiv2/categories/${category.id}.json`)).status).toBe(200);
    expect(await server.desk.sweepExpiredAttachments()).toBe(3);
    expect((await admin.get(`/apiv2/attachments/${manual.id}.json`)).status).toBe(404);
  });
});
