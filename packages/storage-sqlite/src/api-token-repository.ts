import type { ApiTokenRepository } from "@helpdesk/core";
import { toApiToken, type ApiTokenRow } from "./row-mappers";
import type { Prepare } from "./sqlite-database";
import type { SyncRepository } from "./sync-repository";

/** API tokens, kept as hashes; the listing never carries the hash. */
export function createApiTokenRepository(prepare: Prepare): SyncRepository<ApiTokenRepository> {
  const insert = prepare("INSERT INTO api_tokens (tenant_id, token_hash, created_at) VALUES (?, ?, ?) RETURNING id, created_at");
  const byHash = prepare("SELECT id, created_at FROM api_tokens WHERE tenant_id = ? AND token_hash = ? ORDER BY id LIMIT 1");
  const all = prepare("SELECT id, created_at FROM api_tokens WHERE tenant_id = ? ORDER BY id");
  const remove = prepare("DELETE FROM api_tokens WHERE tenant_id = ? AND id = ?");

  return {
    create(tenantId, data) {
      return toApiToken(insert.get(tenantId, data.token_hash, data.created_at) as ApiTokenRow);
    },
    findByHash(tenantId, tokenHash) {
      const row = byHash.get(tenantId, tokenHash) as ApiTokenRow | undefined;
      return row === undefined ? null : toApiToken(row);
    },
    list(tenantId) {
      return (all.all(tenantId) as ApiTokenRow[]).map(toApiToken);
    },
    delete(tenantId, id) {
      return remove.run(tenantId, id).changes > 0;
    },
  };
}
