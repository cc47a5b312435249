import { describe, expect, it } from "vitest";
import type { TestServer, TestUser } from "../support/server";
import {
  Browser, formFields, issueCode, locationParams, pkcePair, registerClient, serveWatchingLogs, tokenRequest, userinfo, type TestOAuthClient,
} from "../support/oauth";

// Checklist sections C and D: the authorization code and PKCE (items 17 to 28).
const R1 = "https://client.test/cb";
let server: TestServer;
let user: TestUser;
let c1: TestOAuthClient;
let c2: TestOAuthClient;
const issued: string[] = [];

serveWatchingLogs(
  async (started) => {
    server = started;
    user = await server.a.createEndUser({ name: "Ursula User" });
    c1 = await registerClient(server.a, { name: "Client One", redirect_uris: [R1] });
    c2 = await registerClient(server.a, { name: "Client Two", redirect_uris: ["https://two.test/a", "https://two.test/b"] });
  },
  () => [...issued, c1.client_secret, c2.client_secret],
);

const code = async (client = c1, extra: Record<string, string> = {}) => {
  const value = await issueCode(server, user, client, extra);
  issued.push(value);
  return value;
};
const redeem = (value: string, client = c1, extra: Record<string, string> = {}) =>
  tokenRequest(server, { grant_type: "authorization_code", code: value, ...extra }, { client });
const tokensOf = (res: Awaited<ReturnType<typeof redeem>>) => {
  expect(res.status, res.text).toBe(200);
  issued.push(res.body.access_token, res.body.refresh_token);
  return res.body as { access_token: string; refresh_token: string };
};
const refresh = (refreshToken: string, client = c1) =>
  tokenRequest(server, { grant_type: "refresh_token", refresh_token: refreshToken }, { client, path: "/oauth/token/refresh" });

/** Checks ≥128 bits of entropy, a URL-safe charset, distinct values and no shared prefix beyond the fixed tag. */
function expectStrongSecrets(values: string[], tag: string) {
  expect(new Set(values).size).toBe(values.length);
  for (const value of values) {
    expect(value.startsWith(tag)).toBe(true);
    const random = value.slice(tag.length);
    expect(random).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(random.length * Math.log2(64)).toBeGreaterThanOrEqual(128);
  }
  const common = (a: string, b: string) => [...a].findIndex((c, i) => c !== b[i]);
  const longest = Math.max(...values.slice(1).map((v) => common(v, values[0]!)));
  expect(longest).toBeLessThan(tag.length + 4);
}

describe("checklist C: authorization code", () => {
  it("item 17 - codes, tokens and client secrets carry at least 128 random bits", async () => {
    const codes: string[] = [];
    const browser = new Browser(server, "a.test");
    for (let i = 0; i < 50; i++) codes.push(await issueCode(server, user, c1, {}, browser));
    issued.push(...codes);
    expectStrongSecrets(codes, "hdx_");
    const pairs = [];
    for (const value of codes.slice(0, 10)) pairs.push(tokensOf(await redeem(value)));
    expectStrongSecrets(pairs.map((p) => p.access_token), "hda_");
    expectStrongSecrets(pairs.map((p) => p.refresh_token), "hdr_");
    const clients = [];
    for (let i = 0; i < 10; i++) clients.push(await registerClient(server.a, { redirect_uris: [R1] }));
    expectStrongSecrets(clients.map((c) => c.client_secret), "hds_");
    expectStrongSecrets(clients.map((c) => c.client_id), "hdc_");
  });

  it("item 18 - a code lives 10 minutes on the server's clock", async () => {
    const young = await code();
    server.clock.advance(9 * 60_000 + 59_000);
    tokensOf(await redeem(young));
    const old = await code();
    server.clock.advance(10 * 60_000 + 1_000);
    const res = await redeem(old);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("invalid_grant");
  });

  it("item 19 - a code works once; a replay revokes the tokens issued from it", async () => {
    const value = await code();
    const first = tokensOf(await redeem(value));
    const replay = await redeem(value);
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe("invalid_grant");
    const info = await userinfo(server, first.access_token);
    expect(info.status).toBe(401);
    expect(info.headers["www-authenticate"]).toContain('error="invalid_token"');
    expect((await refresh(first.refresh_token)).body.error).toBe("invalid_grant");
  });

  it("item 20 - ten concurrent redemptions: exactly one succeeds, and the replays revoke its tokens", async () => {
    for (let round = 0; round < 2; round++) {
      const value = await code();
      const results = await Promise.all(Array.from({ length: 10 }, () => redeem(value)));
      const ok = results.filter((r) => r.status === 200);
      expect(ok).toHaveLength(1);
      expect(results.filter((r) => r.status === 400 && r.body.error === "invalid_grant")).toHaveLength(9);
      const tokens = tokensOf(ok[0]!);
      expect((await userinfo(server, tokens.access_token)).status).toBe(401);
    }
  });

  it("item 21 - a code is bound to its client, and a wrong client burns it", async () => {
    const other = await registerClient(server.a, { redirect_uris: [R1] });
    const value = await code();
    const wrong = await redeem(value, other);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe("invalid_grant");
    expect((await redeem(value)).body.error).toBe("invalid_grant");
  });

  it("item 22 - a code is bound to its tenant", async () => {
    const value = await code();
    const foreignClient = await registerClient(server.b, { redirect_uris: [R1] });
    const withOwnCredentials = await tokenRequest(server, { grant_type: "authorization_code", code: value }, { client: c1, host: "b.test" });
    expect(withOwnCredentials.status).toBe(401);
    expect(withOwnCredentials.body.error).toBe("invalid_client");
    const withForeignClient = await tokenRequest(server, { grant_type: "authorization_code", code: value }, { client: foreignClient, host: "b.test" });
    expect(withForeignClient.status).toBe(400);
    expect(withForeignClient.body.error).toBe("invalid_grant");
  });

  it("item 23 - a code is bound to its redirect URI; an omitted one at the token endpoint is accepted", async () => {
    const value = await code(c2, { redirect_uri: "https://two.test/a" });
    const mismatch = await redeem(value, c2, { redirect_uri: "https://two.test/b" });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error).toBe("invalid_grant");
    tokensOf(await redeem(await code(c2, { redirect_uri: "https://two.test/b" }), c2, { redirect_uri: "https://two.test/b" }));
    tokensOf(await redeem(await code(c2, { redirect_uri: "https://two.test/a" }), c2));
  });

  it("item 24 - a code carries the consented scope and the user who approved, whoever signs in later", async () => {
    const other = await server.a.createEndUser({ name: "Victor Later" });
    const browser = new Browser(server, "a.test");
    const value = await issueCode(server, user, c1, { scope: "user:read" }, browser);
    issued.push(value);
    // Another user signs in in the same browser before the client redeems the code.
    const consent = await browser.authorize({ response_type: "code", client_id: c1.client_id, redirect_uri: R1 });
    expect((await browser.post("/authorize/logout", formFields(consent.text))).status).toBe(200);
    expect((await browser.login(await browser.authorize({ response_type: "code", client_id: c1.client_id, redirect_uri: R1 }), other)).text).toContain('action="/authorize/decision"');
    const res = await redeem(value);
    const tokens = tokensOf(res);
    expect(res.body.scope).toBe("user:read");
    const info = await userinfo(server, tokens.access_token);
    expect(info.body.id).toBe(user.user.id);
    expect(info.body.name).toBe("Ursula User");
  });
});

