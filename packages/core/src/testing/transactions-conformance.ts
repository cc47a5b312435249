import { describe, expect, it } from "vitest";
import type { User } from "../domain/user";
import type { ConformanceContext } from "./conformance-context";
import { at, createTenant, errorCode, newOrganization, newUser, nextTick } from "./fixtures";

export function describeTransactions(ctx: ConformanceContext): void {
  describe("transaction", () => {
    it("transaction - commits every write and resolves to fn's value", async () => {
      const tenant = await createTenant(ctx.storage);
      const result = await ctx.storage.transaction(async (tx) => {
        const user = await tx.users.create(tenant.id, newUser({ email: "ann@example.com" }));
        await tx.organizations.create(tenant.id, newOrganization({ name: "Acme" }));
        expect(await tx.users.get(tenant.id, user.id)).toEqual(user);
        return user.id;
      });
      expect((await ctx.storage.users.get(tenant.id, result))?.email).toBe("ann@example.com");
      expect((await ctx.storage.organizations.list(tenant.id, {}, [], { limit: 10, offset: 0 })).count).toBe(1);
    });

    it("transaction - rolls back every write when fn rejects, passing the rejection on", async () => {
      const tenant = await createTenant(ctx.storage);
      const failure = new Error("changed my mind");
      const outcome = ctx.storage.transaction(async (tx) => {
        await tx.users.create(tenant.id, newUser({ email: "ann@example.com" }));
        await tx.organizations.create(tenant.id, newOrganization({ name: "Acme" }));
        await tx.tenants.create({ host: "gamma.example.com", name: "Gamma", created_at: at(1) });
        throw failure;
      });
      await expect(outcome).rejects.toBe(failure);
      expect(await ctx.storage.users.findByEmail(tenant.id, "ann@example.com")).toBeNull();
      expect((await ctx.storage.organizations.list(tenant.id, {}, [], { limit: 10, offset: 0 })).count).toBe(0);
      expect(await ctx.storage.tenants.findByHost("gamma.example.com")).toBeNull();
    });

    it("transaction - a failed write rolls back the writes before it", async () => {
      const tenant = await createTenant(ctx.storage);
      await ctx.storage.users.create(tenant.id, newUser({ email: "taken@example.com" }));
      const outcome = ctx.storage.transaction(async (tx) => {
        await tx.users.create(tenant.id, newUser({ email: "new@example.com" }));
        await tx.users.create(tenant.id, newUser({ email: "taken@example.com" }));
      });
      expect(await errorCode(outcome)).toBe("USER_EMAIL_TAKEN");
      expect(await ctx.storage.users.findByEmail(tenant.id, "new@example.com")).toBeNull();
    });

    it("transaction - tx.transaction runs inside the same transaction", async () => {
      const tenant = await createTenant(ctx.storage);
      const outcome = ctx.storage.transaction(async (tx) => {
        const inner = await tx.transaction(async (nested) => {
          await nested.users.create(tenant.id, newUser({ email: "inner@example.com" }));
          return "inner done";
        });
        expect(inner).toBe("inner done");
        expect(await tx.users.findByEmail(tenant.id, "inner@example.com")).not.toBeNull();
        throw new Error("outer fails");
      });
      await expect(outcome).rejects.toThrow("outer fails");
      expect(await ctx.storage.users.findByEmail(tenant.id, "inner@example.com")).toBeNull();
    });

    it("transaction - concurrent transactions each see their own writes and commit them all, or none", async () => {
      const tenant = await createTenant(ctx.storage);
      const run = (label: string, fail: boolean) =>
        ctx.storage.transaction(async (tx) => {
          for (let i = 0; i < 3; i++) {
            await tx.users.create(tenant.id, newUser({ email: `${label}${i}@example.com` }));
            await nextTick();
            expect(await tx.users.findByEmail(tenant.id, `${label}${i}@example.com`)).not.toBeNull();
          }
          if (fail) throw new Error(`${label} fails`);
        });
      const outcomes = await Promise.allSettled([run("a", false), run("b", true), run("c", false), run("d", true)]);
      expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected", "fulfilled", "rejected"]);
      const emails = (await ctx.storage.users.list(tenant.id, {}, [], { limit: 100, offset: 0 })).items.map((u) => u.email).sort();
      expect(emails).toEqual(["a0@example.com", "a1@example.com", "a2@example.com", "c0@example.com", "c1@example.com", "c2@example.com"]);
    });

    it("transaction - a rejected transaction does not hold up the next ones", async () => {
      const tenant = await createTenant(ctx.storage);
      const failing = ctx.storage.transaction(async () => {
        await nextTick();
        throw new Error("boom");
      });
      const following = ctx.storage.transaction((tx) => tx.users.create(tenant.id, newUser({ email: "after@example.com" })));
      await expect(failing).rejects.toThrow("boom");
      expect((await following).email).toBe("after@example.com");
      expect(await ctx.storage.users.findByEmail(tenant.id, "after@example.com")).not.toBeNull();
    });

    it("transaction - calls outside it never see its uncommitted writes", async () => {
      const tenant = await createTenant(ctx.storage);
      let outside: Promise<User | null> | undefined;
      const outcome = ctx.storage.transaction(async (tx) => {
        await tx.users.create(tenant.id, newUser({ email: "ghost@example.com" }));
        outside = ctx.storage.users.findByEmail(tenant.id, "ghost@example.com");
        await nextTick();
        throw new Error("roll back");
      });
      await expect(outcome).rejects.toThrow("roll back");
      expect(await outside).toBeNull();
    });
  });
}
