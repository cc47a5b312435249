import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { TestServer, TestUser } from "../support/server";
import { basic, exchange, issueCode, oauthError, registerClient, serveWatchingLogs, tokenRequest, userinfo, type TestOAuthClient } from "../support/oauth";

// Checklist sections E, F and G: the token endpoints, refresh tokens and bearer tokens (items 29 to 39).
const R1 = "https://client.test/cb";
let server: TestServer;
let user: TestUser;
let c1: TestOAuthClient;
let c2: TestOAuthClient;
const issued: string[] = [];

serveWatchingLogs(
  async (started) => {
    server = started;
    user = await server.a.createEndUser({ name: "Ursula User", phone: "+15550100", language: "de" });
    c1 = await registerClient(server.a, { name: "Client One", redirect_uris: [R1] });
    c2 = await registerClient(server.a, { name: "Client Two", redirect_uris: [R1] });
  },
  () => [...issued, c1.client_secret, c2.client_secret],
);

async function pair(client = c1) {
  const code = await issueCode(server, user, client);
  const tokens = await exchange(server, client, code);
  issued.push(code, tokens.access_token, tokens.refresh_token);
  return tokens;
}
const refresh = (refreshToken: string, options: Parameters<typeof tokenRequest>[2] = { client: c1 }, extra: Record<string, string> = {}) =>
  tokenRequest(server, { grant_type: "refresh_token", refresh_token: refreshToken, ...extra }, { path: "/oauth/token/refresh", ...options });
const freshCode = async () => {
  const code = await issueCode(server, user, c1);
  issued.push(code);
  return code;
};

describe("checklist E: token endpoint and client authentication", () => {
  it("item 29 - only a POST with a form body; nothing in the query", async () => {
    const code = await freshCode();
    const get = await server.request("GET", `/oauth/token?grant_type=authorization_code&code=${code}`, { host: "a.test", headers: { authorization: basic(c1.client_id, c1.client_secret) } });
    expect(get.status).toBe(405);
    expect(get.body.access_token).toBeUndefined();
    const query = await tokenRequest(server, { grant_type: "authorization_code", code }, { client: c1, query: `client_secret=${c1.client_secret}` });
    expect(oauthError(query, 400)).toBe("invalid_request");
    const json = await server.request("POST", "/oauth/token", { host: "a.test", auth: { header: basic(c1.client_id, c1.client_secret) }, body: { grant_type: "authorization_code", code } });
    expect(oauthError(json, 400)).toBe("invalid_request");
    const malformed = await server.request("POST", "/oauth/token", {
      host: "a.test",
      headers: { authorization: basic(c1.client_id, c1.client_secret), "content-type": "text/plain;;" },
      rawBody: `grant_type=authorization_code&code=${code}`,
    });
    expect(oauthError(malformed, 400)).toBe("invalid_request");
    // None of that used the code up.
    expect((await tokenRequest(server, { grant_type: "authorization_code", code }, { client: c1 })).status).toBe(200);
  });

  it("item 30 - Basic with form-decoded halves; failures are 401 invalid_client with a Basic challenge", async () => {
    const body = { grant_type: "authorization_code", code: "nope" };
    for (const authorization of [basic(c1.client_id, "wrong"), basic("hdc_unknown", c1.client_secret), undefined, "Basic !!!", "Bearer x"]) {
      const res = await tokenRequest(server, body, authorization === undefined ? {} : { authorization });
      expect(oauthError(res, 401)).toBe("invalid_client");
      expect(res.headers["www-authenticate"]).toMatch(/^Basic realm="/);
    }
    const encoded = await tokenRequest(server, { grant_type: "authorization_code", code: await freshCode() }, { authorization: basic(c1.client_id, c1.client_secret, true) });
    expect(encoded.status, encoded.text).toBe(200);
    expect(basic(c1.client_id, c1.client_secret, true)).not.toBe(basic(c1.client_id, c1.client_secret));
    const raw = await tokenRequest(server, { grant_type: "authorization_code", code: await freshCode() }, { authorization: basic(c1.client_id, c1.client_secret) });
    expect(raw.status).toBe(200);
  });

  it("item 31 - one authentication method per request, one client", async () => {
    const both = await tokenRequest(server, { grant_type: "authorization_code", code: "x", client_secret: c1.client_secret }, { client: c1 });
    expect(oauthError(both, 400)).toBe("invalid_request");
    const differs = await tokenRequest(server, { grant_type: "authorization_code", code: "x", client_id: c2.client_id }, { client: c1 });
    expect(oauthError(differs, 400)).toBe("invalid_request");
    const bodyOnly = await tokenRequest(server, { grant_type: "authorization_code", code: "x", client_id: c1.client_id, client_secret: c1.client_secret });
    expect(oauthError(bodyOnly, 401)).toBe("invalid_client");
  });

  it("item 32 - grant-type and request errors use the RFC 6749 codes", async () => {
    for (const grant_type of ["password", "client_credentials", "foo"]) {
      expect(oauthError(await tokenRequest(server, { grant_type }, { client: c1 }), 400)).toBe("unsupported_grant_type");
    }
    expect(oauthError(await tokenRequest(server, { code: "x" }, { client: c1 }), 400)).toBe("invalid_request");
    expect(oauthError(await tokenRequest(server, { grant_type: "authorization_code" }, { client: c1 }), 400)).toBe("invalid_request");
    const duplicate = await server.request("POST", "/oauth/token", {
      host: "a.test",
      headers: { authorization: basic(c1.client_id, c1.client_secret), "content-type": "application/x-www-form-urlencoded" },
      rawBody: "grant_type=authorization_code&code=a&code=b",
    });
    expect(oauthError(duplicate, 400)).toBe("invalid_request");
    // Decisions: refresh_token is accepted at /oauth/token, and authorization_code at /oauth/token/refresh (the spec's table).
    const tokens = await pair();
    const atToken = await tokenRequest(server, { grant_type: "refresh_token", refresh_token: tokens.refresh_token }, { client: c1 });
    expect(atToken.status).toBe(200);
    issued.push(atToken.body.access_token, atToken.body.refresh_token);
    const tableSpelling = await tokenRequest(server, { grant_type: "authorization_code", refresh_token: atToken.body.refresh_token }, { client: c1, path: "/oauth/token/refresh" });
    expect(tableSpelling.status).toBe(200);
    issued.push(tableSpelling.body.access_token, tableSpelling.body.refresh_token);
  });

  it("item 33 - success is exactly 200 JSON with bearer, 7200 and no-store", async () => {
    const res = await tokenRequest(server, { grant_type: "authorization_code", code: await freshCode() }, { client: c1 });
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers.pragma).toBe("no-cache");
    expect(res.body).toEqual({ access_token: expect.any(String), token_type: "bearer", expires_in: 7200, refresh_token: expect.any(String), scope: "user:read" });
    expect(res.body.access_token).not.toBe("");
    issued.push(res.body.access_token, res.body.refresh_token);
  });

  it("item 29 - a form body over the limit is refused before it is read", async () => {
    const res = await tokenRequest(server, { grant_type: "authorization_code", code: "x".repeat(2 * 1024 * 1024) }, { client: c1 });
    expect(oauthError(res, 413)).toBe("invalid_request");
  });

  it("item 34 - every error is {error, error_description} JSON, 400 unless invalid_client, never cached", async () => {
    const responses = [
      await tokenRequest(server, { grant_type: "foo" }, { client: c1 }),
      await tokenRequest(server, { grant_type: "authorization_code", code: "nope" }, { client: c1 }),
      await tokenRequest(server, { grant_type: "authorization_code", code: "nope" }),
      await refresh("nope"),
    ];
    expect(responses.map((r) => oauthError(r, r.body.error === "invalid_client" ? 401 : 400))).toEqual([
      "unsupported_grant_type", "invalid_grant", "invalid_client", "invalid_grant",
    ]);
    for (const res of responses) expect(Object.keys(res.body).sort()).toEqual(["error", "error_description"]);
  });
});

