import type { AuthorizeRequest } from "../domain/oauth";
import type { OAuthClientWithSecret, Storage } from "../storage";
import { oauthError } from "./oauth-errors";
import { PKCE_S256_CHALLENGE } from "./oauth-secrets";
import { grantedScope } from "./scope";

/** An authorize request whose client and redirect URI were found trustworthy. */
export interface TrustedTarget {
  client: OAuthClientWithSecret;
  redirectUri: string;
}

/** An authorize request checked in full. */
export interface ValidAuthorization extends TrustedTarget {
  scope: string;
  codeChallenge: string | null;
}

/**
 * The client and the redirect URI, checked before anything else: until both
 * are known, nothing may be sent to the redirect URI (RFC 6749 §4.1.2.1), so
 * every failure here is OAUTH_AUTHORIZATION_INVALID, shown as a page.
 * The URI must equal a registered one byte for byte; without one, the
 * client's only registered URI is used.
 */
export async function trustedTarget(storage: Storage, tenantId: number, request: AuthorizeRequest, repeated: readonly string[]): Promise<TrustedTarget> {
  if (repeated.includes("client_id") || repeated.includes("redirect_uri")) {
    throw oauthError("OAUTH_AUTHORIZATION_INVALID", "client_id and redirect_uri may each be given only once");
  }
  if (request.client_id === undefined || request.client_id === "") throw oauthError("OAUTH_AUTHORIZATION_INVALID", "client_id is missing");
  const client = await storage.oauthClients.findByClientId(tenantId, request.client_id);
  if (client === null) throw oauthError("OAUTH_AUTHORIZATION_INVALID", "This application is not known to this help desk");
  if (request.redirect_uri === undefined) {
    const [only, ...others] = client.redirect_uris;
    if (only === undefined || others.length > 0) {
      throw oauthError("OAUTH_AUTHORIZATION_INVALID", "redirect_uri is required: the application registered several addresses");
    }
    return { client, redirectUri: only };
  }
  if (!client.redirect_uris.includes(request.redirect_uri)) {
    throw oauthError("OAUTH_AUTHORIZATION_INVALID", "redirect_uri is not an address registered for this application");
  }
  return { client, redirectUri: request.redirect_uri };
}

/** The rest of the request, once the redirect URI is trusted; failures are sent back to the client. */
export function validateAuthorization(target: TrustedTarget, request: AuthorizeRequest, repeated: readonly string[]): ValidAuthorization {
  if (repeated.length > 0) throw oauthError("OAUTH_INVALID_REQUEST", "A parameter was given more than once");
  if (request.response_type === undefined) throw oauthError("OAUTH_INVALID_REQUEST", "response_type is missing");
  if (request.response_type !== "code") throw oauthError("OAUTH_UNSUPPORTED_RESPONSE_TYPE");
  const scope = grantedScope(request.scope);
  return { ...target, scope, codeChallenge: codeChallenge(target, request) };
}

/** PKCE: only S256 (a challenge without a method would mean `plain`, which is refused too). */
function codeChallenge(target: TrustedTarget, request: AuthorizeRequest): string | null {
  const { code_challenge: challenge, code_challenge_method: method } = request;
  if (challenge === undefined) {
    if (method !== undefined) throw oauthError("OAUTH_INVALID_REQUEST", "code_challenge_method without code_challenge");
    if (target.client.require_pkce) throw oauthError("OAUTH_INVALID_REQUEST", "This application must use PKCE: code_challenge is required");
    return null;
  }
  if (method !== "S256") throw oauthError("OAUTH_INVALID_REQUEST", "code_challenge_method must be S256");
  if (!PKCE_S256_CHALLENGE.test(challenge)) throw oauthError("OAUTH_INVALID_REQUEST", "code_challenge must be 43 base64url characters");
  return challenge;
}
