import type { WebhookRepository } from "@helpdesk/core";
import type { Knex } from "knex";
import { toWebhook, toWebhookWithSecret, webhookColumns, type WebhookRow } from "./row-mappers";

const COLUMNS = ["id", "title", "url", "method", "content_type", "secret", "created_at", "updated_at"];

/** Webhooks; the secret is read back only by `getWithSecret`, every other read shows `has_secret`. */
export function createWebhookRepository(db: Knex): WebhookRepository {
  const findRow = async (tenantId: number, id: number): Promise<WebhookRow | undefined> =>
    db("webhooks").select(COLUMNS).where({ tenant_id: tenantId, id }).first();

  return {
    async create(tenantId, data) {
      const rows: WebhookRow[] = await db("webhooks")
        .insert({ ...webhookColumns(data), tenant_id: tenantId })
        .returning(COLUMNS);
      return toWebhook(rows[0]!);
    },
    async get(tenantId, id) {
      const row = await findRow(tenantId, id);
      return row === undefined ? null : toWebhook(row);
    },
    async getWithSecret(tenantId, id) {
      const row = await findRow(tenantId, id);
      return row === undefined ? null : toWebhookWithSecret(row);
    },
    async list(tenantId) {
      const rows: WebhookRow[] = await db("webhooks").select(COLUMNS).where("tenant_id", tenantId).orderBy("id");
      return rows.map(toWebhook);
    },
    async update(tenantId, id, patch) {
      const rows: WebhookRow[] = await db("webhooks").where({ tenant_id: tenantId, id }).update(webhookColumns(patch)).returning(COLUMNS);
      return rows[0] === undefined ? null : toWebhook(rows[0]);
    },
    async delete(tenantId, id) {
      return (await db("webhooks").where({ tenant_id: tenantId, id }).del()) > 0;
    },
  };
}