describe("checklist F: refresh tokens", () => {
  it("item 35 - a refresh token is bound to its client, needs client authentication, and to its tenant", async () => {
    const tokens = await pair();
    expect(oauthError(await refresh(tokens.refresh_token, { client: c2 }), 400)).toBe("invalid_grant");
    expect(oauthError(await refresh(tokens.refresh_token, {}), 401)).toBe("invalid_client");
    const foreign = await registerClient(server.b, { redirect_uris: [R1] });
    expect(oauthError(await refresh(tokens.refresh_token, { client: c1, host: "b.test" }), 401)).toBe("invalid_client");
    expect(oauthError(await refresh(tokens.refresh_token, { client: foreign, host: "b.test" }), 400)).toBe("invalid_grant");
    expect((await refresh(tokens.refresh_token)).status).toBe(200);
  });

  it("item 36 - rotation: a retired refresh token presented again revokes the family", async () => {
    const first = await pair();
    const rotated = await refresh(first.refresh_token);
    expect(rotated.status).toBe(200);
    const second = rotated.body;
    issued.push(second.access_token, second.refresh_token);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await userinfo(server, second.access_token)).status).toBe(200);
    expect(oauthError(await refresh(first.refresh_token), 400)).toBe("invalid_grant");
    expect(oauthError(await refresh(second.refresh_token), 400)).toBe("invalid_grant");
    expect((await userinfo(server, second.access_token)).status).toBe(401);
    expect((await userinfo(server, first.access_token)).status).toBe(401);
  });

  it("item 37 - two concurrent refreshes: exactly one wins and no family forks", async () => {
    const tokens = await pair();
    const results = await Promise.all([refresh(tokens.refresh_token), refresh(tokens.refresh_token)]);
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200)) expect(r.body.error).toBe("invalid_grant");
    for (const r of ok) issued.push(r.body.access_token, r.body.refresh_token);
    // The loser saw a retired token: the family is revoked, so no live refresh token remains.
    for (const r of ok) expect((await refresh(r.body.refresh_token)).body.error).toBe("invalid_grant");
  });

  it("item 38 - lifetimes: 2 hours for access tokens, 30 days for refresh tokens; no wider scope on refresh", async () => {
    const tokens = await pair();
    const rotated = await refresh(tokens.refresh_token);
    expect(rotated.body.expires_in).toBe(7200);
    issued.push(rotated.body.access_token, rotated.body.refresh_token);
    expect(oauthError(await refresh(rotated.body.refresh_token, { client: c1 }, { scope: "user:read,admin" }), 400)).toBe("invalid_scope");
    server.clock.advance(2 * 3600_000 + 1000);
    const expired = await userinfo(server, rotated.body.access_token);
    expect(expired.status).toBe(401);
    expect(expired.headers["www-authenticate"]).toContain('error="invalid_token"');
    const still = await refresh(rotated.body.refresh_token, { client: c1 }, { scope: "user:read" });
    expect(still.status).toBe(200);
    issued.push(still.body.access_token, still.body.refresh_token);
    server.clock.advance(30 * 24 * 3600_000 + 1000);
    expect(oauthError(await refresh(still.body.refresh_token), 400)).toBe("invalid_grant");
  });
});

