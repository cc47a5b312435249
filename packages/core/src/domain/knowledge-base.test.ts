import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { POST_SORT_FIELDS, postSortParamSchema, searchTerms } from "./knowledge-base";

const direction = fc.constantFrom("asc" as const, "desc" as const);
const spaces = fc.constantFrom("", " ", "  ");
/** Distinct sort fields, each with a direction. */
const sortKeys = fc.uniqueArray(fc.constantFrom(...POST_SORT_FIELDS), { minLength: 1 }).chain((fields) =>
  fc.tuple(...fields.map((by) => direction.map((dir) => ({ by, dir })))),
);

describe("post sort parameter", () => {
  it("postSortParamSchema - reads back any list of distinct field:direction pairs, whatever the spaces around them", () => {
    fc.assert(
      fc.property(sortKeys, spaces, (keys, space) => {
        const text = keys.map((k) => `${space}${k.by}:${k.dir}${space}`).join(",");
        expect(postSortParamSchema.parse(text)).toEqual(keys);
      }),
    );
  });

  it("postSortParamSchema - refuses unknown fields, unknown directions, missing directions and repeats", () => {
    fc.assert(
      fc.property(sortKeys, fc.string(), (keys, junk) => {
        const valid = keys.map((k) => `${k.by}:${k.dir}`);
        const first = valid[0]!;
        fc.pre(!junk.includes(",") && !POST_SORT_FIELDS.some((field) => junk.trim() === field));
        for (const bad of [`${junk.trim()}:asc`, `${keys[0]!.by}:${junk}x`, keys[0]!.by, `${first},${first}`]) {
          expect(postSortParamSchema.safeParse([...valid.slice(1), bad].join(",")).success, bad).toBe(false);
        }
      }),
    );
  });
});

describe("search terms", () => {
  it("searchTerms - only lower-case runs of letters and digits, distinct, at most 16, whatever the input", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 200 }), (query) => {
        const terms = searchTerms(query);
        expect(terms.length).toBeLessThanOrEqual(16);
        expect(new Set(terms).size).toBe(terms.length);
        for (const term of terms) {
          expect(term).toMatch(/^[\p{L}\p{N}]+$/u);
          expect(term).toBe(term.toLowerCase());
        }
      }),
    );
  });

  it("searchTerms - FTS operators and quotes only separate words", () => {
    expect(searchTerms('"foo AND (')).toEqual(["foo", "and"]);
    expect(searchTerms("NEAR(kiwi* -mango) title:Ünï")).toEqual(["near", "kiwi", "mango", "title", "ünï"]);
    expect(searchTerms("'; --")).toEqual([]);
  });
});
