import { createHash } from "node:crypto";
import { OAUTH_PRUNE_GRACE_MS } from "@helpdesk/core";
import { describe, expect, it } from "vitest";
import type { TestServer, TestUser } from "../support/server";
import { Browser, exchange, issueCode, oauthError, registerClient, serveWatchingLogs, tokenRequest, userinfo, type TestOAuthClient } from "../support/oauth";

const R1 = "https://client.test/cb";
const REFRESH_TTL_MS = 30 * 24 * 3600_000;
let server: TestServer;
let user: TestUser;
let client: TestOAuthClient;
const issued: string[] = [];

serveWatchingLogs(
  async (started) => {
    server = started;
    user = await server.a.createEndUser({ name: "Ursula User" });
    client = await registerClient(server.a, { redirect_uris: [R1] });
  },
  () => [...issued, client.client_secret],
);

const code = async () => {
  const issuedCode = await issueCode(server, user, client);
  issued.push(issuedCode);
  return issuedCode;
};
const pair = async () => {
  const tokens = await exchange(server, client, await code());
  issued.push(tokens.access_token, tokens.refresh_token);
  return tokens;
};
const hash = (secret: string) => createHash("sha256").update(secret).digest("hex");
const stored = (kind: "access" | "refresh", token: string) => server.storage.oauthGrants.findToken(server.a.tenant.id, kind, hash(token));
const redeem = (value: string) => tokenRequest(server, { grant_type: "authorization_code", code: value }, { client });
const refresh = (token: string) => tokenRequest(server, { grant_type: "refresh_token", refresh_token: token }, { client, path: "/oauth/token/refresh" });

describe("pruning expired OAuth rows", () => {
  it("the sweep deletes codes, token families, sessions and interactions past their lifetime; fresh ones keep working", async () => {
    const unused = await code();
    const redeemedCode = await code();
    const old = await exchange(server, client, redeemedCode);
    issued.push(old.access_token, old.refresh_token);
    // A sign-in left at the login page: its session and pending authorization are abandoned.
    const abandoned = await new Browser(server, "a.test").authorize({ response_type: "code", client_id: client.client_id, redirect_uri: R1 });
    expect(abandoned.status).toBe(200);

    server.clock.advance(REFRESH_TTL_MS + OAUTH_PRUNE_GRACE_MS + 1000);
    const fresh = await pair();
    const freshCode = await code();

    const pruned = await server.desk.pruneOAuth();
    expect(pruned).toMatchObject({ codes: 2, families: 1, tokens: 0, interactions: 1 });
    expect(pruned.sessions).toBeGreaterThanOrEqual(1);
    expect(await stored("access", old.access_token)).toBeNull();
    expect(await stored("refresh", old.refresh_token)).toBeNull();
    expect(await server.desk.pruneOAuth()).toEqual({ codes: 0, families: 0, tokens: 0, sessions: 0, interactions: 0 });

    // What was pruned is refused as before: unknown now rather than expired.
    expect(oauthError(await redeem(unused), 400)).toBe("invalid_grant");
    expect(oauthError(await redeem(redeemedCode), 400)).toBe("invalid_grant");
    expect(oauthError(await refresh(old.refresh_token), 400)).toBe("invalid_grant");
    expect((await userinfo(server, old.access_token)).status).toBe(401);

    // What is live was kept.
    expect((await userinfo(server, fresh.access_token)).status).toBe(200);
    const rotated = await refresh(fresh.refresh_token);
    expect(rotated.status, rotated.text).toBe(200);
    issued.push(rotated.body.access_token, rotated.body.refresh_token);
    const exchanged = await exchange(server, client, freshCode);
    issued.push(exchanged.access_token, exchanged.refresh_token);
    expect((await userinfo(server, exchanged.access_token)).status).toBe(200);
  });

  it("a replayed code keeps its family revoked until the family is pruned with it", async () => {
    const redeemedCode = await code();
    const tokens = await exchange(server, client, redeemedCode);
    issued.push(tokens.access_token, tokens.refresh_token);
    expect(oauthError(await redeem(redeemedCode), 400)).toBe("invalid_grant");

    // Past the code's and the access token's lifetime, not the refresh token's: the code stays, the family stays revoked.
    server.clock.advance(3 * 3600_000 + OAUTH_PRUNE_GRACE_MS);
    expect((await server.desk.pruneOAuth()).codes).toBe(0);
    expect(await stored("access", tokens.access_token)).toBeNull();
    expect((await stored("refresh", tokens.refresh_token))?.grant_revoked_at).toEqual(expect.any(Number));
    expect(oauthError(await refresh(tokens.refresh_token), 400)).toBe("invalid_grant");

    server.clock.advance(REFRESH_TTL_MS);
    await server.desk.pruneOAuth();
    expect(await stored("refresh", tokens.refresh_token)).toBeNull();
    expect(oauthError(await redeem(redeemedCode), 400)).toBe("invalid_grant");
    expect(await server.storage.oauthGrants.consumeCode(server.a.tenant.id, hash(redeemedCode), server.clock.now())).toBeNull();
  });
});
