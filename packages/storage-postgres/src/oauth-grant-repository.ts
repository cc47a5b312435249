import type { AuthorizationCodeRecord, OAuthGrantRepository, OAuthTokenRecord } from "@helpdesk/core";
import type { Knex } from "knex";
import { toNullableNumber, toNumber, type Int8 } from "./row-mappers";
import { deletedCount } from "./sql-helpers";
import { PRUNE_CODES, PRUNE_FAMILIES, PRUNE_TOKENS } from "./oauth-prune-sql";

type CodeRow = Omit<AuthorizationCodeRecord, "id" | "client_id" | "user_id" | "created_at" | "expires_at"> & {
  id: Int8;
  client_id: Int8;
  user_id: Int8;
  created_at: Int8;
  expires_at: Int8;
};

type TokenRow = Pick<OAuthTokenRecord, "kind" | "scope"> & {
  id: Int8;
  grant_id: Int8;
  expires_at: Int8;
  retired_at: Int8 | null;
  client_id: Int8;
  user_id: Int8;
  grant_revoked_at: Int8 | null;
};

const CODE_COLUMNS = ["id", "client_id", "user_id", "redirect_uri", "scope", "code_challenge", "created_at", "expires_at"];

function toCode(row: CodeRow): AuthorizationCodeRecord {
  return {
    ...row,
    id: toNumber(row.id),
    client_id: toNumber(row.client_id),
    user_id: toNumber(row.user_id),
    created_at: toNumber(row.created_at),
    expires_at: toNumber(row.expires_at),
  };
}

function toToken(row: TokenRow): OAuthTokenRecord {
  return {
    id: toNumber(row.id),
    grant_id: toNumber(row.grant_id),
    kind: row.kind,
    expires_at: toNumber(row.expires_at),
    retired_at: toNullableNumber(row.retired_at),
    client_id: toNumber(row.client_id),
    user_id: toNumber(row.user_id),
    scope: row.scope,
    grant_revoked_at: toNullableNumber(row.grant_revoked_at),
  };
}

/**
 * Codes, token families and tokens. Single use is decided by one conditional
 * UPDATE each: concurrent ones on a row wait for the row lock and re-check the
 * condition, so exactly one wins, in any process.
 */
export function createOAuthGrantRepository(db: Knex): OAuthGrantRepository {
  return {
    async createCode(tenantId, data) {
      const rows: CodeRow[] = await db("oauth_codes").insert({ ...data, tenant_id: tenantId }).returning(CODE_COLUMNS);
      return toCode(rows[0]!);
    },
    async consumeCode(tenantId, codeHash, at) {
      const fresh: CodeRow[] = await db("oauth_codes")
        .update({ used_at: at })
        .where({ tenant_id: tenantId, code_hash: codeHash })
        .whereNull("used_at")
        .returning(CODE_COLUMNS);
      if (fresh[0] !== undefined) return { code: toCode(fresh[0]), replayed: false };
      const used: CodeRow[] = await db("oauth_codes")
        .update({ replayed_at: db.raw("COALESCE(replayed_at, ?)", [at]) })
        .where({ tenant_id: tenantId, code_hash: codeHash })
        .returning(CODE_COLUMNS);
      return used[0] === undefined ? null : { code: toCode(used[0]), replayed: true };
    },
    async createGrant(tenantId, data) {
      const rows: Array<{ id: Int8 }> = await db("oauth_grants").insert({ ...data, tenant_id: tenantId }).returning(["id"]);
      return toNumber(rows[0]!.id);
    },
    async revokeGrant(tenantId, grantId, at) {
      await db("oauth_grants").update({ revoked_at: at }).where({ tenant_id: tenantId, id: grantId }).whereNull("revoked_at");
    },
    async addToken(tenantId, data) {
      await db("oauth_tokens").insert({ ...data, tenant_id: tenantId });
    },
    async findToken(tenantId, kind, tokenHash) {
      const row: TokenRow | undefined = await db("oauth_tokens as t")
        .join("oauth_grants as g", "g.id", "t.grant_id")
        .leftJoin("oauth_codes as c", "c.id", "g.code_id")
        .select("t.id", "t.grant_id", "t.kind", "t.expires_at", "t.retired_at", "g.client_id", "g.user_id", "g.scope")
        .select(db.raw("COALESCE(g.revoked_at, c.replayed_at) AS grant_revoked_at"))
        .where({ "t.tenant_id": tenantId, "t.token_hash": tokenHash, "t.kind": kind })
        .first();
      return row === undefined ? null : toToken(row);
    },
    async retireToken(tenantId, tokenId, at) {
      return (await db("oauth_tokens").update({ retired_at: at }).where({ tenant_id: tenantId, id: tokenId }).whereNull("retired_at")) === 1;
    },
    async pruneExpired(before, limit) {
      const bounds = { before, limit };
      const families = await deletedCount(db, PRUNE_FAMILIES, bounds);
      return { families, tokens: await deletedCount(db, PRUNE_TOKENS, bounds), codes: await deletedCount(db, PRUNE_CODES, bounds) };
    },
  };
}
