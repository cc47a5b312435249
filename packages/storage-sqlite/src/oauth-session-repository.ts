import type { OAuthInteractionRecord, OAuthSessionRecord, OAuthSessionRepository } from "@helpdesk/core";
import type { Prepare } from "./sqlite-database";
import type { SyncRepository } from "./sync-repository";
import { PRUNE_INTERACTIONS, PRUNE_SESSIONS } from "./oauth-prune-sql";

const INTERACTION_COLUMNS = "session_hash, client_id, redirect_uri, scope, state, code_challenge, user_id, created_at, expires_at";

/** Sign-in sessions and pending authorizations, keyed by the hashes of their ids. */
export function createOAuthSessionRepository(prepare: Prepare): SyncRepository<OAuthSessionRepository> {
  const insertSession = prepare("INSERT INTO oauth_sessions (tenant_id, session_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)");
  const sessionByHash = prepare("SELECT user_id, created_at, expires_at FROM oauth_sessions WHERE tenant_id = ? AND session_hash = ?");
  const removeSession = prepare("DELETE FROM oauth_sessions WHERE tenant_id = ? AND session_hash = ?");
  const insertInteraction = prepare(
    `INSERT INTO oauth_interactions (tenant_id, interaction_hash, ${INTERACTION_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const interactionByHash = prepare(`SELECT ${INTERACTION_COLUMNS} FROM oauth_interactions WHERE tenant_id = ? AND interaction_hash = ?`);
  const bind = prepare("UPDATE oauth_interactions SET session_hash = ?, user_id = ? WHERE tenant_id = ? AND interaction_hash = ?");
  const pruneSessions = prepare(PRUNE_SESSIONS);
  const pruneInteractions = prepare(PRUNE_INTERACTIONS);
  const take = prepare(`DELETE FROM oauth_interactions WHERE tenant_id = ? AND interaction_hash = ? RETURNING ${INTERACTION_COLUMNS}`);

  return {
    createSession(tenantId, sessionHash, data) {
      insertSession.run(tenantId, sessionHash, data.user_id, data.created_at, data.expires_at);
    },
    getSession(tenantId, sessionHash) {
      return (sessionByHash.get(tenantId, sessionHash) as OAuthSessionRecord | undefined) ?? null;
    },
    deleteSession(tenantId, sessionHash) {
      removeSession.run(tenantId, sessionHash);
    },
    createInteraction(tenantId, interactionHash, data) {
      insertInteraction.run(
        tenantId, interactionHash, data.session_hash, data.client_id, data.redirect_uri, data.scope, data.state, data.code_challenge,
        data.user_id, data.created_at, data.expires_at,
      );
    },
    getInteraction(tenantId, interactionHash) {
      return (interactionByHash.get(tenantId, interactionHash) as OAuthInteractionRecord | undefined) ?? null;
    },
    bindInteraction(tenantId, interactionHash, binding) {
      return bind.run(binding.session_hash, binding.user_id, tenantId, interactionHash).changes > 0;
    },
    takeInteraction(tenantId, interactionHash) {
      return (take.get(tenantId, interactionHash) as OAuthInteractionRecord | undefined) ?? null;
    },
    pruneExpired(before, limit) {
      const bounds = { before, limit };
      return { sessions: pruneSessions.run(bounds).changes, interactions: pruneInteractions.run(bounds).changes };
    },
  };
}
