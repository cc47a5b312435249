import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dateInputSchema, formatApiDate, parseApiDate, tagsInputSchema } from "./common";

describe("parseApiDate", () => {
  it("parseApiDate - reads the API format, a bare date and Unix seconds as UTC", () => {
    expect(parseApiDate("2024-03-05 07:08:09")).toBe(Date.UTC(2024, 2, 5, 7, 8, 9));
    expect(parseApiDate("2016-01-01")).toBe(Date.UTC(2016, 0, 1));
    expect(parseApiDate("1700000000")).toBe(1_700_000_000_000);
    expect(parseApiDate(1_700_000_000)).toBe(1_700_000_000_000);
  });

  it("parseApiDate - rejects impossible and malformed dates", () => {
    for (const bad of ["2024-02-31", "2024-13-01", "2024-01-01 24:00:00", "yesterday", "", "12:00", "-5"]) {
      expect(parseApiDate(bad), bad).toBeNull();
    }
    expect(parseApiDate(-1)).toBeNull();
    expect(parseApiDate(1.5)).toBeNull();
  });

  it("formatApiDate - round-trips any second through the API format", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 253_402_300_799 }), (seconds) => {
        const text = formatApiDate(seconds * 1000);
        expect(text).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
        expect(parseApiDate(text)).toBe(seconds * 1000);
      }),
    );
  });

  it("dateInputSchema - never throws, only reports issues", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.double(), fc.integer()), (value) => {
        const result = dateInputSchema.safeParse(value);
        if (result.success) expect(Number.isInteger(result.data)).toBe(true);
      }),
    );
  });
});

describe("tagsInputSchema", () => {
  it("tags - are trimmed, lower-cased, joined with underscores and unique", () => {
    expect(tagsInputSchema.parse([" VIP ", "vip", "needs reply", ""])).toEqual(["vip", "needs_reply"]);
  });

  it("tags - normalizing twice changes nothing", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 20 }), { maxLength: 20 }), (tags) => {
        const once = tagsInputSchema.parse(tags);
        expect(tagsInputSchema.parse(once)).toEqual(once);
        expect(new Set(once).size).toBe(once.length);
      }),
    );
  });
});
