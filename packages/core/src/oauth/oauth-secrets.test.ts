import { describe, expect, it } from "vitest";
import { csrfToken, newSecret, safeEqual, verifyPkce } from "./oauth-secrets";

describe("oauth secrets", () => {
  it("safeEqual - equal strings only, any lengths, never throwing on a length mismatch (timing-safe comparison)", () => {
    expect(safeEqual("abc", "abc")).toBe(true);
    expect(safeEqual("abc", "abd")).toBe(false);
    expect(safeEqual("abc", "abcd")).toBe(false);
    expect(safeEqual("", "x".repeat(1000))).toBe(false);
    // Digests of equal length are what is compared, so the time does not depend on where the inputs differ.
    expect(safeEqual("x".repeat(64), "y".repeat(64))).toBe(false);
  });

  it("verifyPkce - the RFC 7636 Appendix B example verifies; malformed verifiers never do", () => {
    const verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
    const challenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";
    expect(verifyPkce(verifier, challenge)).toBe(true);
    expect(verifyPkce(`${verifier}x`, challenge)).toBe(false);
    expect(verifyPkce("a".repeat(42), challenge)).toBe(false);
    expect(verifyPkce("a".repeat(129), challenge)).toBe(false);
    expect(verifyPkce(`${verifier.slice(0, -1)}!`, challenge)).toBe(false);
  });

  it("csrfToken - bound to both the session and the interaction", () => {
    const token = csrfToken("session-1", "interaction-1");
    expect(csrfToken("session-1", "interaction-1")).toBe(token);
    expect(csrfToken("session-2", "interaction-1")).not.toBe(token);
    expect(csrfToken("session-1", "interaction-2")).not.toBe(token);
  });

  it("newSecret - a fixed tag and 256 random bits in [A-Za-z0-9_-]", () => {
    const secret = newSecret("accessToken");
    expect(secret).toMatch(/^hda_[A-Za-z0-9_-]{43}$/);
    expect(newSecret("accessToken")).not.toBe(secret);
  });
});
