import { describe, expect, it } from "vitest";
import { createFailureLimiter } from "./failure-limiter";

describe("createFailureLimiter", () => {
  it("failure limiter - locks a key after max failures in the window, others stay open, the window ends it", () => {
    let now = 0;
    const limiter = createFailureLimiter(() => now, 3, 1000);
    for (let i = 0; i < 3; i++) {
      limiter.check("a");
      limiter.fail("a");
    }
    expect(() => limiter.check("a")).toThrow(expect.objectContaining({ code: "OAUTH_TOO_MANY_ATTEMPTS" }));
    expect(() => limiter.check("b")).not.toThrow();
    now = 999;
    expect(() => limiter.check("a")).toThrow();
    now = 1000;
    expect(() => limiter.check("a")).not.toThrow();
  });

  it("failure limiter - a success clears the count", () => {
    const limiter = createFailureLimiter(() => 0, 2, 1000);
    limiter.fail("a");
    limiter.succeed("a");
    limiter.fail("a");
    expect(() => limiter.check("a")).not.toThrow();
  });
});
