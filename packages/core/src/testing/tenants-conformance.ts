import { describe, expect, it } from "vitest";
import type { ConformanceContext } from "./conformance-context";
import { at, errorCode, idsOf } from "./fixtures";

export function describeTenants(ctx: ConformanceContext): void {
  describe("tenants", () => {
    it("tenants.create - returns the tenant with an id", async () => {
      const tenant = await ctx.storage.tenants.create({ host: "alpha.example.com", name: "Alpha", created_at: at(1) });
      expect(tenant).toEqual({ id: expect.any(Number), host: "alpha.example.com", name: "Alpha", created_at: at(1) });
      expect(await ctx.storage.tenants.get(tenant.id)).toEqual(tenant);
    });

    it("tenants.create - rejects a host already served with TENANT_HOST_TAKEN", async () => {
      await ctx.storage.tenants.create({ host: "alpha.example.com", name: "Alpha", created_at: at(0) });
      expect(await errorCode(ctx.storage.tenants.create({ host: "alpha.example.com", name: "Again", created_at: at(1) }))).toBe("TENANT_HOST_TAKEN");
      expect(await errorCode(ctx.storage.tenants.create({ host: "ALPHA.example.com", name: "Again", created_at: at(1) }))).toBe("TENANT_HOST_TAKEN");
      expect(await ctx.storage.tenants.list()).toHaveLength(1);
    });

    it("tenants.findByHost - finds the tenant, comparing lower-case", async () => {
      const tenant = await ctx.storage.tenants.create({ host: "alpha.example.com:8080", name: "Alpha", created_at: at(0) });
      expect(await ctx.storage.tenants.findByHost("alpha.example.com:8080")).toEqual(tenant);
      expect(await ctx.storage.tenants.findByHost("Alpha.Example.COM:8080")).toEqual(tenant);
    });

    it("tenants.findByHost - null for a host nobody serves", async () => {
      await ctx.storage.tenants.create({ host: "alpha.example.com", name: "Alpha", created_at: at(0) });
      expect(await ctx.storage.tenants.findByHost("alpha.example.com:8080")).toBeNull();
      expect(await ctx.storage.tenants.findByHost("example.com")).toBeNull();
    });

    it("tenants.get - null for an unknown id", async () => {
      expect(await ctx.storage.tenants.get(12345)).toBeNull();
    });

    it("tenants.list - every tenant, by id", async () => {
      expect(await ctx.storage.tenants.list()).toEqual([]);
      const created = [];
      for (const host of ["c.example.com", "a.example.com", "b.example.com"]) {
        created.push(await ctx.storage.tenants.create({ host, name: host, created_at: at(0) }));
      }
      const listed = await ctx.storage.tenants.list();
      expect(idsOf(listed)).toEqual(idsOf(created).sort((a, b) => a - b));
      expect(listed.map((t) => t.host)).toEqual(["c.example.com", "a.example.com", "b.example.com"]);
    });
  });
}
