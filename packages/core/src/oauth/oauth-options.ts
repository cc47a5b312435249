/** Lifetimes and brute-force limits of the OAuth server; every field has a default. */
export interface OAuthOptions {
  /** Authorization codes; default 10 minutes (the spec's). */
  codeTtlMs?: number;
  /** Access tokens; default 2 hours. */
  accessTokenTtlMs?: number;
  /** Refresh tokens; default 30 days. */
  refreshTokenTtlMs?: number;
  /** Sign-in sessions of the login page; default 12 hours. */
  sessionTtlMs?: number;
  /** A pending authorization (login and consent forms); default 30 minutes. */
  interactionTtlMs?: number;
  /** Failed logins per e-mail, or failed client authentications per client, before a lockout; default 10. */
  maxFailures?: number;
  /** The window failures are counted in, and how long a lockout lasts; default 15 minutes. */
  failureWindowMs?: number;
}

export type ResolvedOAuthOptions = Required<OAuthOptions>;

const MINUTE = 60_000;

export function resolveOAuthOptions(options: OAuthOptions = {}): ResolvedOAuthOptions {
  return {
    codeTtlMs: 10 * MINUTE,
    accessTokenTtlMs: 120 * MINUTE,
    refreshTokenTtlMs: 30 * 24 * 60 * MINUTE,
    sessionTtlMs: 12 * 60 * MINUTE,
    interactionTtlMs: 30 * MINUTE,
    maxFailures: 10,
    failureWindowMs: 15 * MINUTE,
    ...options,
  };
}
