import type { ApiTokenRepository } from "@helpdesk/core";
import type { Knex } from "knex";
import { toApiToken, type ApiTokenRow } from "./row-mappers";

const COLUMNS = ["id", "created_at"];

/** API tokens, kept as hashes; the listing never carries the hash. */
export function createApiTokenRepository(db: Knex): ApiTokenRepository {
  return {
    async create(tenantId, data) {
      const rows: ApiTokenRow[] = await db("api_tokens")
        .insert({ tenant_id: tenantId, token_hash: data.token_hash, created_at: data.created_at })
        .returning(COLUMNS);
      return toApiToken(rows[0]!);
    },
    async findByHash(tenantId, tokenHash) {
      const row: ApiTokenRow | undefined = await db("api_tokens")
        .select(COLUMNS)
        .where({ tenant_id: tenantId, token_hash: tokenHash })
        .orderBy("id")
        .first();
      return row === undefined ? null : toApiToken(row);
    },
    async list(tenantId) {
      const rows: ApiTokenRow[] = await db("api_tokens").select(COLUMNS).where("tenant_id", tenantId).orderBy("id");
      return rows.map(toApiToken);
    },
    async delete(tenantId, id) {
      return (await db("api_tokens").where({ tenant_id: tenantId, id }).del()) > 0;
    },
  };
}
