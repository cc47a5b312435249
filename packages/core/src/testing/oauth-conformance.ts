import { describe, expect, it } from "vitest";
import type { NewAuthorizationCode, NewOAuthClient, OAuthInteractionRecord, OAuthTokenKind, Storage } from "../storage";
import type { ConformanceContext } from "./conformance-context";
import { at, createTenant, createTenants, newUser } from "./fixtures";

const newClient = (overrides: Partial<NewOAuthClient> = {}): NewOAuthClient => ({
  client_id: "hdc_client",
  secret_hash: "f".repeat(64),
  name: "Partner site",
  redirect_uris: ["https://partner.example/cb?tenant=7", "https://partner.example/other"],
  require_pkce: false,
  created_at: at(0),
  ...overrides,
});

/** A tenant with a user and a client: what codes, grants and interactions hang off. */
async function setup(storage: Storage, host?: string) {
  const tenant = await createTenant(storage, host);
  const user = await storage.users.create(tenant.id, newUser({ email: `u@${tenant.host}` }));
  const client = await storage.oauthClients.create(tenant.id, newClient());
  return { tenantId: tenant.id, userId: user.id, clientId: client.id };
}

const newCode = (clientId: number, userId: number, overrides: Partial<NewAuthorizationCode> = {}): NewAuthorizationCode => ({
  code_hash: "code-hash",
  client_id: clientId,
  user_id: userId,
  redirect_uri: "https://partner.example/cb?tenant=7",
  scope: "user:read",
  code_challenge: null,
  created_at: at(0),
  expires_at: at(600),
  ...overrides,
});

/** A family with one access and one refresh token; returns the grant id. */
async function family(storage: Storage, ids: { tenantId: number; clientId: number; userId: number }, codeId: number | null, tag: string) {
  const grantId = await storage.oauthGrants.createGrant(ids.tenantId, { client_id: ids.clientId, user_id: ids.userId, scope: "user:read", code_id: codeId, created_at: at(1) });
  await storage.oauthGrants.addToken(ids.tenantId, { grant_id: grantId, kind: "access", token_hash: `${tag}-access`, created_at: at(1), expires_at: at(7201) });
  await storage.oauthGrants.addToken(ids.tenantId, { grant_id: grantId, kind: "refresh", token_hash: `${tag}-refresh`, created_at: at(1), expires_at: at(9000) });
  return grantId;
}

/** A family with the given tokens (kind, hash, expiry); returns the grant id. */
async function familyOf(storage: Storage, ids: { tenantId: number; clientId: number; userId: number }, codeId: number | null, tokens: Array<[OAuthTokenKind, string, number]>) {
  const grantId = await storage.oauthGrants.createGrant(ids.tenantId, { client_id: ids.clientId, user_id: ids.userId, scope: "user:read", code_id: codeId, created_at: at(1) });
  for (const [kind, hash, expiresAt] of tokens) await storage.oauthGrants.addToken(ids.tenantId, { grant_id: grantId, kind, token_hash: hash, created_at: at(1), expires_at: expiresAt });
  return grantId;
}

