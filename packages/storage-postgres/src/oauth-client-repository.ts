import type { OAuthClient, OAuthClientRepository, OAuthClientWithSecret } from "@helpdesk/core";
import type { Knex } from "knex";
import { toNumber, type Int8 } from "./row-mappers";

interface OAuthClientRow {
  id: Int8;
  client_id: string;
  secret_hash: string;
  name: string;
  redirect_uris: string[];
  require_pkce: boolean;
  created_at: Int8;
}

const COLUMNS = ["id", "client_id", "secret_hash", "name", "redirect_uris", "require_pkce", "created_at"];

function toClientWithSecret(row: OAuthClientRow): OAuthClientWithSecret {
  return {
    id: toNumber(row.id),
    client_id: row.client_id,
    name: row.name,
    redirect_uris: row.redirect_uris,
    require_pkce: row.require_pkce,
    created_at: toNumber(row.created_at),
    secret_hash: row.secret_hash,
  };
}

function toClient(row: OAuthClientRow): OAuthClient {
  const { secret_hash: _hidden, ...client } = toClientWithSecret(row);
  return client;
}

/** OAuth clients; the secret's hash leaves storage only through `findByClientId`. */
export function createOAuthClientRepository(db: Knex): OAuthClientRepository {
  return {
    async create(tenantId, data) {
      const rows: OAuthClientRow[] = await db("oauth_clients")
        .insert({ ...data, tenant_id: tenantId, redirect_uris: JSON.stringify(data.redirect_uris) })
        .returning(COLUMNS);
      return toClient(rows[0]!);
    },
    async get(tenantId, id) {
      const row: OAuthClientRow | undefined = await db("oauth_clients").select(COLUMNS).where({ tenant_id: tenantId, id }).first();
      return row === undefined ? null : toClient(row);
    },
    async findByClientId(tenantId, clientId) {
      const row: OAuthClientRow | undefined = await db("oauth_clients").select(COLUMNS).where({ tenant_id: tenantId, client_id: clientId }).first();
      return row === undefined ? null : toClientWithSecret(row);
    },
    async list(tenantId) {
      const rows: OAuthClientRow[] = await db("oauth_clients").select(COLUMNS).where("tenant_id", tenantId).orderBy("id");
      return rows.map(toClient);
    },
    async delete(tenantId, id) {
      return (await db("oauth_clients").where({ tenant_id: tenantId, id }).del()) > 0;
    },
  };
}
