import { randomBytes } from "node:crypto";
import { request as httpRequest } from "node:http";
import { createHelpDesk } from "@helpdesk/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STORAGE_KIND } from "../support/database";
import { authorizationHeader } from "../support/http-client";
import { errorBody, startTestServer, type Client, type TestServer, type TestUser } from "../support/server";

let server: TestServer;
/** Uploads above 100 kB are refused here. */
let small: TestServer;
let admin: Client;
let agent: TestUser;
let requester: TestUser;
let stranger: TestUser;

const HOUR = 60 * 60 * 1000;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const binary = (type = "application/binary") => ({ "content-type": type });

beforeAll(async () => {
  [server, small] = await Promise.all([startTestServer(), startTestServer({ attachmentLimit: 100_000 })]);
  admin = server.a.admin.client;
  agent = await server.a.createAgent({ name: "Ada Agent" });
  requester = await server.a.createEndUser({ name: "Rita Requester" });
  stranger = await server.a.createEndUser({ name: "Sam Stranger" });
});
afterAll(async () => {
  await Promise.all([server.close(), small.close()]);
});

async function upload(client: Client, bytes: Buffer | string = "hello", filename = "notes.txt", headers: Record<string, string> = binary()) {
  const res = await client.post(`/apiv2/attachments.json?filename=${encodeURIComponent(filename)}`, undefined, { rawBody: bytes, headers });
  expect(res.status, res.text).toBe(201);
  return res.body.attachment as { id: number; token: string; url: string; content_url: string; name: string; size: number; content_type: string };
}

async function createTicket(client: Client, fields: Record<string, unknown>) {
  return client.post("/apiv2/tickets.json", { ticket: { title: "With files", ...fields } });
}

async function ticketCount(client: Client = admin): Promise<number> {
  return (await client.get("/apiv2/tickets.json")).body.count;
}

