import type { Storage } from "../storage";

/**
 * How long a row is kept after its lifetime ended: beyond any clock skew
 * between processes and any request that read the row just before it ended.
 */
export const OAUTH_PRUNE_GRACE_MS = 24 * 60 * 60 * 1000;

const BATCH = 500;

/** How many OAuth rows one prune deleted, by kind (tokens: not counting those of deleted families). */
export interface OAuthPruneCounts {
  codes: number;
  families: number;
  tokens: number;
  sessions: number;
  interactions: number;
}

/**
 * Deletes every tenant's OAuth rows whose lifetime ended a grace period before
 * `now`, in batches. What is deleted is refused the same way as before it was
 * (unknown and expired both fail), so it is safe in several processes at once.
 */
export async function pruneExpiredOAuth(storage: Storage, now: number): Promise<OAuthPruneCounts> {
  const before = now - OAUTH_PRUNE_GRACE_MS;
  const total: OAuthPruneCounts = { codes: 0, families: 0, tokens: 0, sessions: 0, interactions: 0 };
  for (;;) {
    const batch = { ...(await storage.oauthGrants.pruneExpired(before, BATCH)), ...(await storage.oauthSessions.pruneExpired(before, BATCH)) };
    for (const kind of Object.keys(total) as Array<keyof OAuthPruneCounts>) total[kind] += batch[kind];
    if (Object.values(batch).every((count) => count < BATCH)) return total;
  }
}
