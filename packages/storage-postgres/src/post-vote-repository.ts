import type { PostVote, PostVoteRepository } from "@helpdesk/core";
import type { Knex } from "knex";
import { toNumber, type Int8 } from "./row-mappers";
import { queryRows } from "./sql-helpers";

// Each write first locks the post row (NO KEY UPDATE, so comments' foreign-key checks still pass): votes on one
// post queue there, and each next statement, with a fresh snapshot under READ COMMITTED, reads the vote it replaces
// as committed. Without the lock two votes of one user could both count in full, or a change and a withdrawal deadlock.
const LOCK_POST = "SELECT id FROM posts WHERE tenant_id = ? AND id = ? FOR NO KEY UPDATE";

const CAST_VOTE = `
WITH old AS (SELECT value FROM post_votes WHERE tenant_id = ? AND post_id = ? AND user_id = ?),
v AS (
  INSERT INTO post_votes (tenant_id, post_id, user_id, value, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)
  ON CONFLICT (tenant_id, post_id, user_id) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at
  RETURNING post_id, user_id, value, created_at, updated_at
),
counted AS (
  UPDATE posts SET count_vote = count_vote + ?::integer - coalesce((SELECT value FROM old), 0) WHERE tenant_id = ? AND id = ?
)
SELECT * FROM v`;

const WITHDRAW_VOTE = `
WITH d AS (DELETE FROM post_votes WHERE tenant_id = ? AND post_id = ? AND user_id = ? RETURNING tenant_id, post_id, value),
counted AS (UPDATE posts p SET count_vote = p.count_vote - d.value FROM d WHERE p.tenant_id = d.tenant_id AND p.id = d.post_id)
SELECT count(*) AS deleted FROM d`;

function toPostVote(row: Record<string, unknown>): PostVote {
  return {
    post_id: toNumber(row.post_id as Int8),
    user_id: toNumber(row.user_id as Int8),
    value: Number(row.value),
    created_at: toNumber(row.created_at as Int8),
    updated_at: toNumber(row.updated_at as Int8),
  };
}

/** Votes on posts; each write moves the post's `count_vote` in the same transaction, under the post's row lock. */
export function createPostVoteRepository(db: Knex): PostVoteRepository {
  /** Runs `write` with the post locked; null when no such post. */
  const onLockedPost = <T>(tenantId: number, postId: number, write: (trx: Knex.Transaction) => Promise<T>): Promise<T | null> =>
    db.transaction(async (trx) => ((await queryRows(trx, LOCK_POST, [tenantId, postId])).length === 0 ? null : write(trx)));

  return {
    async cast(tenantId, postId, userId, value, at) {
      return onLockedPost(tenantId, postId, async (trx) => {
        const params = [tenantId, postId, userId, tenantId, postId, userId, value, at, at, value, tenantId, postId];
        const [row] = await queryRows<Record<string, unknown>>(trx, CAST_VOTE, params);
        return toPostVote(row!);
      });
    },
    async withdraw(tenantId, postId, userId) {
      const deleted = await onLockedPost(tenantId, postId, async (trx) => {
        const [row] = await queryRows<{ deleted: string }>(trx, WITHDRAW_VOTE, [tenantId, postId, userId]);
        return Number(row?.deleted) > 0;
      });
      return deleted === true;
    },
  };
}