/** Resolves once `check` holds, checking up to `attempts` times; between checks the event loop runs its pending I/O (no sleeping). */
async function until(check: () => Promise<boolean>, attempts = 10_000): Promise<void> {
  for (let i = 0; i < attempts; i++) {
    if (await check()) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  throw new Error("the condition never held");
}

/** Every attachment row left in the database: unbound ones always carry an expiry, so a sweep far in the future sees them all. */
async function unboundRows(target: TestServer) {
  return target.storage.attachments.deleteExpired(Number.MAX_SAFE_INTEGER, 1000);
}

describe("POST /apiv2/attachments", () => {
  it("upload - 201 with the attachment, its token once, and a Location", async () => {
    const res = await admin.post("/apiv2/attachments.json?filename=report.pdf", undefined, { rawBody: "%PDF-1.7 body", headers: binary("application/pdf") });
    expect(res.status).toBe(201);
    const attachment = res.body.attachment;
    expect(Object.keys(attachment).sort()).toEqual(["content_type", "content_url", "id", "name", "size", "token", "url"]);
    expect(attachment).toMatchObject({ name: "report.pdf", size: 13, content_type: "application/pdf" });
    expect(attachment.url).toBe(`http://a.test/apiv2/attachments/${attachment.id}.json`);
    expect(attachment.content_url).toBe(`http://a.test/apiv2/attachments/${attachment.id}/content`);
    expect(res.headers.location).toBe(attachment.url);
    expect(attachment.token).toMatch(/^[A-Za-z0-9]{32}$/);
    const read = await admin.get(`/apiv2/attachments/${attachment.id}.json`);
    expect(read.status).toBe(200);
    expect(read.body.attachment).toEqual({ ...attachment, token: null });
  });

  it("upload - any signed-in user, end users included; anonymous callers get 401", async () => {
    expect((await upload(requester.client)).name).toBe("notes.txt");
    const anonymous = await server.a.clientFor(null).post("/apiv2/attachments.json?filename=a.txt", undefined, { rawBody: "x", headers: binary() });
    expect(anonymous.status).toBe(401);
  });

  it("upload - the file name loses any directories", async () => {
    expect((await upload(admin, "x", "../../etc/passwd")).name).toBe("passwd");
    expect((await upload(admin, "x", "C:\\Users\\me\\cv.doc")).name).toBe("cv.doc");
  });

  it("upload - 400 naming filename when it is missing or names no file", async () => {
    for (const query of ["", "?filename=", "?filename=%2F", "?name=a.txt"]) {
      const res = await admin.post(`/apiv2/attachments.json${query}`, undefined, { rawBody: "x", headers: binary() });
      expect(res.status, query).toBe(400);
      expect(errorBody(res)).toMatchObject({ error: "BadRequest", code: "REQUEST_QUERY_INVALID" });
      expect(errorBody(res).details).toHaveProperty("filename");
    }
  });

  it("upload - a specific Content-Type is kept; otherwise the type is sniffed from the first bytes", async () => {
    const cases: Array<[Buffer | string, string, string]> = [
      [PNG, "application/binary", "image/png"],
      [Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2]), "application/octet-stream", "image/jpeg"],
      [Buffer.from("GIF89a......"), "application/binary", "image/gif"],
      [Buffer.from("%PDF-1.4\n"), "application/x-www-form-urlencoded", "application/pdf"],
      [Buffer.from([0x50, 0x4b, 0x03, 0x04, 9, 9]), "application/binary", "application/zip"],
      ["plain words, ünïcode too\n", "application/binary", "text/plain"],
      [Buffer.from([0, 1, 2, 3, 0xfe]), "application/binary", "application/octet-stream"],
      [PNG, "image/webp; q=1", "image/webp"],
    ];
    for (const [bytes, type, expected] of cases) {
      expect((await upload(admin, bytes, "file", binary(type))).content_type, `${type} -> ${expected}`).toBe(expected);
    }
    const untyped = await admin.post("/apiv2/attachments.json?filename=x.png", undefined, { rawBody: PNG });
    expect(untyped.body.attachment.content_type).toBe("image/png");
  });

  it("upload - a 5 MB body is streamed to the store and read back byte for byte", async () => {
    const bytes = randomBytes(5 * 1024 * 1024);
    const chunks = Array.from({ length: 80 }, (_, i) => bytes.subarray(i * 65_536, (i + 1) * 65_536));
    const res = await admin.post("/apiv2/attachments.json?filename=big.bin", undefined, { chunks, headers: binary() });
    expect(res.status, res.text).toBe(201);
    expect(res.body.attachment.size).toBe(bytes.length);
    const download = await admin.get(`/apiv2/attachments/${res.body.attachment.id}/content`);
    expect(download.status).toBe(200);
    expect(download.headers["content-length"]).toBe(String(bytes.length));
    expect(download.raw.equals(bytes)).toBe(true);
  });

  it("upload - 413 over the configured limit, declared or streamed, with nothing left behind", async () => {
    const client = small.a.admin.client;
    const declared = await client.post("/apiv2/attachments.json?filename=big.bin", undefined, { rawBody: randomBytes(100_001), headers: binary() });
    expect(declared.status).toBe(413);
    expect(errorBody(declared)).toMatchObject({ error: "PayloadTooLarge", code: "REQUEST_BODY_TOO_LARGE" });
    const chunks = [randomBytes(60_000), randomBytes(60_000), randomBytes(60_000)];
    const streamed = await client.post("/apiv2/attachments.json?filename=big.bin", undefined, { chunks, headers: binary() });
    expect(streamed.status).toBe(413);
    expect(errorBody(streamed).code).toBe("REQUEST_BODY_TOO_LARGE");
    expect(await small.database.countBlobs()).toBe(0);
    expect(await unboundRows(small)).toEqual([]);
    const fits = await client.post("/apiv2/attachments.json?filename=fits.bin", undefined, { rawBody: randomBytes(100_000), headers: binary() });
    expect(fits.status).toBe(201);
    expect(await small.database.countBlobs()).toBe(1);
  });

  // Files show a partial upload while it is written, which tells the test when to hang up; the Postgres store's rows are invisible until commit.
  it.runIf(STORAGE_KIND === "sqlite")("upload - a client that hangs up mid-body leaves no file and no row", async () => {
    await unboundRows(small);
    const before = await small.database.countBlobs();
    const headers = { host: "a.test", "content-type": "application/binary", "content-length": "90000", authorization: authorizationHeader(small.a.admin.auth)! };
    const req = httpRequest({ host: "127.0.0.1", port: small.port, method: "POST", path: "/apiv2/attachments.json?filename=cut.bin", headers, agent: false });
    const closed = new Promise<void>((resolve) => req.on("close", resolve));
    req.on("error", () => undefined);
    req.write(randomBytes(40_000));
    // First the partial file appears (the server is writing it), then it must go.
    await until(async () => (await small.database.countBlobs()) === before + 1);
    req.destroy();
    await closed;
    await until(async () => (await small.database.countBlobs()) === before);
    expect(await unboundRows(small)).toEqual([]);
  });
});

