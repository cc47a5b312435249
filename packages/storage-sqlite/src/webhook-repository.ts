import type { NewWebhook, WebhookRepository } from "@helpdesk/core";
import { mergePatch, toNewWebhook, toWebhook, toWebhookWithSecret, type WebhookRow } from "./row-mappers";
import { atomicWrite, type Prepare, type SqliteDatabase } from "./sqlite-database";
import type { SyncRepository } from "./sync-repository";

type WebhookPatch = Parameters<WebhookRepository["update"]>[2];

const COLUMNS = "id, title, url, method, content_type, secret, created_at, updated_at";

/** Webhooks; the secret is read back only by `getWithSecret`, every other read shows `has_secret`. */
export function createWebhookRepository(db: SqliteDatabase, prepare: Prepare): SyncRepository<WebhookRepository> {
  const insert = prepare(
    "INSERT INTO webhooks (tenant_id, title, url, method, content_type, secret, created_at, updated_at) " +
      `VALUES (@key_tenant, @title, @url, @method, @content_type, @secret, @created_at, @updated_at) RETURNING ${COLUMNS}`,
  );
  const update = prepare(
    "UPDATE webhooks SET title = @title, url = @url, method = @method, content_type = @content_type, secret = @secret, " +
      `updated_at = @updated_at WHERE tenant_id = @key_tenant AND id = @key_id RETURNING ${COLUMNS}`,
  );
  const byId = prepare(`SELECT ${COLUMNS} FROM webhooks WHERE tenant_id = ? AND id = ?`);
  const all = prepare(`SELECT ${COLUMNS} FROM webhooks WHERE tenant_id = ? ORDER BY id`);
  const remove = prepare("DELETE FROM webhooks WHERE tenant_id = ? AND id = ?");

  const findRow = (tenantId: number, id: number) => byId.get(tenantId, id) as WebhookRow | undefined;
  const columns = (webhook: NewWebhook) => ({
    title: webhook.title,
    url: webhook.url,
    method: webhook.method,
    content_type: webhook.content_type,
    secret: webhook.secret,
    created_at: webhook.created_at,
    updated_at: webhook.updated_at,
  });

  return {
    create(tenantId, data) {
      return toWebhook(insert.get({ ...columns(data), key_tenant: tenantId }) as WebhookRow);
    },
    get(tenantId, id) {
      const row = findRow(tenantId, id);
      return row === undefined ? null : toWebhook(row);
    },
    getWithSecret(tenantId, id) {
      const row = findRow(tenantId, id);
      return row === undefined ? null : toWebhookWithSecret(row);
    },
    list(tenantId) {
      return (all.all(tenantId) as WebhookRow[]).map(toWebhook);
    },
    update: atomicWrite(db, (tenantId: number, id: number, patch: WebhookPatch) => {
      const row = findRow(tenantId, id);
      if (row === undefined) return null;
      const next = mergePatch(toNewWebhook(row), patch);
      return toWebhook(update.get({ ...columns(next), key_tenant: tenantId, key_id: id }) as WebhookRow);
    }),
    delete(tenantId, id) {
      return remove.run(tenantId, id).changes > 0;
    },
  };
}
