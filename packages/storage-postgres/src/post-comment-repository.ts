import type { PostCommentRepository } from "@helpdesk/core";
import type { Knex } from "knex";
import { toPostComment } from "./knowledge-base-row-mappers";
import { queryRows, selectPage } from "./sql-helpers";

const COLUMNS = "id, post_id, content, author_id, created_at, updated_at";

// Each write is one statement that also moves the post's count_comments: atomic, and the row lock on the post serializes counts.
const INSERT_COMMENT = `
WITH c AS (
  INSERT INTO post_comments (tenant_id, post_id, author_id, content, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING ${COLUMNS}
),
counted AS (UPDATE posts SET count_comments = count_comments + 1 WHERE tenant_id = ? AND id = ?)
SELECT * FROM c`;

const DELETE_COMMENT = `
WITH d AS (DELETE FROM post_comments WHERE tenant_id = ? AND post_id = ? AND id = ? RETURNING tenant_id, post_id),
counted AS (UPDATE posts p SET count_comments = p.count_comments - 1 FROM d WHERE p.tenant_id = d.tenant_id AND p.id = d.post_id)
SELECT count(*) AS deleted FROM d`;

/** Comments of posts; each add and delete moves the post's `count_comments` in the same statement. */
export function createPostCommentRepository(db: Knex): PostCommentRepository {
  return {
    async create(tenantId, postId, data) {
      const params = [tenantId, postId, data.author_id, data.content, data.created_at, data.updated_at, tenantId, postId];
      const [row] = await queryRows<Record<string, unknown>>(db, INSERT_COMMENT, params);
      return toPostComment(row!);
    },
    async get(tenantId, postId, id) {
      const row: Record<string, unknown> | undefined = await db("post_comments")
        .select(COLUMNS.split(", "))
        .where({ tenant_id: tenantId, post_id: postId, id })
        .first();
      return row === undefined ? null : toPostComment(row);
    },
    async list(tenantId, postId, dir, window) {
      const filtered = db("post_comments as c").where({ "c.tenant_id": tenantId, "c.post_id": postId });
      const order = { joins: [], terms: `c.id ${dir === "desc" ? "DESC" : "ASC"}` };
      return selectPage(db, { filtered, select: COLUMNS.replace(/(\w+)/g, "c.$1"), order, window, map: toPostComment });
    },
    async delete(tenantId, postId, id) {
      const [row] = await queryRows<{ deleted: string }>(db, DELETE_COMMENT, [tenantId, postId, id]);
      return Number(row?.deleted) > 0;
    },
  };
}
