import { describe, expect, it } from "vitest";
import type { ConformanceContext } from "./conformance-context";
import { at, createTenant } from "./fixtures";

export function describeApiTokens(ctx: ConformanceContext): void {
  describe("apiTokens", () => {
    it("apiTokens.create - returns the id and creation time, never the hash", async () => {
      const tenant = await createTenant(ctx.storage);
      const token = await ctx.storage.apiTokens.create(tenant.id, { token_hash: "hash-1", created_at: at(3) });
      expect(token).toEqual({ id: expect.any(Number), created_at: at(3) });
    });

    it("apiTokens.findByHash - the token with that hash; null when none", async () => {
      const tenant = await createTenant(ctx.storage);
      const one = await ctx.storage.apiTokens.create(tenant.id, { token_hash: "hash-1", created_at: at(1) });
      const two = await ctx.storage.apiTokens.create(tenant.id, { token_hash: "hash-2", created_at: at(2) });
      expect(await ctx.storage.apiTokens.findByHash(tenant.id, "hash-1")).toEqual(one);
      expect(await ctx.storage.apiTokens.findByHash(tenant.id, "hash-2")).toEqual(two);
      expect(await ctx.storage.apiTokens.findByHash(tenant.id, "HASH-1")).toBeNull();
      expect(await ctx.storage.apiTokens.findByHash(tenant.id, "hash-3")).toBeNull();
    });

    it("apiTokens.list - the tenant's tokens by id", async () => {
      const tenant = await createTenant(ctx.storage);
      expect(await ctx.storage.apiTokens.list(tenant.id)).toEqual([]);
      const one = await ctx.storage.apiTokens.create(tenant.id, { token_hash: "hash-1", created_at: at(5) });
      const two = await ctx.storage.apiTokens.create(tenant.id, { token_hash: "hash-2", created_at: at(1) });
      expect(await ctx.storage.apiTokens.list(tenant.id)).toEqual([one, two]);
    });

    it("apiTokens.delete - removes the token; false when none", async () => {
      const tenant = await createTenant(ctx.storage);
      const one = await ctx.storage.apiTokens.create(tenant.id, { token_hash: "hash-1", created_at: at(1) });
      const two = await ctx.storage.apiTokens.create(tenant.id, { token_hash: "hash-2", created_at: at(2) });
      expect(await ctx.storage.apiTokens.delete(tenant.id, one.id)).toBe(true);
      expect(await ctx.storage.apiTokens.findByHash(tenant.id, "hash-1")).toBeNull();
      expect(await ctx.storage.apiTokens.list(tenant.id)).toEqual([two]);
      expect(await ctx.storage.apiTokens.delete(tenant.id, one.id)).toBe(false);
    });
  });
}
