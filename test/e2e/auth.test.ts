import { createHelpDesk } from "@helpdesk/core";
import { startServer } from "@helpdesk/http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendRequest } from "../support/http-client";
import { API_DATE, errorBody, startTestServer, type TestResponse, type TestServer } from "../support/server";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

function expectUnauthorized(res: TestResponse) {
  expect(res.status).toBe(401);
  expect(res.headers["www-authenticate"]).toBe('Basic realm="helpdesk"');
  expect(errorBody(res)).toMatchObject({ error: "Unauthorized", code: "AUTH_REQUIRED" });
}

describe("Basic auth with a password", () => {
  it("authenticate - the right e-mail and password pass, in any e-mail case", async () => {
    const res = await server.a.clientFor({ email: "ADMIN@a.test", password: "admin-password-a.test" }).get("/apiv2/users/me.json");
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(server.a.admin.user.id);
  });

  it("authenticate - 401 with WWW-Authenticate for missing, wrong or malformed credentials", async () => {
    const cases = [
      null,
      { email: "admin@a.test", password: "wrong-password" },
      { email: "nobody@a.test", password: "admin-password-a.test" },
      { header: "Bearer abc" },
      { header: "Basic" },
      { header: "Basic !!!not-base64!!!" },
      { header: `Basic ${Buffer.from("no-colon").toString("base64")}` },
      { header: `Basic ${Buffer.from("admin@a.test:").toString("base64")}` },
      { header: `Basic ${Buffer.from(":admin-password-a.test").toString("base64")}` },
    ];
    for (const auth of cases) {
      expectUnauthorized(await server.a.clientFor(auth).get("/apiv2/users/me.json"));
    }
  });

  it("authenticate - a changed password takes effect at once despite the cache", async () => {
    const agent = await server.a.createAgent();
    expect((await agent.client.get("/apiv2/users/me.json")).status).toBe(200);
    expect((await agent.client.get("/apiv2/users/me.json")).status).toBe(200);
    const changed = await server.a.admin.client.put(`/apiv2/users/${agent.user.id}.json`, { user: { password: "a-brand-new-password" } });
    expect(changed.status).toBe(200);
    expectUnauthorized(await agent.client.get("/apiv2/users/me.json"));
    const fresh = server.a.clientFor({ email: agent.user.email!, password: "a-brand-new-password" });
    expect((await fresh.get("/apiv2/users/me.json")).status).toBe(200);
  });

  it("authenticate - a password changed through another process takes effect at once", async () => {
    const agent = await server.a.createAgent();
    const second = await server.openStorage();
    const other = await startServer({ desk: createHelpDesk({ storage: second.storage }), port: 0 });
    try {
      const viaOther = () => sendRequest(other.port, "GET", "/apiv2/users/me.json", { host: "a.test", auth: agent.auth });
      expect((await viaOther()).status).toBe(200);
      const changed = await server.a.admin.client.put(`/apiv2/users/${agent.user.id}.json`, { user: { password: "changed-elsewhere" } });
      expect(changed.status).toBe(200);
      expectUnauthorized(await viaOther());
    } finally {
      await other.close();
      await second.close();
    }
  });

  it("authenticate - a suspended user is refused at once, even when cached", async () => {
    const agent = await server.a.createAgent();
    expect((await agent.client.get("/apiv2/users/me.json")).status).toBe(200);
    await server.a.admin.client.put(`/apiv2/users/${agent.user.id}.json`, { user: { status: "suspended" } });
    expectUnauthorized(await agent.client.get("/apiv2/users/me.json"));
  });

  it("authenticate - a deleted user is refused at once", async () => {
    const endUser = await server.a.createEndUser();
    expect((await endUser.client.get("/apiv2/users/me.json")).status).toBe(200);
    expect((await server.a.admin.client.delete(`/apiv2/users/${endUser.user.id}.json`)).status).toBe(200);
    expectUnauthorized(await endUser.client.get("/apiv2/users/me.json"));
  });

  it("authenticate - concurrent first requests with one password all pass", async () => {
    const agent = await server.a.createAgent();
    const results = await Promise.all(Array.from({ length: 5 }, () => agent.client.get("/apiv2/users/me.json")));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
  });
});

describe("Basic auth with an API token", () => {
  it("authenticate - email/token:TOKEN acts as that user", async () => {
    const endUser = await server.a.createEndUser();
    const { token } = await server.a.createToken();
    const client = server.a.clientFor({ email: endUser.user.email!, token });
    const me = await client.get("/apiv2/users/me.json");
    expect(me.status).toBe(200);
    expect(me.body.user.id).toBe(endUser.user.id);
    expect(me.body.user).not.toHaveProperty("notes");
    expect((await client.get("/apiv2/users.json")).status).toBe(403);
  });

  it("authenticate - 401 for a wrong token or an unknown e-mail", async () => {
    const { token } = await server.a.createToken();
    expectUnauthorized(await server.a.clientFor({ email: "admin@a.test", token: "not-the-token" }).get("/apiv2/users/me.json"));
    expectUnauthorized(await server.a.clientFor({ email: "ghost@a.test", token }).get("/apiv2/users/me.json"));
  });

  it("authenticate - a deleted token stops working at once", async () => {
    const { id, token } = await server.a.createToken();
    const client = server.a.clientFor({ email: "admin@a.test", token });
    expect((await client.get("/apiv2/users/me.json")).status).toBe(200);
    expect((await server.a.admin.client.delete(`/apiv2/api_tokens/${id}.json`)).status).toBe(200);
    expectUnauthorized(await client.get("/apiv2/users/me.json"));
  });
});

describe("/apiv2/api_tokens", () => {
  it("create - 201 with the secret shown once and a Location", async () => {
    const res = await server.a.admin.client.post("/apiv2/api_tokens.json");
    expect(res.status).toBe(201);
    expect(Object.keys(res.body.api_token).sort()).toEqual(["created_at", "id", "token"]);
    expect(res.body.api_token.token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(res.body.api_token.created_at).toMatch(API_DATE);
    expect(res.headers.location).toBe(`http://a.test/apiv2/api_tokens/${res.body.api_token.id}.json`);

    const listed = await server.a.admin.client.get("/apiv2/api_tokens");
    expect(listed.status).toBe(200);
    const mine = listed.body.api_tokens.find((t: { id: number }) => t.id === res.body.api_token.id);
    expect(Object.keys(mine).sort()).toEqual(["created_at", "id"]);
    expect(listed.text).not.toContain(res.body.api_token.token);
  });

  it("tokens - are an admin's business", async () => {
    const agent = await server.a.createAgent();
    const { id } = await server.a.createToken();
    expect((await agent.client.post("/apiv2/api_tokens.json")).status).toBe(403);
    expect((await agent.client.get("/apiv2/api_tokens.json")).status).toBe(403);
    expect((await agent.client.delete(`/apiv2/api_tokens/${id}.json`)).status).toBe(403);
  });

  it("delete - 200 with an empty body; 404 for an unknown token", async () => {
    const { id } = await server.a.createToken();
    const res = await server.a.admin.client.delete(`/apiv2/api_tokens/${id}`);
    expect(res.status).toBe(200);
    expect(res.text).toBe("");
    const again = await server.a.admin.client.delete(`/apiv2/api_tokens/${id}.json`);
    expect(again.status).toBe(404);
    expect(errorBody(again).code).toBe("API_TOKEN_NOT_FOUND");
  });
});
