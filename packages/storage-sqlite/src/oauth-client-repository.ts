import type { OAuthClient, OAuthClientRepository, OAuthClientWithSecret } from "@helpdesk/core";
import type { Prepare } from "./sqlite-database";
import type { SyncRepository } from "./sync-repository";

interface OAuthClientRow {
  id: number;
  client_id: string;
  secret_hash: string;
  name: string;
  redirect_uris: string;
  require_pkce: number;
  created_at: number;
}

const COLUMNS = "id, client_id, secret_hash, name, redirect_uris, require_pkce, created_at";

function toClientWithSecret(row: OAuthClientRow): OAuthClientWithSecret {
  return {
    id: row.id,
    client_id: row.client_id,
    name: row.name,
    redirect_uris: JSON.parse(row.redirect_uris) as string[],
    require_pkce: row.require_pkce === 1,
    created_at: row.created_at,
    secret_hash: row.secret_hash,
  };
}

function toClient(row: OAuthClientRow): OAuthClient {
  const { secret_hash: _hidden, ...client } = toClientWithSecret(row);
  return client;
}

/** OAuth clients; the secret's hash leaves storage only through `findByClientId`. */
export function createOAuthClientRepository(prepare: Prepare): SyncRepository<OAuthClientRepository> {
  const insert = prepare(
    `INSERT INTO oauth_clients (tenant_id, client_id, secret_hash, name, redirect_uris, require_pkce, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING ${COLUMNS}`,
  );
  const byId = prepare(`SELECT ${COLUMNS} FROM oauth_clients WHERE tenant_id = ? AND id = ?`);
  const byClientId = prepare(`SELECT ${COLUMNS} FROM oauth_clients WHERE tenant_id = ? AND client_id = ?`);
  const all = prepare(`SELECT ${COLUMNS} FROM oauth_clients WHERE tenant_id = ? ORDER BY id`);
  const remove = prepare("DELETE FROM oauth_clients WHERE tenant_id = ? AND id = ?");

  return {
    create(tenantId, data) {
      const row = insert.get(
        tenantId, data.client_id, data.secret_hash, data.name, JSON.stringify(data.redirect_uris), data.require_pkce ? 1 : 0, data.created_at,
      ) as OAuthClientRow;
      return toClient(row);
    },
    get(tenantId, id) {
      const row = byId.get(tenantId, id) as OAuthClientRow | undefined;
      return row === undefined ? null : toClient(row);
    },
    findByClientId(tenantId, clientId) {
      const row = byClientId.get(tenantId, clientId) as OAuthClientRow | undefined;
      return row === undefined ? null : toClientWithSecret(row);
    },
    list(tenantId) {
      return (all.all(tenantId) as OAuthClientRow[]).map(toClient);
    },
    delete(tenantId, id) {
      return remove.run(tenantId, id).changes > 0;
    },
  };
}