describe("binding uploads to comments", () => {
  it("ticket create - binds comment.uploads to the first comment; the comment lists its files", async () => {
    const one = await upload(admin, PNG, "shot.png");
    const two = await upload(admin, "log", "log.txt");
    const res = await createTicket(admin, { comment: { content: "See the files", uploads: [one.token, two.token] } });
    expect(res.status, res.text).toBe(201);
    const comments = await admin.get(`/apiv2/tickets/${res.body.ticket.id}/comments.json`);
    expect(comments.body.comments[0].attachments).toEqual([
      { id: one.id, name: "shot.png", size: PNG.length, content_type: "image/png", url: one.url, content_url: one.content_url, token: null },
      { id: two.id, name: "log.txt", size: 3, content_type: "text/plain", url: two.url, content_url: two.content_url, token: null },
    ]);
  });

  it("ticket create - a token used already is 422 naming comment.uploads, and no ticket is written", async () => {
    const file = await upload(admin);
    expect((await createTicket(admin, { comment: { content: "First", uploads: [file.token] } })).status).toBe(201);
    const before = await ticketCount();
    const again = await createTicket(admin, { comment: { content: "Second", uploads: [file.token] } });
    expect(again.status).toBe(422);
    expect(errorBody(again)).toMatchObject({ error: "RecordInvalid", code: "RECORD_INVALID" });
    expect(errorBody(again).details).toHaveProperty(["comment.uploads"]);
    expect(await ticketCount()).toBe(before);
  });

  it("ticket create - unknown tokens, another tenant's and another user's are 422; the good ones stay unbound", async () => {
    const mine = await upload(admin);
    const otherTenant = await upload(server.b.admin.client);
    const otherUser = await upload(agent.client);
    const before = await ticketCount();
    for (const bad of ["no-such-token", otherTenant.token, otherUser.token]) {
      const res = await createTicket(admin, { comment: { content: "Try", uploads: [mine.token, bad] } });
      expect(res.status, bad).toBe(422);
      expect(errorBody(res).details).toHaveProperty(["comment.uploads"]);
    }
    expect(await ticketCount()).toBe(before);
    expect((await createTicket(admin, { comment: { content: "Now", uploads: [mine.token] } })).status).toBe(201);
  });

  it("ticket update - binds comment.uploads to the new comment; reusing the token is 422 and changes nothing", async () => {
    const ticket = (await createTicket(admin, { comment: { content: "Start" } })).body.ticket;
    const file = await upload(admin, PNG, "later.png");
    const updated = await admin.put(`/apiv2/tickets/${ticket.id}.json`, { ticket: { comment: { content: "Here it is", uploads: [file.token] } } });
    expect(updated.status, updated.text).toBe(200);
    const comments = (await admin.get(`/apiv2/tickets/${ticket.id}/comments.json`)).body.comments;
    expect(comments.map((c: { attachments: unknown[] }) => c.attachments.length)).toEqual([0, 1]);
    expect(comments[1].attachments[0].id).toBe(file.id);

    const reused = await admin.put(`/apiv2/tickets/${ticket.id}.json`, { ticket: { title: "Renamed", comment: { content: "Again", uploads: [file.token] } } });
    expect(reused.status).toBe(422);
    expect(errorBody(reused).details).toHaveProperty(["comment.uploads"]);
    expect((await admin.get(`/apiv2/tickets/${ticket.id}.json`)).body.ticket.title).toBe("With files");
    expect((await admin.get(`/apiv2/tickets/${ticket.id}/comments.json`)).body.comments).toHaveLength(2);
  });

  it("update_many - the files go to the first ticket; every later one fails alone", async () => {
    const first = (await createTicket(admin, { comment: { content: "One" } })).body.ticket;
    const second = (await createTicket(admin, { comment: { content: "Two" } })).body.ticket;
    const file = await upload(admin);
    const res = await admin.put(`/apiv2/tickets/update_many.json?ids=${first.id},${second.id}`, { ticket: { comment: { content: "Both", uploads: [file.token] } } });
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: { success: boolean }) => r.success)).toEqual([true, false]);
    expect(res.body.results[1].errors).toContain("comment.uploads");
    expect((await admin.get(`/apiv2/tickets/${second.id}/comments.json`)).body.comments).toHaveLength(1);
  });

  it("ticket update - a cross-tenant token is 422", async () => {
    const ticket = (await createTicket(admin, { comment: { content: "Start" } })).body.ticket;
    const foreign = await upload(server.b.admin.client);
    const res = await admin.put(`/apiv2/tickets/${ticket.id}.json`, { ticket: { comment: { content: "Hm", uploads: [foreign.token] } } });
    expect(res.status).toBe(422);
  });
});

