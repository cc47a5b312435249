import { describe, expect, it } from "vitest";
import type { ConformanceContext } from "./conformance-context";
import { createTenant, createTenants, sorted } from "./fixtures";

/** Ticks through the task queue (setImmediate), so concurrent transactions interleave wherever they can. */
const yieldIo = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export function describeRoundRobin(ctx: ConformanceContext): void {
  describe("roundRobin", () => {
    it("roundRobin.lockTurns - null for each group that has not assigned anyone yet", async () => {
      const tenant = await createTenant(ctx.storage);
      const turns = await ctx.storage.transaction((tx) => tx.roundRobin.lockTurns(tenant.id, [3, 1, 2]));
      expect(turns).toEqual(new Map([[1, null], [2, null], [3, null]]));
      expect(await ctx.storage.transaction((tx) => tx.roundRobin.lockTurns(tenant.id, []))).toEqual(new Map());
    });

    it("roundRobin.saveTurn - records the group's last agent; lockTurns reads it back, the latest one winning", async () => {
      const tenant = await createTenant(ctx.storage);
      await ctx.storage.transaction(async (tx) => {
        await tx.roundRobin.lockTurns(tenant.id, [1, 2]);
        await tx.roundRobin.saveTurn(tenant.id, 1, 11);
      });
      await ctx.storage.roundRobin.saveTurn(tenant.id, 2, 21);
      await ctx.storage.roundRobin.saveTurn(tenant.id, 2, 22);
      const turns = await ctx.storage.transaction((tx) => tx.roundRobin.lockTurns(tenant.id, [1, 2, 3]));
      expect(turns).toEqual(new Map([[1, 11], [2, 22], [3, null]]));
      // Outside a transaction there is nothing to hold a lock for, but the turns read the same.
      expect(await ctx.storage.roundRobin.lockTurns(tenant.id, [2, 1])).toEqual(new Map([[1, 11], [2, 22]]));
    });

    it("roundRobin.saveTurn - a turn saved in a transaction that rolls back is not kept", async () => {
      const tenant = await createTenant(ctx.storage);
      await ctx.storage.roundRobin.saveTurn(tenant.id, 1, 11);
      const outcome = ctx.storage.transaction(async (tx) => {
        await tx.roundRobin.lockTurns(tenant.id, [1, 2]);
        await tx.roundRobin.saveTurn(tenant.id, 1, 12);
        await tx.roundRobin.saveTurn(tenant.id, 2, 21);
        throw new Error("roll back");
      });
      await expect(outcome).rejects.toThrow("roll back");
      expect(await ctx.storage.transaction((tx) => tx.roundRobin.lockTurns(tenant.id, [1, 2]))).toEqual(new Map([[1, 11], [2, null]]));
    });

    it("roundRobin.lockTurns - concurrent assignments take turns one after the other", async () => {
      const tenant = await createTenant(ctx.storage);
      const agents = [101, 102, 103];
      // Each transaction reads the last pick, waits a moment, and saves the next agent: without the lock two would pick alike.
      const assign = () =>
        ctx.storage.transaction(async (tx) => {
          const last = (await tx.roundRobin.lockTurns(tenant.id, [7])).get(7) ?? null;
          await yieldIo();
          const next = agents[(last === null ? 0 : agents.indexOf(last) + 1) % agents.length]!;
          await tx.roundRobin.saveTurn(tenant.id, 7, next);
          return next;
        });
      const picks = await Promise.all(Array.from({ length: 9 }, assign));
      expect(sorted(picks)).toEqual([101, 101, 101, 102, 102, 102, 103, 103, 103]);
    });

    it("roundRobin - a tenant reads and writes only its own turns", async () => {
      const [a, b] = await createTenants(ctx.storage);
      await ctx.storage.roundRobin.saveTurn(a.id, 1, 11);
      expect(await ctx.storage.transaction((tx) => tx.roundRobin.lockTurns(b.id, [1]))).toEqual(new Map([[1, null]]));
      await ctx.storage.roundRobin.saveTurn(b.id, 1, 99);
      expect(await ctx.storage.transaction((tx) => tx.roundRobin.lockTurns(a.id, [1]))).toEqual(new Map([[1, 11]]));
    });
  });
}
