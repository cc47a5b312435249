import { describe, expect, it } from "vitest";
import { patternProblem } from "./patterns";

describe("patternProblem", () => {
  it("patternProblem - accepts ordinary validation expressions", () => {
    for (const pattern of ["^[A-Z]{2}-\\d+$", "^(foo|bar)+$", "(ab)+", "(a+)?", "[(+)]+x*", "\\(a+\\)+", "^\\d{3}(-\\d{4}){1}$", "(a{1,1})+", "^[^@]+@[^@]+$"]) {
      expect(patternProblem(pattern), pattern).toBeNull();
    }
  });

  it("patternProblem - refuses what does not compile, is too long, or can backtrack catastrophically", () => {
    expect(patternProblem("(")).toBe("is not a valid regular expression");
    expect(patternProblem("a".repeat(257))).toMatch(/at most 256/);
    expect(patternProblem("(a)\\1")).toMatch(/back-references/);
    expect(patternProblem("(?<x>a)\\k<x>")).toMatch(/back-references/);
    for (const pattern of ["(a+)+$", "(a*)*", "^(\\w+\\s?)*$", "(a{2,})+", "([a-z]+)*x", "((ab)+c)*", "(x(a|b)+){2,}", "(?:a+)+"]) {
      expect(patternProblem(pattern), pattern).toMatch(/exponential/);
    }
  });
});