describe("expiry", () => {
  it("sweep - removes unbound uploads past their expiry with their blobs, keeps bound ones", async () => {
    server.clock.advance(2 * HOUR);
    await server.desk.sweepExpiredAttachments();
    const blobsBefore = await server.database.countBlobs();
    const unbound = await upload(admin, "left alone");
    const bound = await upload(admin, "kept");
    const late = await upload(admin, "too late");
    expect((await createTicket(admin, { comment: { content: "Keep", uploads: [bound.token] } })).status).toBe(201);
    expect(await server.database.countBlobs()).toBe(blobsBefore + 3);

    server.clock.advance(59 * 60 * 1000);
    expect(await server.desk.sweepExpiredAttachments()).toBe(0);
    server.clock.advance(60 * 1000);
    // Expired but not swept yet: the token no longer binds.
    const expired = await createTicket(admin, { comment: { content: "Late", uploads: [late.token] } });
    expect(expired.status).toBe(422);
    expect(await server.desk.sweepExpiredAttachments()).toBe(2);
    expect((await admin.get(`/apiv2/attachments/${unbound.id}.json`)).status).toBe(404);
    expect((await admin.get(`/apiv2/attachments/${late.id}/content`)).status).toBe(404);
    expect((await admin.get(`/apiv2/attachments/${bound.id}.json`)).status).toBe(200);
    expect(await server.database.countBlobs()).toBe(blobsBefore + 1);
  });

  it("sweep - a deleted ticket's files go at the next sweep", async () => {
    const file = await upload(admin, "doomed");
    const ticket = (await createTicket(admin, { comment: { content: "Bye", uploads: [file.token] } })).body.ticket;
    const blobsBefore = await server.database.countBlobs();
    expect((await admin.delete(`/apiv2/tickets/${ticket.id}.json`)).status).toBe(200);
    expect(await server.desk.sweepExpiredAttachments()).toBe(1);
    expect(await server.database.countBlobs()).toBe(blobsBefore - 1);
  });
});

describe("GET /apiv2/attachments/{id}/content", () => {
  it("download - the bytes with type, length, attachment disposition and nosniff", async () => {
    const file = await upload(admin, PNG, "résumé 1.png", binary());
    const res = await admin.get(`/apiv2/attachments/${file.id}/content`);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.headers["content-length"]).toBe(String(PNG.length));
    expect(res.headers["content-disposition"]).toBe("attachment; filename*=UTF-8''r%C3%A9sum%C3%A9%201.png");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.raw.equals(PNG)).toBe(true);
  });

  it("download - an end user gets their own uploads and their requests' public comment files; 404 for the rest", async () => {
    const own = await upload(requester.client, "mine");
    expect((await requester.client.get(`/apiv2/attachments/${own.id}/content`)).text).toBe("mine");
    expect((await stranger.client.get(`/apiv2/attachments/${own.id}/content`)).status).toBe(404);

    const shown = await upload(agent.client, "public");
    const hidden = await upload(agent.client, "private");
    const ticket = (await createTicket(agent.client, { requester_id: requester.user.id, comment: { content: "For you", uploads: [shown.token] } })).body.ticket;
    const note = await agent.client.put(`/apiv2/tickets/${ticket.id}.json`, { ticket: { comment: { content: "Internal", public: false, uploads: [hidden.token] } } });
    expect(note.status, note.text).toBe(200);
    expect((await requester.client.get(`/apiv2/attachments/${shown.id}/content`)).text).toBe("public");
    expect((await requester.client.get(`/apiv2/attachments/${hidden.id}/content`)).status).toBe(404);
    expect((await stranger.client.get(`/apiv2/attachments/${shown.id}/content`)).status).toBe(404);
    expect((await agent.client.get(`/apiv2/attachments/${hidden.id}/content`)).text).toBe("private");
  });

  it("download and get - an agent restricted to assigned tickets gets 404 for files of other tickets", async () => {
    const restricted = await server.a.createAgent({ ticket_restriction: "assigned" });
    const file = await upload(admin, "secret");
    expect((await createTicket(admin, { comment: { content: "Not yours", uploads: [file.token] } })).status).toBe(201);
    // Bound to a ticket: an unrestricted agent reads it, the restricted one does not.
    expect((await agent.client.get(`/apiv2/attachments/${file.id}/content`)).text).toBe("secret");
    expect((await restricted.client.get(`/apiv2/attachments/${file.id}.json`)).status).toBe(404);
    expect((await restricted.client.get(`/apiv2/attachments/${file.id}/content`)).status).toBe(404);
    const assigned = await upload(admin, "yours");
    await createTicket(admin, { assignee_id: restricted.user.id, comment: { content: "Yours", uploads: [assigned.token] } });
    expect((await restricted.client.get(`/apiv2/attachments/${assigned.id}/content`)).text).toBe("yours");
  });
});

