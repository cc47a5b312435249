import { describe, expect, it } from "vitest";
import type { ConformanceContext } from "./conformance-context";
import { at } from "./fixtures";

export function describeSchedules(ctx: ConformanceContext): void {
  describe("schedules", () => {
    it("schedules.claim - true for the first caller of a run, false for every later one", async () => {
      expect(await ctx.storage.schedules.claim("automations", 100, at(1))).toBe(true);
      expect(await ctx.storage.schedules.claim("automations", 100, at(2))).toBe(false);
      expect(await ctx.storage.schedules.claim("automations", 100, at(3))).toBe(false);
    });

    it("schedules.claim - each slot and each job name is claimed on its own", async () => {
      expect(await ctx.storage.schedules.claim("automations", 100, at(1))).toBe(true);
      expect(await ctx.storage.schedules.claim("automations", 101, at(1))).toBe(true);
      expect(await ctx.storage.schedules.claim("digest", 100, at(1))).toBe(true);
      expect(await ctx.storage.schedules.claim("automations", 99, at(1))).toBe(true);
      expect(await ctx.storage.schedules.claim("Automations", 100, at(1))).toBe(true);
    });

    it("schedules.claim - true for exactly one of many concurrent claimers", async () => {
      const results = await Promise.all(Array.from({ length: 8 }, (_, i) => ctx.storage.schedules.claim("automations", 7, at(i))));
      expect(results.filter(Boolean)).toHaveLength(1);
    });

    it("schedules.claim - a claim in a transaction that rolls back leaves the run to others", async () => {
      const outcome = ctx.storage.transaction(async (tx) => {
        expect(await tx.schedules.claim("automations", 5, at(1))).toBe(true);
        throw new Error("roll back");
      });
      await expect(outcome).rejects.toThrow("roll back");
      expect(await ctx.storage.schedules.claim("automations", 5, at(2))).toBe(true);
    });
  });
}
