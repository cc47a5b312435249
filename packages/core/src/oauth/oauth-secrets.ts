import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { hashSecret } from "../security/secrets";

/**
 * The fixed tag each kind of secret starts with, so a leaked one is easy to
 * recognise (and to scan for); the rest is 256 random bits in `[A-Za-z0-9_-]`.
 */
export const SECRET_TAGS = {
  clientId: "hdc_",
  clientSecret: "hds_",
  code: "hdx_",
  accessToken: "hda_",
  refreshToken: "hdr_",
  session: "hdl_",
  interaction: "hdi_",
} as const;

/** A new random secret of the kind: its tag and 32 random bytes, base64url. */
export function newSecret(kind: keyof typeof SECRET_TAGS, bytes = 32): string {
  return SECRET_TAGS[kind] + randomBytes(bytes).toString("base64url");
}

export { hashSecret };

/** Constant-time equality of two strings (of any lengths): compares their SHA-256 digests. */
export function safeEqual(a: string, b: string): boolean {
  const left = createHash("sha256").update(a).digest();
  const right = createHash("sha256").update(b).digest();
  return timingSafeEqual(left, right);
}

/** The CSRF token of a form of `interactionId`: bound to the session, whose id only its browser holds. */
export function csrfToken(sessionId: string, interactionId: string): string {
  return createHmac("sha256", sessionId).update(`csrf:${interactionId}`).digest("base64url");
}

/** RFC 7636 §4.1: 43 to 128 characters of the unreserved set. */
export const PKCE_VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
/** An S256 challenge: base64url of a SHA-256 digest, without padding. */
export const PKCE_S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/** Whether `verifier` is well formed and hashes (S256) to `challenge`; compared in constant time. */
export function verifyPkce(verifier: string, challenge: string): boolean {
  if (!PKCE_VERIFIER.test(verifier)) return false;
  return safeEqual(createHash("sha256").update(verifier).digest("base64url"), challenge);
}
