import type { OAuthInteractionRecord, OAuthSessionRecord, OAuthSessionRepository } from "@helpdesk/core";
import type { Knex } from "knex";
import { toNullableNumber, toNumber, type Int8 } from "./row-mappers";
import { deletedCount } from "./sql-helpers";
import { PRUNE_INTERACTIONS, PRUNE_SESSIONS } from "./oauth-prune-sql";

interface SessionRow {
  user_id: Int8 | null;
  created_at: Int8;
  expires_at: Int8;
}

type InteractionRow = Omit<OAuthInteractionRecord, "client_id" | "user_id" | "created_at" | "expires_at"> & {
  client_id: Int8;
  user_id: Int8 | null;
  created_at: Int8;
  expires_at: Int8;
};

const INTERACTION_COLUMNS = ["session_hash", "client_id", "redirect_uri", "scope", "state", "code_challenge", "user_id", "created_at", "expires_at"];

function toSession(row: SessionRow): OAuthSessionRecord {
  return { user_id: toNullableNumber(row.user_id), created_at: toNumber(row.created_at), expires_at: toNumber(row.expires_at) };
}

function toInteraction(row: InteractionRow): OAuthInteractionRecord {
  return {
    ...row,
    client_id: toNumber(row.client_id),
    user_id: toNullableNumber(row.user_id),
    created_at: toNumber(row.created_at),
    expires_at: toNumber(row.expires_at),
  };
}

/** Sign-in sessions and pending authorizations, keyed by the hashes of their ids. */
export function createOAuthSessionRepository(db: Knex): OAuthSessionRepository {
  return {
    async createSession(tenantId, sessionHash, data) {
      await db("oauth_sessions").insert({ ...data, tenant_id: tenantId, session_hash: sessionHash });
    },
    async getSession(tenantId, sessionHash) {
      const row: SessionRow | undefined = await db("oauth_sessions")
        .select("user_id", "created_at", "expires_at")
        .where({ tenant_id: tenantId, session_hash: sessionHash })
        .first();
      return row === undefined ? null : toSession(row);
    },
    async deleteSession(tenantId, sessionHash) {
      await db("oauth_sessions").where({ tenant_id: tenantId, session_hash: sessionHash }).del();
    },
    async createInteraction(tenantId, interactionHash, data) {
      await db("oauth_interactions").insert({ ...data, tenant_id: tenantId, interaction_hash: interactionHash });
    },
    async getInteraction(tenantId, interactionHash) {
      const row: InteractionRow | undefined = await db("oauth_interactions")
        .select(INTERACTION_COLUMNS)
        .where({ tenant_id: tenantId, interaction_hash: interactionHash })
        .first();
      return row === undefined ? null : toInteraction(row);
    },
    async bindInteraction(tenantId, interactionHash, binding) {
      return (await db("oauth_interactions").update(binding).where({ tenant_id: tenantId, interaction_hash: interactionHash })) > 0;
    },
    async takeInteraction(tenantId, interactionHash) {
      const rows: InteractionRow[] = await db("oauth_interactions")
        .where({ tenant_id: tenantId, interaction_hash: interactionHash })
        .del()
        .returning(INTERACTION_COLUMNS);
      return rows[0] === undefined ? null : toInteraction(rows[0]);
    },
    async pruneExpired(before, limit) {
      const bounds = { before, limit };
      return { sessions: await deletedCount(db, PRUNE_SESSIONS, bounds), interactions: await deletedCount(db, PRUNE_INTERACTIONS, bounds) };
    },
  };
}
