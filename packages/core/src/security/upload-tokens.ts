import { randomBytes } from "node:crypto";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/**
 * A random string of `length` characters from `[A-Za-z0-9]`, uniformly
 * (bytes of 248 and above are skipped so that no character is likelier).
 * 32 characters carry about 190 bits.
 */
export function generateAlphanumeric(length = 32): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length)) {
      if (byte < 248 && out.length < length) out += ALPHABET[byte % ALPHABET.length];
    }
  }
  return out;
}