describe("checklist D: PKCE", () => {
  it("item 25 - a challenge sent means the verifier is enforced", async () => {
    const { verifier, challenge } = pkcePair();
    const pkce = { code_challenge: challenge, code_challenge_method: "S256" };
    for (const bad of [{}, { code_verifier: pkcePair().verifier }, { code_verifier: "a".repeat(42) }, { code_verifier: "a".repeat(129) }, { code_verifier: `${"a".repeat(42)}!` }]) {
      const res = await redeem(await code(c1, pkce), c1, bad);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe("invalid_grant");
    }
    tokensOf(await redeem(await code(c1, pkce), c1, { code_verifier: verifier }));
  });

  it("item 25 - a client configured to require PKCE cannot authorize without it", async () => {
    const strict = await registerClient(server.a, { redirect_uris: [R1], require_pkce: true });
    const res = await new Browser(server, "a.test").authorize({ response_type: "code", client_id: strict.client_id, redirect_uri: R1, state: "s" });
    expect(res.status).toBe(303);
    expect(locationParams(res).get("error")).toBe("invalid_request");
    const { verifier, challenge } = pkcePair();
    tokensOf(await redeem(await code(strict, { code_challenge: challenge, code_challenge_method: "S256" }), strict, { code_verifier: verifier }));
  });

  it("item 26 - a verifier for a code issued without a challenge is a downgrade: invalid_grant", async () => {
    const res = await redeem(await code(), c1, { code_verifier: pkcePair().verifier });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("invalid_grant");
  });

  it("item 27 - only S256: plain, unknown or missing methods go back as invalid_request", async () => {
    const { challenge } = pkcePair();
    for (const method of [{ code_challenge_method: "plain" }, { code_challenge_method: "foo" }, {}]) {
      const res = await new Browser(server, "a.test").authorize({ response_type: "code", client_id: c1.client_id, redirect_uri: R1, state: "s", code_challenge: challenge, ...method });
      expect(res.status).toBe(303);
      expect(String(res.headers.location).startsWith(R1)).toBe(true);
      expect(locationParams(res).get("error")).toBe("invalid_request");
      expect(locationParams(res).has("code")).toBe(false);
    }
  });

  it("item 28 - a failed verifier burns the code", async () => {
    const { verifier, challenge } = pkcePair();
    const value = await code(c1, { code_challenge: challenge, code_challenge_method: "S256" });
    expect((await redeem(value, c1, { code_verifier: pkcePair().verifier })).body.error).toBe("invalid_grant");
    expect((await redeem(value, c1, { code_verifier: verifier })).body.error).toBe("invalid_grant");
  });
});

