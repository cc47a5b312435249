import { HelpdeskError, type ErrorCode } from "../errors";

/** The RFC 6749 / 6750 `error` value of each OAuth failure; any other failure is a `server_error`. */
const PROTOCOL_ERRORS: Partial<Record<ErrorCode, string>> = {
  OAUTH_INVALID_REQUEST: "invalid_request",
  OAUTH_INVALID_CLIENT: "invalid_client",
  OAUTH_INVALID_GRANT: "invalid_grant",
  OAUTH_UNAUTHORIZED_CLIENT: "unauthorized_client",
  OAUTH_UNSUPPORTED_GRANT_TYPE: "unsupported_grant_type",
  OAUTH_UNSUPPORTED_RESPONSE_TYPE: "unsupported_response_type",
  OAUTH_INVALID_SCOPE: "invalid_scope",
  OAUTH_ACCESS_DENIED: "access_denied",
  OAUTH_INVALID_TOKEN: "invalid_token",
  OAUTH_INSUFFICIENT_SCOPE: "insufficient_scope",
  OAUTH_AUTHORIZATION_INVALID: "invalid_request",
  OAUTH_INTERACTION_INVALID: "invalid_request",
  OAUTH_TOO_MANY_ATTEMPTS: "temporarily_unavailable",
  STORAGE_UNAVAILABLE: "temporarily_unavailable",
};

/** The OAuth `error` value for a failure. */
export function oauthErrorName(error: unknown): string {
  return (error instanceof HelpdeskError ? PROTOCOL_ERRORS[error.code] : undefined) ?? "server_error";
}

/** Shorthand for an OAuth failure with its own description (plain ASCII without `"` or `\`, as RFC 6749 §5.2 allows). */
export function oauthError(code: ErrorCode, description?: string): HelpdeskError {
  return new HelpdeskError(code, description === undefined ? {} : { description });
}

/** `uri` with `params` added to its query: the registered address is kept byte for byte, its own query included. */
export function withQuery(uri: string, params: Record<string, string | null | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== null && value !== undefined) query.append(name, value);
  return `${uri}${uri.includes("?") ? "&" : "?"}${query.toString()}`;
}
