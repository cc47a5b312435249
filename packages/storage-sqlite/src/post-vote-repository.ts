import type { PostVote, PostVoteRepository } from "@helpdesk/core";
import { atomicWrite, type Prepare, type SqliteDatabase } from "./sqlite-database";
import type { SyncRepository } from "./sync-repository";

/** Votes on posts; each write moves the post's `count_vote` in the same transaction, which the single connection serializes. */
export function createPostVoteRepository(db: SqliteDatabase, prepare: Prepare): SyncRepository<PostVoteRepository> {
  const previous = prepare("SELECT value FROM post_votes WHERE tenant_id = ? AND post_id = ? AND user_id = ?");
  const upsert = prepare(
    "INSERT INTO post_votes (tenant_id, post_id, user_id, value, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?) " +
      "ON CONFLICT (tenant_id, post_id, user_id) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at " +
      "RETURNING post_id, user_id, value, created_at, updated_at",
  );
  const remove = prepare("DELETE FROM post_votes WHERE tenant_id = ? AND post_id = ? AND user_id = ? RETURNING value");
  const count = prepare("UPDATE posts SET count_vote = count_vote + ? WHERE tenant_id = ? AND id = ?");

  return {
    cast: atomicWrite(db, (tenantId: number, postId: number, userId: number, value: 1 | -1, at: number) => {
      const old = previous.get(tenantId, postId, userId) as { value: number } | undefined;
      if (count.run(value - (old?.value ?? 0), tenantId, postId).changes === 0) return null;
      return upsert.get(tenantId, postId, userId, value, at, at) as PostVote;
    }),
    withdraw: atomicWrite(db, (tenantId: number, postId: number, userId: number) => {
      const row = remove.get(tenantId, postId, userId) as { value: number } | undefined;
      if (row === undefined) return false;
      count.run(-row.value, tenantId, postId);
      return true;
    }),
  };
}