describe("GET and DELETE /apiv2/attachments/{id}", () => {
  it("get - agents only: an end user is 403; another tenant's id is 404", async () => {
    const file = await upload(requester.client);
    expect((await requester.client.get(`/apiv2/attachments/${file.id}.json`)).status).toBe(403);
    const other = await server.b.admin.client.get(`/apiv2/attachments/${file.id}.json`);
    expect(other.status).toBe(404);
    expect(errorBody(other).code).toBe("ATTACHMENT_NOT_FOUND");
    expect((await admin.get(`/apiv2/attachments/${file.id}.json`)).status).toBe(200);
  });

  it("delete - an agent removes the row and the blob", async () => {
    const file = await upload(admin, "to delete");
    const ticket = (await createTicket(admin, { comment: { content: "Has a file", uploads: [file.token] } })).body.ticket;
    const blobsBefore = await server.database.countBlobs();
    expect((await server.b.admin.client.delete(`/apiv2/attachments/${file.id}.json`)).status).toBe(404);
    const res = await agent.client.delete(`/apiv2/attachments/${file.id}.json`);
    expect(res.status).toBe(200);
    expect(res.text).toBe("");
    expect((await admin.get(`/apiv2/attachments/${file.id}.json`)).status).toBe(404);
    expect((await admin.get(`/apiv2/tickets/${ticket.id}/comments.json`)).body.comments[0].attachments).toEqual([]);
    expect(await server.database.countBlobs()).toBe(blobsBefore - 1);
    expect((await agent.client.delete(`/apiv2/attachments/${file.id}.json`)).status).toBe(404);
  });

  it("delete - an end user may take back their own unbound upload, but not a bound file or another's", async () => {
    const own = await upload(requester.client, "oops");
    expect((await stranger.client.delete(`/apiv2/attachments/${own.id}.json`)).status).toBe(404);
    expect((await requester.client.delete(`/apiv2/attachments/${own.id}.json`)).status).toBe(200);
    expect((await requester.client.get(`/apiv2/attachments/${own.id}/content`)).status).toBe(404);

    const shared = await upload(agent.client, "shared");
    await createTicket(agent.client, { requester_id: requester.user.id, comment: { content: "For you", uploads: [shared.token] } });
    expect((await requester.client.delete(`/apiv2/attachments/${shared.id}.json`)).status).toBe(403);
    expect((await requester.client.get(`/apiv2/attachments/${shared.id}/content`)).status).toBe(200);
  });
});

describe("a help desk without a blob store", () => {
  it("upload - rejects with ATTACHMENT_STORE_MISSING (503) before reading the body; the sweep does nothing", async () => {
    const bare = createHelpDesk({ storage: server.storage });
    async function* never(): AsyncGenerator<Uint8Array> {
      throw new Error("the body must not be read");
    }
    const outcome = bare.as(server.a.tenant.id, server.a.admin.user).attachments.upload({ filename: "a.txt", data: never() });
    await expect(outcome).rejects.toMatchObject({ code: "ATTACHMENT_STORE_MISSING", kind: "unavailable" });
    expect(await bare.sweepExpiredAttachments(Number.MAX_SAFE_INTEGER)).toBe(0);
  });
});
