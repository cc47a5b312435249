// The OAuth prune's DELETEs: each removes at most @limit rows that ended before @before,
// found through an expiry index (migration 12) rather than a scan of the table.

// A family goes once revoked, or once none of its tokens is live; until then its tokens go one by one as they expire.
export const PRUNE_FAMILIES = `DELETE FROM oauth_grants WHERE id IN (
  SELECT id FROM oauth_grants WHERE revoked_at < @before
  UNION ALL
  SELECT t.grant_id FROM oauth_tokens t WHERE t.expires_at < @before
    AND NOT EXISTS (SELECT 1 FROM oauth_tokens l WHERE l.grant_id = t.grant_id AND l.expires_at >= @before)
  LIMIT @limit)`;

// Only tokens of families that keep a live one: the others go with their family, which must still find them.
export const PRUNE_TOKENS = `DELETE FROM oauth_tokens WHERE id IN (
  SELECT t.id FROM oauth_tokens t WHERE t.expires_at < @before
    AND EXISTS (SELECT 1 FROM oauth_tokens l WHERE l.grant_id = t.grant_id AND l.expires_at >= @before)
  LIMIT @limit)`;

// Deleting a code a family was redeemed from would null its code_id and so forget a replay's revocation.
export const PRUNE_CODES = `DELETE FROM oauth_codes WHERE id IN (
  SELECT c.id FROM oauth_codes c WHERE c.expires_at < @before AND NOT EXISTS (SELECT 1 FROM oauth_grants g WHERE g.code_id = c.id)
  LIMIT @limit)`;

export const PRUNE_SESSIONS = `DELETE FROM oauth_sessions WHERE (tenant_id, session_hash) IN (
  SELECT tenant_id, session_hash FROM oauth_sessions WHERE expires_at < @before LIMIT @limit)`;

export const PRUNE_INTERACTIONS = `DELETE FROM oauth_interactions WHERE (tenant_id, interaction_hash) IN (
  SELECT tenant_id, interaction_hash FROM oauth_interactions WHERE expires_at < @before LIMIT @limit)`;
