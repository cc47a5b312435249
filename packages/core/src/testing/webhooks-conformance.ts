import { describe, expect, it } from "vitest";
import type { ConformanceContext } from "./conformance-context";
import { at, createTenant, createTenants, newWebhook } from "./fixtures";

export function describeWebhooks(ctx: ConformanceContext): void {
  describe("webhooks", () => {
    it("webhooks.create - returns every field but the secret, which shows as has_secret", async () => {
      const tenant = await createTenant(ctx.storage);
      const { secret, ...shown } = newWebhook({ method: "PUT", content_type: "text/plain", created_at: at(1), updated_at: at(2) });
      const webhook = await ctx.storage.webhooks.create(tenant.id, { ...shown, secret });
      expect(webhook).toEqual({ ...shown, id: expect.any(Number), has_secret: true });
      expect(webhook).not.toHaveProperty("secret");
      expect(await ctx.storage.webhooks.get(tenant.id, webhook.id)).toEqual(webhook);
      const bare = await ctx.storage.webhooks.create(tenant.id, newWebhook({ secret: null }));
      expect(bare.has_secret).toBe(false);
    });

    it("webhooks.getWithSecret - the webhook with its secret; null when none", async () => {
      const tenant = await createTenant(ctx.storage);
      const webhook = await ctx.storage.webhooks.create(tenant.id, newWebhook({ secret: "a-long-enough-secret" }));
      const bare = await ctx.storage.webhooks.create(tenant.id, newWebhook({ secret: null }));
      expect(await ctx.storage.webhooks.getWithSecret(tenant.id, webhook.id)).toEqual({ ...webhook, secret: "a-long-enough-secret" });
      expect(await ctx.storage.webhooks.getWithSecret(tenant.id, bare.id)).toEqual({ ...bare, secret: null });
      expect(await ctx.storage.webhooks.getWithSecret(tenant.id, bare.id + 1000)).toBeNull();
      expect(await ctx.storage.webhooks.get(tenant.id, bare.id + 1000)).toBeNull();
    });

    it("webhooks.list - the tenant's webhooks by id, without secrets", async () => {
      const tenant = await createTenant(ctx.storage);
      expect(await ctx.storage.webhooks.list(tenant.id)).toEqual([]);
      const one = await ctx.storage.webhooks.create(tenant.id, newWebhook({ title: "B" }));
      const two = await ctx.storage.webhooks.create(tenant.id, newWebhook({ title: "A", secret: null }));
      const listed = await ctx.storage.webhooks.list(tenant.id);
      expect(listed).toEqual([one, two]);
      for (const webhook of listed) expect(webhook).not.toHaveProperty("secret");
    });

    it("webhooks.update - replaces the fields given; the secret stays unless named, null removes it", async () => {
      const tenant = await createTenant(ctx.storage);
      const webhook = await ctx.storage.webhooks.create(tenant.id, newWebhook({ secret: "first-secret-value" }));
      const renamed = await ctx.storage.webhooks.update(tenant.id, webhook.id, { title: "Renamed", url: "http://other.example/x", updated_at: at(5) });
      expect(renamed).toEqual({ ...webhook, title: "Renamed", url: "http://other.example/x", updated_at: at(5) });
      expect((await ctx.storage.webhooks.getWithSecret(tenant.id, webhook.id))?.secret).toBe("first-secret-value");
      const rotated = await ctx.storage.webhooks.update(tenant.id, webhook.id, { secret: "second-secret-value", updated_at: at(6) });
      expect(rotated).toEqual({ ...renamed, has_secret: true, updated_at: at(6) });
      expect((await ctx.storage.webhooks.getWithSecret(tenant.id, webhook.id))?.secret).toBe("second-secret-value");
      const removed = await ctx.storage.webhooks.update(tenant.id, webhook.id, { secret: null, method: "PATCH", updated_at: at(7) });
      expect(removed).toEqual({ ...renamed, method: "PATCH", has_secret: false, updated_at: at(7) });
      expect(await ctx.storage.webhooks.getWithSecret(tenant.id, webhook.id)).toEqual({ ...removed, secret: null });
      expect(await ctx.storage.webhooks.update(tenant.id, webhook.id + 1000, { title: "X", updated_at: at(8) })).toBeNull();
    });

    it("webhooks.delete - removes the webhook; false when none", async () => {
      const tenant = await createTenant(ctx.storage);
      const one = await ctx.storage.webhooks.create(tenant.id, newWebhook());
      const two = await ctx.storage.webhooks.create(tenant.id, newWebhook());
      expect(await ctx.storage.webhooks.delete(tenant.id, one.id)).toBe(true);
      expect(await ctx.storage.webhooks.get(tenant.id, one.id)).toBeNull();
      expect(await ctx.storage.webhooks.delete(tenant.id, one.id)).toBe(false);
      expect(await ctx.storage.webhooks.list(tenant.id)).toEqual([two]);
    });

    it("webhooks - nothing of tenant A is read, changed or deleted through tenant B", async () => {
      const [a, b] = await createTenants(ctx.storage);
      const webhook = await ctx.storage.webhooks.create(a.id, newWebhook());
      expect(await ctx.storage.webhooks.get(b.id, webhook.id)).toBeNull();
      expect(await ctx.storage.webhooks.getWithSecret(b.id, webhook.id)).toBeNull();
      expect(await ctx.storage.webhooks.list(b.id)).toEqual([]);
      expect(await ctx.storage.webhooks.update(b.id, webhook.id, { secret: null, updated_at: at(9) })).toBeNull();
      expect(await ctx.storage.webhooks.delete(b.id, webhook.id)).toBe(false);
      expect(await ctx.storage.webhooks.getWithSecret(a.id, webhook.id)).toEqual({ ...webhook, secret: newWebhook().secret });
    });
  });
}
