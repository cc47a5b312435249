import type { AuthorizationCodeRecord, OAuthGrantRepository, OAuthTokenRecord } from "@helpdesk/core";
import type { Prepare } from "./sqlite-database";
import type { SyncRepository } from "./sync-repository";
import { PRUNE_CODES, PRUNE_FAMILIES, PRUNE_TOKENS } from "./oauth-prune-sql";

const CODE_COLUMNS = "id, client_id, user_id, redirect_uri, scope, code_challenge, created_at, expires_at";

/** Codes, token families and tokens. Single use is decided by one conditional UPDATE each, so it holds across connections. */
export function createOAuthGrantRepository(prepare: Prepare): SyncRepository<OAuthGrantRepository> {
  const insertCode = prepare(
    `INSERT INTO oauth_codes (tenant_id, code_hash, client_id, user_id, redirect_uri, scope, code_challenge, created_at, expires_at) ` +
      `VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING ${CODE_COLUMNS}`,
  );
  const useCode = prepare(`UPDATE oauth_codes SET used_at = ? WHERE tenant_id = ? AND code_hash = ? AND used_at IS NULL RETURNING ${CODE_COLUMNS}`);
  const replayCode = prepare(
    `UPDATE oauth_codes SET replayed_at = COALESCE(replayed_at, ?) WHERE tenant_id = ? AND code_hash = ? RETURNING ${CODE_COLUMNS}`,
  );
  const insertGrant = prepare(
    "INSERT INTO oauth_grants (tenant_id, client_id, user_id, scope, code_id, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
  );
  const revoke = prepare("UPDATE oauth_grants SET revoked_at = ? WHERE tenant_id = ? AND id = ? AND revoked_at IS NULL");
  const insertToken = prepare(
    "INSERT INTO oauth_tokens (tenant_id, grant_id, kind, token_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)",
  );
  const tokenByHash = prepare(
    "SELECT t.id, t.grant_id, t.kind, t.expires_at, t.retired_at, g.client_id, g.user_id, g.scope, " +
      "COALESCE(g.revoked_at, c.replayed_at) AS grant_revoked_at FROM oauth_tokens t JOIN oauth_grants g ON g.id = t.grant_id " +
      "LEFT JOIN oauth_codes c ON c.id = g.code_id WHERE t.tenant_id = ? AND t.token_hash = ? AND t.kind = ?",
  );
  const retire = prepare("UPDATE oauth_tokens SET retired_at = ? WHERE tenant_id = ? AND id = ? AND retired_at IS NULL");
  const pruneFamilies = prepare(PRUNE_FAMILIES);
  const pruneTokens = prepare(PRUNE_TOKENS);
  const pruneCodes = prepare(PRUNE_CODES);

  return {
    createCode(tenantId, data) {
      return insertCode.get(
        tenantId, data.code_hash, data.client_id, data.user_id, data.redirect_uri, data.scope, data.code_challenge, data.created_at, data.expires_at,
      ) as AuthorizationCodeRecord;
    },
    consumeCode(tenantId, codeHash, at) {
      const fresh = useCode.get(at, tenantId, codeHash) as AuthorizationCodeRecord | undefined;
      if (fresh !== undefined) return { code: fresh, replayed: false };
      const used = replayCode.get(at, tenantId, codeHash) as AuthorizationCodeRecord | undefined;
      return used === undefined ? null : { code: used, replayed: true };
    },
    createGrant(tenantId, data) {
      const row = insertGrant.get(tenantId, data.client_id, data.user_id, data.scope, data.code_id, data.created_at) as { id: number };
      return row.id;
    },
    revokeGrant(tenantId, grantId, at) {
      revoke.run(at, tenantId, grantId);
    },
    addToken(tenantId, data) {
      insertToken.run(tenantId, data.grant_id, data.kind, data.token_hash, data.created_at, data.expires_at);
    },
    findToken(tenantId, kind, tokenHash) {
      return (tokenByHash.get(tenantId, tokenHash, kind) as OAuthTokenRecord | undefined) ?? null;
    },
    retireToken(tenantId, tokenId, at) {
      return retire.run(at, tenantId, tokenId).changes === 1;
    },
    pruneExpired(before, limit) {
      const bounds = { before, limit };
      const families = pruneFamilies.run(bounds).changes;
      return { families, tokens: pruneTokens.run(bounds).changes, codes: pruneCodes.run(bounds).changes };
    },
  };
}
