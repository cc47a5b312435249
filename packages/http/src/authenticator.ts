import { hash, randomBytes } from "node:crypto";
import { HelpdeskError, type AuthService, type User, type VerifiedUser } from "@helpdesk/core";
import { LRUCache } from "lru-cache";

export interface AuthenticatorOptions {
  /** How long a verified password is remembered; default 10 minutes. */
  ttlMs?: number;
  max?: number;
}

type Credentials =
  | { kind: "password"; email: string; password: string }
  | { kind: "token"; email: string; token: string };

const TOKEN_SUFFIX = "/token";

/** Parses `Basic base64(user:secret)`; null for anything else. */
function parseBasic(header: string | undefined): Credentials | null {
  const match = header === undefined ? null : /^Basic\s+([A-Za-z0-9+/_-]+=*)\s*$/i.exec(header);
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon <= 0) return null;
  const user = decoded.slice(0, colon);
  const secret = decoded.slice(colon + 1);
  if (secret.length === 0) return null;
  if (user.endsWith(TOKEN_SUFFIX)) return { kind: "token", email: user.slice(0, -TOKEN_SUFFIX.length), token: secret };
  return { kind: "password", email: user, password: secret };
}

/**
 * HTTP Basic authentication. Passwords are checked with scrypt, which is slow
 * on purpose, so a verified Authorization header is remembered under a keyed hash
 * of it (the raw secret is never kept, and the key dies with the process);
 * each hit still reloads the user with the remembered password stamp, so a
 * changed password or a suspended user is refused at once, even when another
 * process made the change. API tokens are a cheap hash lookup and are checked
 * every time, so a deleted token stops working at once.
 */
export function createAuthenticator(auth: AuthService, options: AuthenticatorOptions = {}) {
  const key = randomBytes(32).toString("base64url");
  const verified = new LRUCache<string, VerifiedUser>({ max: options.max ?? 10_000, ttl: options.ttlMs ?? 10 * 60_000 });
  // Concurrent first requests with one header share one scrypt run.
  const pending = new Map<string, Promise<VerifiedUser>>();

  async function byPassword(tenantId: number, header: string, email: string, password: string): Promise<User> {
    // A secret-prefixed SHA-256 is enough for a cache key that never leaves the process (and is 5x cheaper than an HMAC).
    const cacheKey = hash("sha256", `${key}\0${tenantId}\0${header}`, "base64url");
    const hit = verified.get(cacheKey);
    if (hit !== undefined) {
      const fresh = await auth.reload(tenantId, hit);
      if (fresh === hit) return hit.user;
      if (fresh !== null) {
        verified.set(cacheKey, fresh);
        return fresh.user;
      }
      verified.delete(cacheKey);
    }
    let check = pending.get(cacheKey);
    if (check === undefined) {
      check = auth.verifyPassword(tenantId, email, password).finally(() => pending.delete(cacheKey));
      pending.set(cacheKey, check);
    }
    const fresh = await check;
    verified.set(cacheKey, fresh);
    return fresh.user;
  }

  return {
    /** The user the Authorization header names in `tenantId`; rejects with AUTH_REQUIRED. */
    async authenticate(tenantId: number, header: string | undefined): Promise<User> {
      const credentials = parseBasic(header);
      if (credentials === null || header === undefined) throw new HelpdeskError("AUTH_REQUIRED");
      if (credentials.kind === "token") return auth.verifyApiToken(tenantId, credentials.email, credentials.token);
      return byPassword(tenantId, header, credentials.email, credentials.password);
    },
  };
}

export type Authenticator = ReturnType<typeof createAuthenticator>;
