import { ERROR_CODES, HelpdeskError, type HelpDesk } from "@helpdesk/core";
import { HTTP_ERROR_CODES, KIND_RESPONSES, startServer } from "@helpdesk/http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sendRequest } from "../support/http-client";
import { errorBody, startTestServer, type Client, type TestServer } from "../support/server";

let server: TestServer;
let admin: Client;
let small: TestServer;

beforeAll(async () => {
  [server, small] = await Promise.all([startTestServer(), startTestServer({ bodyLimit: 512 })]);
  admin = server.a.admin.client;
});
afterAll(async () => {
  await Promise.all([server.close(), small.close()]);
});

const JSON_HEADERS = { "content-type": "application/json" };

describe("request bodies", () => {
  it("malformed JSON - 400 REQUEST_BODY_MALFORMED", async () => {
    for (const rawBody of ['{"ticket": ', "{ticket: 1}", "undefined", "\u0000"]) {
      const res = await admin.post("/apiv2/tickets.json", undefined, { rawBody, headers: JSON_HEADERS });
      expect(res.status, rawBody).toBe(400);
      expect(errorBody(res)).toMatchObject({ error: "BadRequest", code: "REQUEST_BODY_MALFORMED" });
    }
  });

  it("wrong wrapper - 422 naming the resource key", async () => {
    const bodies: unknown[] = [[], "ticket", 42, null, true, {}, { tickets: { title: "t" } }, { ticket: "t" }, { ticket: [] }, { ticket: null }];
    for (const body of bodies) {
      const res = await admin.post("/apiv2/tickets.json", body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      const error = errorBody(res);
      expect(error).toMatchObject({ error: "RecordInvalid", code: "RECORD_INVALID" });
      expect(error.details).toHaveProperty("ticket");
    }
    const empty = await admin.put("/apiv2/users/1.json");
    expect(empty.status).toBe(422);
    expect(errorBody(empty).details).toHaveProperty("user");
  });

  it("media type - 415 for a write whose body is not application/json", async () => {
    const body = JSON.stringify({ ticket: { title: "t", comment: { content: "c" } } });
    for (const headers of [{ "content-type": "text/plain" }, { "content-type": "application/x-www-form-urlencoded" }, {}]) {
      const res = await admin.post("/apiv2/tickets.json", undefined, { rawBody: body, headers });
      expect(res.status, JSON.stringify(headers)).toBe(415);
      expect(errorBody(res)).toMatchObject({ error: "UnsupportedMediaType", code: "REQUEST_MEDIA_TYPE_UNSUPPORTED" });
    }
    const withCharset = await admin.post("/apiv2/tickets.json", undefined, { rawBody: body, headers: { "content-type": "application/json; charset=utf-8" } });
    expect(withCharset.status).toBe(201);
  });

  it("body limit - 413 when Content-Length is over the limit", async () => {
    const res = await small.a.admin.client.post("/apiv2/tickets.json", { ticket: { title: "t", comment: { content: "x".repeat(1024) } } });
    expect(res.status).toBe(413);
    expect(errorBody(res)).toMatchObject({ error: "PayloadTooLarge", code: "REQUEST_BODY_TOO_LARGE" });
  });

  it("body limit - 413 when a chunked body grows over the limit", async () => {
    const chunks = ['{"ticket": {"title": "t", "comment": {"content": "', "y".repeat(400), "y".repeat(400), '"}}}'];
    const res = await small.a.admin.client.post("/apiv2/tickets.json", undefined, { chunks, headers: JSON_HEADERS });
    expect(res.status).toBe(413);
    expect(errorBody(res).code).toBe("REQUEST_BODY_TOO_LARGE");
    const list = await small.a.admin.client.get("/apiv2/tickets.json");
    expect(list.body.count).toBe(0);
  });

  it("body limit - the default limit is 1 MiB", async () => {
    const over = await admin.post("/apiv2/tickets.json", { ticket: { title: "t", comment: { content: "z".repeat(1024 * 1024) } } });
    expect(over.status).toBe(413);
    const under = await admin.post("/apiv2/tickets.json", { ticket: { title: "t", comment: { content: "z".repeat(60_000) } } });
    expect(under.status).toBe(201);
  });
});

describe("routing", () => {
  it("unknown route - 404 ROUTE_NOT_FOUND with the error body", async () => {
    for (const path of ["/apiv2/nothing.json", "/apiv2", "/", "/apiv2/tickets/1/unknown.json", "/apiv2/tickets/%E0%A4%A.json", "/apiv2/tickets/1.xml"]) {
      const res = await admin.get(path);
      expect(res.status, path).toBe(404);
      expect(errorBody(res)).toMatchObject({ error: "InvalidEndpoint", code: "ROUTE_NOT_FOUND" });
    }
  });

  it("wrong method - 405 with an Allow header", async () => {
    const res = await admin.request("PATCH", "/apiv2/tickets/1.json");
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe("GET, PUT, DELETE");
    expect(errorBody(res).code).toBe("METHOD_NOT_ALLOWED");
    const post = await admin.post("/apiv2/users/me.json", { user: {} });
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe("GET");
  });

  it("static segments win over :id", async () => {
    expect((await admin.get("/apiv2/tickets/show_many.json?ids=1")).status).toBe(200);
    expect((await admin.get("/apiv2/tickets/search.json")).status).toBe(200);
    expect((await admin.get("/apiv2/tickets/problems.json")).status).toBe(200);
    expect((await admin.get("/apiv2/users/me.json")).status).toBe(200);
  });

  it("bad query strings are a 400 or ignored, never a 500", async () => {
    for (const query of ["?ids=%ZZ", "?ids=1&ids=2,3", "?page=%", "?per_page=1e3", "?ids=99999999999999999999"]) {
      const res = await admin.get(`/apiv2/tickets/show_many.json${query}`);
      expect([200, 400], query).toContain(res.status);
      expect(res.status).toBeLessThan(500);
    }
  });
});

describe("error catalogue", () => {
  it("catalogue - HTTP codes are AREA_WHAT, distinct from the core's, with 4xx/5xx statuses", () => {
    for (const [code, entry] of Object.entries(HTTP_ERROR_CODES)) {
      expect(code).toMatch(/^[A-Z]+(_[A-Z]+)+$/);
      expect(ERROR_CODES).not.toHaveProperty(code);
      expect(entry.status).toBeGreaterThanOrEqual(400);
      expect(entry.title).toMatch(/^[A-Z][A-Za-z]+$/);
    }
    const statuses = Object.values(KIND_RESPONSES).map((k) => k.status);
    expect(new Set(statuses).size).toBe(statuses.length);
  });

  it("catalogue - every core code maps to a status through its kind", () => {
    for (const entry of Object.values(ERROR_CODES)) {
      expect(KIND_RESPONSES[entry.kind].status).toBeGreaterThanOrEqual(400);
    }
  });
});

describe("unexpected failures", () => {
  function stubDesk(failure: unknown): HelpDesk {
    const fail = () => Promise.reject(failure);
    return {
      tenants: { create: fail, findByHost: fail, list: fail },
      auth: { verifyPassword: fail, verifyApiToken: fail, reload: fail },
      runAutomations: fail,
      sweepExpiredAttachments: fail,
      pruneOAuth: fail,
      oauth: new Proxy({}, { get: () => fail }) as HelpDesk["oauth"],
      as: () => {
        throw failure;
      },
    };
  }

  it("a thrown non-HelpdeskError - 500 with a generic body, logged to stderr", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const broken = await startServer({ desk: stubDesk(new Error("secret internals")), port: 0 });
    try {
      const res = await sendRequest(broken.port, "GET", "/apiv2/users/me.json", { host: "a.test" });
      expect(res.status).toBe(500);
      expect(errorBody(res)).toMatchObject({ error: "InternalServerError", code: "INTERNAL_ERROR" });
      expect(res.text).not.toContain("secret internals");
      expect(log).toHaveBeenCalled();
    } finally {
      await broken.close();
      log.mockRestore();
    }
  });

  it("storage unavailable - 503 ServiceUnavailable", async () => {
    const down = await startServer({ desk: stubDesk(new HelpdeskError("STORAGE_UNAVAILABLE")), port: 0 });
    try {
      const res = await sendRequest(down.port, "GET", "/apiv2/users/me.json", { host: "a.test" });
      expect(res.status).toBe(503);
      expect(errorBody(res)).toMatchObject({ error: "ServiceUnavailable", code: "STORAGE_UNAVAILABLE" });
    } finally {
      await down.close();
    }
  });
});
