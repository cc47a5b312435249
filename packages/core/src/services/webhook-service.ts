import { definedFields } from "./defined-fields";
import { HelpdeskError } from "../errors";
import { webhookCreateInputSchema, webhookUpdateInputSchema } from "../domain/rule";
import type { WebhookService } from "../help-desk-api";
import type { NewWebhook } from "../storage";
import { requireRole, type ActorContext } from "./actor-context";
import { found } from "./found";
import { parseInput } from "./validation";

/** Webhooks that `target` actions call: admins only; the signing secret is write-only. */
export function createWebhookService(ctx: ActorContext): WebhookService {
  const { tenantId, storage } = ctx;
  return {
    async list() {
      requireRole(ctx, "admin");
      return storage.webhooks.list(tenantId);
    },

    async get(id) {
      requireRole(ctx, "admin");
      return found(await storage.webhooks.get(tenantId, id), "WEBHOOK_NOT_FOUND");
    },

    async create(raw) {
      requireRole(ctx, "admin");
      const input = parseInput(webhookCreateInputSchema, raw);
      const now = ctx.clock();
      return storage.webhooks.create(tenantId, { ...input, secret: input.secret ?? null, created_at: now, updated_at: now });
    },

    async update(id, raw) {
      requireRole(ctx, "admin");
      const input = parseInput(webhookUpdateInputSchema, raw);
      const patch: Partial<Omit<NewWebhook, "created_at">> & { updated_at: number } = { ...definedFields(input), updated_at: ctx.clock() };
      return found(await storage.webhooks.update(tenantId, id, patch), "WEBHOOK_NOT_FOUND");
    },

    async delete(id) {
      requireRole(ctx, "admin");
      if (!(await storage.webhooks.delete(tenantId, id))) throw new HelpdeskError("WEBHOOK_NOT_FOUND");
    },
  };
}