describe("checklist G: bearer tokens and userinfo", () => {
  it("item 39 - userinfo answers the user's basic data to a valid bearer token", async () => {
    const tokens = await pair();
    const res = await userinfo(server, tokens.access_token);
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.body).toEqual({
      id: user.user.id, name: "Ursula User", email: user.user.email, role: "end_user", phone: "+15550100", photo: null, organization_id: null, language: "de",
    });
  });

  it("item 39 - header only, with the RFC 6750 challenge for each failure", async () => {
    const tokens = await pair();
    const none = await server.request("GET", "/oauth/resource/userinfo", { host: "a.test" });
    expect(none.status).toBe(401);
    expect(none.headers["www-authenticate"]).toBe('Bearer realm="helpdesk"');
    const alg = `${Buffer.from('{"alg":"none"}').toString("base64url")}.${Buffer.from('{"sub":"1"}').toString("base64url")}.`;
    for (const token of ["random-token", alg]) {
      const res = await userinfo(server, token);
      expect(res.status).toBe(401);
      expect(res.headers["www-authenticate"]).toMatch(/^Bearer realm="helpdesk", error="invalid_token"/);
    }
    const query = await server.request("GET", `/oauth/resource/userinfo?access_token=${tokens.access_token}`, { host: "a.test" });
    expect(query.status).toBe(400);
    expect(query.body.error).toBe("invalid_request");
    const twoParts = await server.request("GET", "/oauth/resource/userinfo", { host: "a.test", headers: { authorization: "Bearer a b" } });
    expect(twoParts.status).toBe(400);
    expect(twoParts.headers["www-authenticate"]).toContain('error="invalid_request"');
    expect((await userinfo(server, tokens.access_token, "b.test")).status).toBe(401);
    const post = await server.request("POST", "/oauth/resource/userinfo", {
      host: "a.test",
      headers: { authorization: `Bearer ${tokens.access_token}`, "content-type": "application/x-www-form-urlencoded" },
      rawBody: `access_token=${tokens.access_token}`,
    });
    expect(post.status).toBe(405);
  });

  it("item 39 - a token without user:read is 403 insufficient_scope with the scope named", async () => {
    // Every issued token carries user:read (the only scope), so this token family is written through storage.
    const { tenant } = server.a;
    const grantId = await server.storage.oauthGrants.createGrant(tenant.id, { client_id: c1.id, user_id: user.user.id, scope: "", code_id: null, created_at: server.clock.now() });
    const token = "hda_scopeless-token-for-the-test";
    const tokenHash = createHash("sha256").update(token).digest("hex");
    await server.storage.oauthGrants.addToken(tenant.id, { grant_id: grantId, kind: "access", token_hash: tokenHash, created_at: server.clock.now(), expires_at: server.clock.now() + 60_000 });
    const res = await userinfo(server, token);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe("insufficient_scope");
    expect(res.headers["www-authenticate"]).toBe('Bearer realm="helpdesk", error="insufficient_scope", scope="user:read"');
  });

  it("item 39 - a revoked or deleted user's token is invalid", async () => {
    const other = await server.a.createEndUser();
    const code = await issueCode(server, other, c1);
    const tokens = await exchange(server, c1, code);
    issued.push(code, tokens.access_token, tokens.refresh_token);
    await server.a.adminDesk.users.update(other.user.id, { status: "suspended" });
    expect((await userinfo(server, tokens.access_token)).status).toBe(401);
  });
});
