import type { Clock } from "../clock";
import type { TokenRequest, TokenResponse } from "../domain/oauth";
import type { User } from "../domain/user";
import type { OAuthClientWithSecret, Storage } from "../storage";
import type { FailureLimiter } from "./failure-limiter";
import type { ResolvedOAuthOptions } from "./oauth-options";
import { oauthError } from "./oauth-errors";
import { hashSecret, newSecret, safeEqual, verifyPkce } from "./oauth-secrets";
import { grantedScope, hasScope } from "./scope";

/** Which endpoint a token request came to: the spec gives refresh its own address. */
export type TokenEndpoint = "token" | "refresh";

// Compared against when the client is unknown, so an unknown id costs what a wrong secret does.
const NO_SECRET_HASH = hashSecret("");

const invalidGrant = () => oauthError("OAUTH_INVALID_GRANT");

/** A challenge needs its verifier; a verifier without a challenge is a PKCE downgrade attempt (RFC 9700 §4.8). */
function pkceSatisfied(challenge: string | null, verifier: string | undefined): boolean {
  if (challenge === null) return verifier === undefined;
  return verifier !== undefined && verifyPkce(verifier, challenge);
}

/** The token endpoints and bearer-token checks. */
export function createTokenService(storage: Storage, clock: Clock, options: ResolvedOAuthOptions, clientFailures: FailureLimiter) {
  const grants = storage.oauthGrants;

  /**
   * HTTP Basic is the one client authentication method (RFC 6749 §2.3.1);
   * a secret in the body as well is two methods at once (§2.3), and a body
   * `client_id` must name the same client.
   */
  async function authenticateClient(tenantId: number, request: TokenRequest): Promise<OAuthClientWithSecret> {
    const { credentials, form } = request;
    if (credentials !== null && form.client_secret !== undefined) throw oauthError("OAUTH_INVALID_REQUEST", "Use only one client authentication method");
    if (credentials === null) throw oauthError("OAUTH_INVALID_CLIENT", "Authenticate the client with HTTP Basic");
    if (form.client_id !== undefined && form.client_id !== credentials.clientId) throw oauthError("OAUTH_INVALID_REQUEST", "client_id differs from the authenticated client");
    const key = `${tenantId}:${credentials.clientId}`;
    clientFailures.check(key);
    const client = await storage.oauthClients.findByClientId(tenantId, credentials.clientId);
    const matches = safeEqual(hashSecret(credentials.clientSecret), client?.secret_hash ?? NO_SECRET_HASH);
    if (client === null || !matches) {
      clientFailures.fail(key);
      throw oauthError("OAUTH_INVALID_CLIENT");
    }
    clientFailures.succeed(key);
    return client;
  }

  async function activeUser(tenantId: number, userId: number): Promise<User | null> {
    const user = await storage.users.get(tenantId, userId);
    return user !== null && user.status !== "suspended" ? user : null;
  }

  /** A new access and refresh token in family `grantId`. */
  async function issue(tenantId: number, grantId: number, scope: string, tx: Storage): Promise<TokenResponse> {
    const now = clock();
    const access = newSecret("accessToken");
    const refresh = newSecret("refreshToken");
    await tx.oauthGrants.addToken(tenantId, { grant_id: grantId, kind: "access", token_hash: hashSecret(access), created_at: now, expires_at: now + options.accessTokenTtlMs });
    await tx.oauthGrants.addToken(tenantId, { grant_id: grantId, kind: "refresh", token_hash: hashSecret(refresh), created_at: now, expires_at: now + options.refreshTokenTtlMs });
    return { access_token: access, token_type: "bearer", expires_in: Math.floor(options.accessTokenTtlMs / 1000), refresh_token: refresh, scope };
  }

  /**
   * Redeems a code. The code is used up first, whatever follows (a wrong
   * client, redirect URI or verifier burns it, against online guessing); a
   * code used before revokes the tokens issued from it.
   */
  async function redeemCode(tenantId: number, client: OAuthClientWithSecret, form: Record<string, string>): Promise<TokenResponse> {
    if (form.code === undefined || form.code === "") throw oauthError("OAUTH_INVALID_REQUEST", "code is missing");
    const now = clock();
    const found = await grants.consumeCode(tenantId, hashSecret(form.code), now);
    if (found === null || found.replayed) throw invalidGrant();
    const { code } = found;
    if (code.client_id !== client.id || code.expires_at <= now) throw invalidGrant();
    // RFC 6749 §4.1.3 asks for redirect_uri when the request had one; spec-literal clients never send it, so only a mismatch fails.
    if (form.redirect_uri !== undefined && form.redirect_uri !== code.redirect_uri) throw invalidGrant();
    if (!pkceSatisfied(code.code_challenge, form.code_verifier)) throw invalidGrant();
    if ((await activeUser(tenantId, code.user_id)) === null) throw invalidGrant();
    return storage.transaction(async (tx) => {
      const grantId = await tx.oauthGrants.createGrant(tenantId, { client_id: client.id, user_id: code.user_id, scope: code.scope, code_id: code.id, created_at: now });
      return issue(tenantId, grantId, code.scope, tx);
    });
  }

  /** Rotates a refresh token: a retired one presented again revokes its whole family (reuse detection). */
  async function rotate(tenantId: number, client: OAuthClientWithSecret, form: Record<string, string>): Promise<TokenResponse> {
    if (form.refresh_token === undefined || form.refresh_token === "") throw oauthError("OAUTH_INVALID_REQUEST", "refresh_token is missing");
    const now = clock();
    const token = await grants.findToken(tenantId, "refresh", hashSecret(form.refresh_token));
    if (token === null || token.client_id !== client.id || token.grant_revoked_at !== null || token.expires_at <= now) throw invalidGrant();
    // A narrower scope may be asked for (§6); there is only one, so anything valid is what was granted.
    if (form.scope !== undefined && !grantedScope(form.scope).split(" ").every((scope) => token.scope.split(" ").includes(scope))) {
      throw oauthError("OAUTH_INVALID_SCOPE");
    }
    if (token.retired_at !== null || !(await grants.retireToken(tenantId, token.id, now))) {
      await grants.revokeGrant(tenantId, token.grant_id, now);
      throw invalidGrant();
    }
    if ((await activeUser(tenantId, token.user_id)) === null) throw invalidGrant();
    return storage.transaction((tx) => issue(tenantId, token.grant_id, token.scope, tx));
  }

  return {
    /**
     * POST /oauth/token (`authorization_code`; `refresh_token` too, for
     * clients that use one address) and POST /oauth/token/refresh
     * (`refresh_token`, or `authorization_code` as the spec's table names it).
     * Rejects with the OAUTH_* code of RFC 6749 §5.2.
     */
    async token(tenantId: number, endpoint: TokenEndpoint, request: TokenRequest): Promise<TokenResponse> {
      const client = await authenticateClient(tenantId, request);
      const grantType = request.form.grant_type;
      if (grantType === undefined || grantType === "") throw oauthError("OAUTH_INVALID_REQUEST", "grant_type is missing");
      if (grantType === "refresh_token" || (endpoint === "refresh" && grantType === "authorization_code")) return rotate(tenantId, client, request.form);
      if (grantType === "authorization_code") return redeemCode(tenantId, client, request.form);
      throw oauthError("OAUTH_UNSUPPORTED_GRANT_TYPE");
    },

    /**
     * The user behind a bearer token that carries `user:read`: OAUTH_INVALID_TOKEN
     * when it is unknown, expired, revoked or its user gone; OAUTH_INSUFFICIENT_SCOPE without the scope.
     */
    async userinfo(tenantId: number, accessToken: string): Promise<User> {
      const token = await grants.findToken(tenantId, "access", hashSecret(accessToken));
      if (token === null || token.grant_revoked_at !== null || token.expires_at <= clock()) throw oauthError("OAUTH_INVALID_TOKEN");
      if (!hasScope(token.scope, "user:read")) throw oauthError("OAUTH_INSUFFICIENT_SCOPE");
      const user = await activeUser(tenantId, token.user_id);
      if (user === null) throw oauthError("OAUTH_INVALID_TOKEN");
      return user;
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
