import type { NewPostComment, PostCommentRepository, SortDirection, Window } from "@helpdesk/core";
import type { PostCommentRow } from "./knowledge-base-row-mappers";
import { selectPage, Where } from "./sql-helpers";
import { atomicRead, atomicWrite, type Prepare, type SqliteDatabase } from "./sqlite-database";
import type { SyncRepository } from "./sync-repository";

const COLUMNS = "id, post_id, content, author_id, created_at, updated_at";

/** Comments of posts; each add and delete moves the post's `count_comments` in the same transaction. */
export function createPostCommentRepository(db: SqliteDatabase, prepare: Prepare): SyncRepository<PostCommentRepository> {
  const insert = prepare(
    "INSERT INTO post_comments (tenant_id, post_id, author_id, content, created_at, updated_at) " +
      `VALUES (@tenant_id, @post_id, @author_id, @content, @created_at, @updated_at) RETURNING ${COLUMNS}`,
  );
  const byId = prepare(`SELECT ${COLUMNS} FROM post_comments WHERE tenant_id = ? AND post_id = ? AND id = ?`);
  const remove = prepare("DELETE FROM post_comments WHERE tenant_id = ? AND post_id = ? AND id = ?");
  const count = prepare("UPDATE posts SET count_comments = count_comments + ? WHERE tenant_id = ? AND id = ?");

  return {
    create: atomicWrite(db, (tenantId: number, postId: number, data: NewPostComment) => {
      const row = insert.get({ ...data, tenant_id: tenantId, post_id: postId }) as PostCommentRow;
      count.run(1, tenantId, postId);
      return row;
    }),
    get(tenantId, postId, id) {
      return (byId.get(tenantId, postId, id) as PostCommentRow | undefined) ?? null;
    },
    list: atomicRead(db, (tenantId: number, postId: number, dir: SortDirection, window: Window) => {
      const where = new Where().add("c.tenant_id = ?", tenantId).add("c.post_id = ?", postId);
      const order = { sql: `c.id ${dir === "desc" ? "DESC" : "ASC"}`, params: [] };
      return selectPage(prepare, { select: COLUMNS.replace(/(\w+)/g, "c.$1"), from: "post_comments c", where, order, window, map: (row: PostCommentRow) => row });
    }),
    delete: atomicWrite(db, (tenantId: number, postId: number, id: number) => {
      if (remove.run(tenantId, postId, id).changes === 0) return false;
      count.run(-1, tenantId, postId);
      return true;
    }),
  };
}
