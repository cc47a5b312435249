import { HelpdeskError } from "@helpdesk/core";

/** Appendix B form-decoding of one half of the Basic credentials: `+` is a space, then percent-decoding. */
function formDecode(text: string): string {
  return decodeURIComponent(text.replace(/\+/g, " "));
}

/**
 * The client id and secret of an `Authorization: Basic` header, each half
 * form-decoded as RFC 6749 §2.3.1 asks (strict clients percent-encode them;
 * ids and secrets are issued from `[A-Za-z0-9_-]`, so raw ones decode to
 * themselves). Null without an Authorization header; OAUTH_INVALID_CLIENT for
 * another scheme or a malformed value.
 */
export function clientCredentials(header: string | undefined): { clientId: string; clientSecret: string } | null {
  if (header === undefined) return null;
  const invalid = () => new HelpdeskError("OAUTH_INVALID_CLIENT", { description: "Malformed Basic client credentials" });
  const match = /^Basic +([A-Za-z0-9+/]+={0,2}) *$/i.exec(header);
  if (match === null) throw invalid();
  const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) throw invalid();
  try {
    return { clientId: formDecode(decoded.slice(0, colon)), clientSecret: formDecode(decoded.slice(colon + 1)) };
  } catch {
    throw invalid();
  }
}

/**
 * The token of an `Authorization: Bearer` header (RFC 6750 §2.1): null
 * without one (or with another scheme); OAUTH_INVALID_REQUEST when malformed.
 */
export function bearerToken(header: string | undefined): string | null {
  if (header === undefined || !/^Bearer(\s|$)/i.test(header)) return null;
  const match = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i.exec(header);
  if (match === null) throw new HelpdeskError("OAUTH_INVALID_REQUEST", { description: "Malformed Bearer token" });
  return match[1]!;
}
