import { describe, expect, it } from "vitest";
import { grantedScope, hasScope } from "./scope";

describe("grantedScope", () => {
  it("grantedScope - user:read for an omitted, empty, comma- or space-separated request", () => {
    for (const requested of [undefined, "", "user:read", "user:read,user:read", "user:read user:read", " user:read , "]) {
      expect(grantedScope(requested)).toBe("user:read");
    }
  });

  it("grantedScope - any unknown scope is OAUTH_INVALID_SCOPE", () => {
    for (const requested of ["admin", "user:read,admin", "user:read user:write", "USER:READ"]) {
      expect(() => grantedScope(requested)).toThrow(expect.objectContaining({ code: "OAUTH_INVALID_SCOPE" }));
    }
  });

  it("hasScope - reads a space-separated grant", () => {
    expect(hasScope("user:read", "user:read")).toBe(true);
    expect(hasScope("", "user:read")).toBe(false);
  });
});
