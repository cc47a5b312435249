import { createHash, randomBytes } from "node:crypto";

/** A random secret of `bytes` bytes from `[A-Za-z0-9_-]`. */
export function generateSecret(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/**
 * SHA-256 of a high-entropy secret (API token). Looking a token up by its
 * hash keeps the comparison inside the index, so it leaks no timing about the
 * stored value; a slow hash is unnecessary for random 256-bit secrets.
 */
export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}
