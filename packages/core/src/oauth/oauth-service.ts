import type { Clock } from "../clock";
import type { AuthService } from "../help-desk-api";
import type { Storage } from "../storage";
import { createAuthorizationService } from "./authorization-service";
import { createFailureLimiter } from "./failure-limiter";
import { resolveOAuthOptions, type OAuthOptions } from "./oauth-options";
import { createTokenService } from "./token-service";

/** The OAuth 2.0 authorization server of every tenant: the interactive flow, the token endpoints and bearer checks. */
export function createOAuthService(storage: Storage, clock: Clock, auth: AuthService, options?: OAuthOptions) {
  const resolved = resolveOAuthOptions(options);
  const logins = createFailureLimiter(clock, resolved.maxFailures, resolved.failureWindowMs);
  const clients = createFailureLimiter(clock, resolved.maxFailures, resolved.failureWindowMs);
  const authorization = createAuthorizationService(storage, clock, auth, resolved, logins);
  const tokens = createTokenService(storage, clock, resolved, clients);
  return { ...authorization, ...tokens };
}

export type OAuthService = ReturnType<typeof createOAuthService>;
