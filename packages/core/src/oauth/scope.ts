import { HelpdeskError } from "../errors";
import { OAUTH_SCOPES, type OAuthScope } from "../domain/oauth";

/**
 * The granted scope for a requested one: comma-separated as the spec writes
 * it, spaces accepted too (RFC 6749). Every scope must be known; `user:read`
 * is the base scope, always included, and what an omitted scope means.
 * Rejects with OAUTH_INVALID_SCOPE.
 */
export function grantedScope(requested: string | undefined): string {
  const names = (requested ?? "").split(/[,\s]+/).filter((name) => name.length > 0);
  const unknown = names.filter((name) => !(OAUTH_SCOPES as readonly string[]).includes(name));
  if (unknown.length > 0) throw new HelpdeskError("OAUTH_INVALID_SCOPE", { description: "Unknown scope: only user:read is supported" });
  const granted = new Set<OAuthScope>(["user:read", ...(names as OAuthScope[])]);
  return OAUTH_SCOPES.filter((scope) => granted.has(scope)).join(" ");
}

/** Whether a granted scope string includes `scope`. */
export function hasScope(granted: string, scope: OAuthScope): boolean {
  return granted.split(" ").includes(scope);
}