export function describeOAuth(ctx: ConformanceContext): void {
  describe("oauth clients", () => {
    it("oauthClients.create - returns the client without its secret hash; findByClientId adds the hash", async () => {
      const tenant = await createTenant(ctx.storage);
      const created = await ctx.storage.oauthClients.create(tenant.id, newClient({ require_pkce: true }));
      expect(created).toEqual({
        id: expect.any(Number),
        client_id: "hdc_client",
        name: "Partner site",
        redirect_uris: ["https://partner.example/cb?tenant=7", "https://partner.example/other"],
        require_pkce: true,
        created_at: at(0),
      });
      expect(await ctx.storage.oauthClients.get(tenant.id, created.id)).toEqual(created);
      expect(await ctx.storage.oauthClients.findByClientId(tenant.id, "hdc_client")).toEqual({ ...created, secret_hash: "f".repeat(64) });
      expect(await ctx.storage.oauthClients.findByClientId(tenant.id, "HDC_CLIENT")).toBeNull();
      expect(await ctx.storage.oauthClients.list(tenant.id)).toEqual([created]);
    });

    it("oauthClients - another tenant never sees a client, even by its client_id", async () => {
      const [a, b] = await createTenants(ctx.storage);
      const created = await ctx.storage.oauthClients.create(a.id, newClient());
      expect(await ctx.storage.oauthClients.get(b.id, created.id)).toBeNull();
      expect(await ctx.storage.oauthClients.findByClientId(b.id, "hdc_client")).toBeNull();
      expect(await ctx.storage.oauthClients.list(b.id)).toEqual([]);
      expect(await ctx.storage.oauthClients.delete(b.id, created.id)).toBe(false);
    });

    it("oauthClients.delete - removes the client with its codes, tokens and interactions", async () => {
      const ids = await setup(ctx.storage);
      await ctx.storage.oauthGrants.createCode(ids.tenantId, newCode(ids.clientId, ids.userId));
      await family(ctx.storage, ids, null, "f1");
      await ctx.storage.oauthSessions.createInteraction(ids.tenantId, "i1", interaction(ids.clientId));
      expect(await ctx.storage.oauthClients.delete(ids.tenantId, ids.clientId)).toBe(true);
      expect(await ctx.storage.oauthClients.get(ids.tenantId, ids.clientId)).toBeNull();
      expect(await ctx.storage.oauthGrants.consumeCode(ids.tenantId, "code-hash", at(2))).toBeNull();
      expect(await ctx.storage.oauthGrants.findToken(ids.tenantId, "access", "f1-access")).toBeNull();
      expect(await ctx.storage.oauthSessions.getInteraction(ids.tenantId, "i1")).toBeNull();
      expect(await ctx.storage.oauthClients.delete(ids.tenantId, ids.clientId)).toBe(false);
    });
  });

  describe("oauth codes and tokens", () => {
    it("oauthGrants.consumeCode - the first use gets the code, later ones see it replayed, unknown is null", async () => {
      const ids = await setup(ctx.storage);
      const created = await ctx.storage.oauthGrants.createCode(ids.tenantId, newCode(ids.clientId, ids.userId, { code_challenge: "c".repeat(43) }));
      expect(created).toEqual({ id: expect.any(Number), ...newCode(ids.clientId, ids.userId, { code_challenge: "c".repeat(43) }), code_hash: undefined });
      expect(await ctx.storage.oauthGrants.consumeCode(ids.tenantId, "code-hash", at(5))).toEqual({ code: created, replayed: false });
      expect(await ctx.storage.oauthGrants.consumeCode(ids.tenantId, "code-hash", at(6))).toEqual({ code: created, replayed: true });
      expect(await ctx.storage.oauthGrants.consumeCode(ids.tenantId, "other-hash", at(6))).toBeNull();
    });

    it("oauthGrants.consumeCode - of concurrent uses exactly one is first", async () => {
      const ids = await setup(ctx.storage);
      await ctx.storage.oauthGrants.createCode(ids.tenantId, newCode(ids.clientId, ids.userId));
      const results = await Promise.all(Array.from({ length: 10 }, () => ctx.storage.oauthGrants.consumeCode(ids.tenantId, "code-hash", at(5))));
      expect(results.filter((r) => r?.replayed === false)).toHaveLength(1);
      expect(results.filter((r) => r?.replayed === true)).toHaveLength(9);
    });

    it("oauthGrants.consumeCode - a replay revokes the families redeemed from the code, even one created after it", async () => {
      const ids = await setup(ctx.storage);
      const code = await ctx.storage.oauthGrants.createCode(ids.tenantId, newCode(ids.clientId, ids.userId));
      await ctx.storage.oauthGrants.consumeCode(ids.tenantId, "code-hash", at(1));
      await family(ctx.storage, ids, null, "unrelated");
      await family(ctx.storage, ids, code.id, "before");
      expect((await ctx.storage.oauthGrants.findToken(ids.tenantId, "access", "before-access"))?.grant_revoked_at).toBeNull();
      await ctx.storage.oauthGrants.consumeCode(ids.tenantId, "code-hash", at(3));
      await family(ctx.storage, ids, code.id, "after");
      for (const tag of ["before", "after"]) {
        expect((await ctx.storage.oauthGrants.findToken(ids.tenantId, "access", `${tag}-access`))?.grant_revoked_at).toBe(at(3));
        expect((await ctx.storage.oauthGrants.findToken(ids.tenantId, "refresh", `${tag}-refresh`))?.grant_revoked_at).toBe(at(3));
      }
      expect((await ctx.storage.oauthGrants.findToken(ids.tenantId, "access", "unrelated-access"))?.grant_revoked_at).toBeNull();
    });

    it("oauthGrants.findToken - the token with its family, by kind and hash", async () => {
      const ids = await setup(ctx.storage);
      const grantId = await family(ctx.storage, ids, null, "t");
      expect(await ctx.storage.oauthGrants.findToken(ids.tenantId, "access", "t-access")).toEqual({
        id: expect.any(Number),
        grant_id: grantId,
        kind: "access",
        expires_at: at(7201),
        retired_at: null,
        client_id: ids.clientId,
        user_id: ids.userId,
        scope: "user:read",
        grant_revoked_at: null,
      });
      expect(await ctx.storage.oauthGrants.findToken(ids.tenantId, "refresh", "t-access")).toBeNull();
      expect(await ctx.storage.oauthGrants.findToken(ids.tenantId, "access", "nope")).toBeNull();
    });

    it("oauthGrants.retireToken - true once, for exactly one of concurrent callers", async () => {
      const ids = await setup(ctx.storage);
      await family(ctx.storage, ids, null, "r");
      const token = (await ctx.storage.oauthGrants.findToken(ids.tenantId, "refresh", "r-refresh"))!;
      const results = await Promise.all(Array.from({ length: 5 }, () => ctx.storage.oauthGrants.retireToken(ids.tenantId, token.id, at(10))));
      expect(results.filter(Boolean)).toHaveLength(1);
      expect((await ctx.storage.oauthGrants.findToken(ids.tenantId, "refresh", "r-refresh"))?.retired_at).toBe(at(10));
      expect(await ctx.storage.oauthGrants.retireToken(ids.tenantId, token.id, at(11))).toBe(false);
    });

    it("oauthGrants.revokeGrant - revokes every token of the family and keeps the first time", async () => {
      const ids = await setup(ctx.storage);
      const grantId = await family(ctx.storage, ids, null, "g");
      await ctx.storage.oauthGrants.revokeGrant(ids.tenantId, grantId, at(20));
      await ctx.storage.oauthGrants.revokeGrant(ids.tenantId, grantId, at(30));
      expect((await ctx.storage.oauthGrants.findToken(ids.tenantId, "access", "g-access"))?.grant_revoked_at).toBe(at(20));
      expect((await ctx.storage.oauthGrants.findToken(ids.tenantId, "refresh", "g-refresh"))?.grant_revoked_at).toBe(at(20));
    });

    it("oauthGrants - codes and tokens of one tenant are invisible to another", async () => {
      const a = await setup(ctx.storage, "alpha.example.com");
      const b = await setup(ctx.storage, "beta.example.com");
      await ctx.storage.oauthGrants.createCode(a.tenantId, newCode(a.clientId, a.userId));
      const grantId = await family(ctx.storage, a, null, "x");
      expect(await ctx.storage.oauthGrants.consumeCode(b.tenantId, "code-hash", at(1))).toBeNull();
      expect(await ctx.storage.oauthGrants.findToken(b.tenantId, "access", "x-access")).toBeNull();
      const token = (await ctx.storage.oauthGrants.findToken(a.tenantId, "refresh", "x-refresh"))!;
      expect(await ctx.storage.oauthGrants.retireToken(b.tenantId, token.id, at(2))).toBe(false);
      await ctx.storage.oauthGrants.revokeGrant(b.tenantId, grantId, at(2));
      expect((await ctx.storage.oauthGrants.findToken(a.tenantId, "access", "x-access"))?.grant_revoked_at).toBeNull();
      expect((await ctx.storage.oauthGrants.consumeCode(a.tenantId, "code-hash", at(3)))?.replayed).toBe(false);
    });

    it("oauthGrants - deleting the user removes their codes and tokens", async () => {
      const ids = await setup(ctx.storage);
      await ctx.storage.oauthGrants.createCode(ids.tenantId, newCode(ids.clientId, ids.userId));
      await family(ctx.storage, ids, null, "d");
      await ctx.storage.users.delete(ids.tenantId, ids.userId);
      expect(await ctx.storage.oauthGrants.consumeCode(ids.tenantId, "code-hash", at(1))).toBeNull();
      expect(await ctx.storage.oauthGrants.findToken(ids.tenantId, "access", "d-access")).toBeNull();
    });
  });

  describe("oauth sessions and interactions", () => {
    it("oauthSessions - sessions are created, read and deleted by hash, per tenant", async () => {
      const [a, b] = await createTenants(ctx.storage);
      const user = await ctx.storage.users.create(a.id, newUser());
      await ctx.storage.oauthSessions.createSession(a.id, "s1", { user_id: user.id, created_at: at(0), expires_at: at(100) });
      await ctx.storage.oauthSessions.createSession(a.id, "s2", { user_id: null, created_at: at(0), expires_at: at(100) });
      expect(await ctx.storage.oauthSessions.getSession(a.id, "s1")).toEqual({ user_id: user.id, created_at: at(0), expires_at: at(100) });
      expect(await ctx.storage.oauthSessions.getSession(a.id, "s2")).toEqual({ user_id: null, created_at: at(0), expires_at: at(100) });
      expect(await ctx.storage.oauthSessions.getSession(b.id, "s1")).toBeNull();
      await ctx.storage.oauthSessions.deleteSession(b.id, "s1");
      expect(await ctx.storage.oauthSessions.getSession(a.id, "s1")).not.toBeNull();
      await ctx.storage.oauthSessions.deleteSession(a.id, "s1");
      expect(await ctx.storage.oauthSessions.getSession(a.id, "s1")).toBeNull();
    });

    it("oauthSessions - interactions are read, rebound and taken once", async () => {
      const ids = await setup(ctx.storage);
      const record = interaction(ids.clientId);
      await ctx.storage.oauthSessions.createInteraction(ids.tenantId, "i1", record);
      expect(await ctx.storage.oauthSessions.getInteraction(ids.tenantId, "i1")).toEqual(record);
      expect(await ctx.storage.oauthSessions.bindInteraction(ids.tenantId, "i1", { session_hash: "s2", user_id: ids.userId })).toBe(true);
      expect(await ctx.storage.oauthSessions.bindInteraction(ids.tenantId, "nope", { session_hash: "s2", user_id: ids.userId })).toBe(false);
      const bound = { ...record, session_hash: "s2", user_id: ids.userId };
      const taken = await Promise.all(Array.from({ length: 5 }, () => ctx.storage.oauthSessions.takeInteraction(ids.tenantId, "i1")));
      expect(taken.filter((t) => t !== null)).toEqual([bound]);
      expect(await ctx.storage.oauthSessions.getInteraction(ids.tenantId, "i1")).toBeNull();
    });

    it("oauthSessions - another tenant cannot read, rebind or take an interaction", async () => {
      const a = await setup(ctx.storage, "alpha.example.com");
      const b = await setup(ctx.storage, "beta.example.com");
      await ctx.storage.oauthSessions.createInteraction(a.tenantId, "i1", interaction(a.clientId));
      expect(await ctx.storage.oauthSessions.getInteraction(b.tenantId, "i1")).toBeNull();
      expect(await ctx.storage.oauthSessions.bindInteraction(b.tenantId, "i1", { session_hash: "x", user_id: null })).toBe(false);
      expect(await ctx.storage.oauthSessions.takeInteraction(b.tenantId, "i1")).toBeNull();
      expect(await ctx.storage.oauthSessions.getInteraction(a.tenantId, "i1")).toEqual(interaction(a.clientId));
    });
  });

  describe("oauth prune", () => {
    const prune = async (before: number, limit = 100) => ({
      ...(await ctx.storage.oauthGrants.pruneExpired(before, limit)),
      ...(await ctx.storage.oauthSessions.pruneExpired(before, limit)),
    });
    const token = (tenantId: number, kind: OAuthTokenKind, hash: string) => ctx.storage.oauthGrants.findToken(tenantId, kind, hash);

    it("pruneExpired - deletes what ended before the bound and keeps what did not", async () => {
      const ids = await setup(ctx.storage);
      const grants = ctx.storage.oauthGrants;
      await grants.createCode(ids.tenantId, newCode(ids.clientId, ids.userId, { code_hash: "stale", expires_at: at(600) }));
      await grants.createCode(ids.tenantId, newCode(ids.clientId, ids.userId, { code_hash: "fresh", expires_at: at(9000) }));
      await grants.createCode(ids.tenantId, newCode(ids.clientId, ids.userId, { code_hash: "burnt", expires_at: at(600) }));
      await grants.consumeCode(ids.tenantId, "burnt", at(10));
      const redeemed = await grants.createCode(ids.tenantId, newCode(ids.clientId, ids.userId, { code_hash: "redeemed", expires_at: at(600) }));
      await grants.consumeCode(ids.tenantId, "redeemed", at(10));
      await family(ctx.storage, ids, redeemed.id, "live");
      await familyOf(ctx.storage, ids, null, [["access", "dead-access", at(100)], ["refresh", "dead-old", at(150)], ["refresh", "dead-refresh", at(200)]]);
      await grants.revokeGrant(ids.tenantId, await family(ctx.storage, ids, null, "revoked"), at(7000));
      await grants.revokeGrant(ids.tenantId, await family(ctx.storage, ids, null, "recent"), at(8500));
      const sessions = ctx.storage.oauthSessions;
      await sessions.createSession(ids.tenantId, "s-old", { user_id: ids.userId, created_at: at(0), expires_at: at(100) });
      await sessions.createSession(ids.tenantId, "s-new", { user_id: ids.userId, created_at: at(0), expires_at: at(8000) });
      await sessions.createInteraction(ids.tenantId, "i-old", { ...interaction(ids.clientId), expires_at: at(100) });
      await sessions.createInteraction(ids.tenantId, "i-new", { ...interaction(ids.clientId), expires_at: at(8000) });

      // Ends exactly at the bound are kept: only what ended before it goes.
      expect(await prune(at(8000))).toEqual({ families: 2, tokens: 2, codes: 2, sessions: 1, interactions: 1 });
      expect(await prune(at(8000))).toEqual({ families: 0, tokens: 0, codes: 0, sessions: 0, interactions: 0 });

      for (const hash of ["dead-access", "revoked-access", "live-access", "recent-access"]) expect(await token(ids.tenantId, "access", hash), hash).toBeNull();
      for (const hash of ["dead-old", "dead-refresh", "revoked-refresh"]) expect(await token(ids.tenantId, "refresh", hash), hash).toBeNull();
      expect((await token(ids.tenantId, "refresh", "live-refresh"))?.grant_revoked_at).toBeNull();
      expect((await token(ids.tenantId, "refresh", "recent-refresh"))?.grant_revoked_at).toBe(at(8500));
      expect(await sessions.getSession(ids.tenantId, "s-old")).toBeNull();
      expect(await sessions.getSession(ids.tenantId, "s-new")).not.toBeNull();
      expect(await sessions.getInteraction(ids.tenantId, "i-old")).toBeNull();
      expect(await sessions.getInteraction(ids.tenantId, "i-new")).not.toBeNull();
      expect(await grants.consumeCode(ids.tenantId, "stale", at(8001))).toBeNull();
      expect(await grants.consumeCode(ids.tenantId, "burnt", at(8001))).toBeNull();
      expect((await grants.consumeCode(ids.tenantId, "fresh", at(8001)))?.replayed).toBe(false);
      // The code a live family came from is kept: replaying it still revokes that family.
      expect((await grants.consumeCode(ids.tenantId, "redeemed", at(8001)))?.replayed).toBe(true);
      expect((await token(ids.tenantId, "refresh", "live-refresh"))?.grant_revoked_at).toBe(at(8001));
    });

    it("pruneExpired - a replayed code stays while its family lives, then both go and a replay finds nothing", async () => {
      const ids = await setup(ctx.storage);
      const grants = ctx.storage.oauthGrants;
      const code = await grants.createCode(ids.tenantId, newCode(ids.clientId, ids.userId));
      await grants.consumeCode(ids.tenantId, "code-hash", at(1));
      await family(ctx.storage, ids, code.id, "f");
      await grants.consumeCode(ids.tenantId, "code-hash", at(2));
      // Past the code's and the access token's expiry, before the refresh token's: the family stays revoked through its code.
      expect(await prune(at(8000))).toEqual({ families: 0, tokens: 1, codes: 0, sessions: 0, interactions: 0 });
      expect((await token(ids.tenantId, "refresh", "f-refresh"))?.grant_revoked_at).toBe(at(2));
      expect(await prune(at(9001))).toEqual({ families: 1, tokens: 0, codes: 1, sessions: 0, interactions: 0 });
      expect(await token(ids.tenantId, "refresh", "f-refresh")).toBeNull();
      expect(await grants.consumeCode(ids.tenantId, "code-hash", at(9002))).toBeNull();
    });

    it("pruneExpired - works across tenants, at most `limit` rows of each kind per call", async () => {
      const a = await setup(ctx.storage, "alpha.example.com");
      const b = await setup(ctx.storage, "beta.example.com");
      for (const ids of [a, b]) {
        await ctx.storage.oauthGrants.createCode(ids.tenantId, newCode(ids.clientId, ids.userId));
        await familyOf(ctx.storage, ids, null, [["refresh", "gone", at(100)]]);
        await ctx.storage.oauthSessions.createSession(ids.tenantId, "s", { user_id: null, created_at: at(0), expires_at: at(100) });
        await ctx.storage.oauthSessions.createInteraction(ids.tenantId, "i", { ...interaction(ids.clientId), expires_at: at(100) });
      }
      const one = { families: 1, tokens: 0, codes: 1, sessions: 1, interactions: 1 };
      expect(await prune(at(1000), 1)).toEqual(one);
      expect(await prune(at(1000), 1)).toEqual(one);
      expect(await prune(at(1000), 1)).toEqual({ families: 0, tokens: 0, codes: 0, sessions: 0, interactions: 0 });
      for (const ids of [a, b]) {
        expect(await ctx.storage.oauthGrants.consumeCode(ids.tenantId, "code-hash", at(1001))).toBeNull();
        expect(await ctx.storage.oauthSessions.getSession(ids.tenantId, "s")).toBeNull();
      }
    });
  });
}

function interaction(clientId: number): OAuthInteractionRecord {
  return {
    session_hash: "s1",
    client_id: clientId,
    redirect_uri: "https://partner.example/cb?tenant=7",
    scope: "user:read",
    state: "xyz",
    code_challenge: null,
    user_id: null,
    created_at: at(0),
    expires_at: at(1800),
  };
}
