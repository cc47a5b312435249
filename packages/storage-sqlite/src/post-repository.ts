import type { NewPost, PostFilter, PostPatch, PostRepository, PostSortField, PostSortKey, Window } from "@helpdesk/core";
import { visibleForums } from "./forum-repository";
import { POST_FIELDS, postParams, toPost, type PostRow } from "./knowledge-base-row-mappers";
import { jsonList, selectPage, Where } from "./sql-helpers";
import { atomicRead, atomicWrite, type Prepare, type SqliteDatabase } from "./sqlite-database";
import type { SyncRepository } from "./sync-repository";

const SELECT =
  "p.id, p.forum_id, f.title AS forum_name, p.title, p.content, p.author_id, u.name AS author_name, p.disable_comments, " +
  "p.count_comments, p.count_vote, p.count_view, p.is_home, p.is_highlight, p.is_top, p.is_draft, p.is_dashboard, " +
  "p.sort, p.created_at, p.updated_at, p.tags";
const JOINS =
  "JOIN forums f ON f.tenant_id = p.tenant_id AND f.id = p.forum_id LEFT JOIN users u ON u.tenant_id = p.tenant_id AND u.id = p.author_id";

const SORT_COLUMNS: Record<PostSortField, string> = {
  id: "p.id",
  created_at: "p.created_at",
  updated_at: "p.updated_at",
  is_top: "p.is_top",
  count_view: "p.count_view",
  count_comments: "p.count_comments",
  sort: "p.sort",
};

/** ORDER BY for `sort`, ending with `p.id ASC` unless `id` is named. */
function orderBy(sort: readonly PostSortKey[]): { sql: string; params: unknown[] } {
  const terms = sort.map((key) => `${SORT_COLUMNS[key.by]} ${key.dir === "desc" ? "DESC" : "ASC"}`);
  if (!sort.some((key) => key.by === "id")) terms.push("p.id ASC");
  return { sql: terms.join(", "), params: [] };
}

/** The posts `filter` lets through: hidden forums and unwanted drafts are left out in SQL. */
function filtered(tenantId: number, filter: PostFilter, where = new Where()): Where {
  visibleForums(tenantId, filter, where).add("p.tenant_id = ?", tenantId);
  if (filter.drafts !== "include") where.add("p.is_draft = ?", filter.drafts === "only" ? 1 : 0);
  if (filter.forumId !== undefined) where.add("p.forum_id = ?", filter.forumId);
  if (filter.authorId !== undefined) where.add("p.author_id = ?", filter.authorId);
  if (filter.ids !== undefined) where.add("p.id IN (SELECT value FROM json_each(?))", jsonList(filter.ids));
  return where;
}

/** An FTS5 query that every term must match as a word; each term is a quoted string, so no input is FTS syntax. */
const ftsQuery = (terms: readonly string[]): string => terms.map((term) => `"${term.replaceAll('"', '""')}"`).join(" ");

/** Knowledge-base posts, searchable through the `posts_fts` index that triggers keep in step. */
export function createPostRepository(db: SqliteDatabase, prepare: Prepare): SyncRepository<PostRepository> {
  const insert = prepare(
    `INSERT INTO posts (tenant_id, ${POST_FIELDS.join(", ")}) VALUES (@tenant_id, ${POST_FIELDS.map((f) => `@${f}`).join(", ")}) RETURNING id`,
  );
  // Every column is NOT NULL, so a null parameter means "not in the patch"; the counters are never written here.
  const update = prepare(
    `UPDATE posts SET ${POST_FIELDS.map((f) => `${f} = coalesce(@${f}, ${f})`).join(", ")} WHERE tenant_id = @key_tenant AND id = @key_id`,
  );
  const byId = prepare(`SELECT ${SELECT} FROM posts p ${JOINS} WHERE p.tenant_id = ? AND p.id = ?`);
  const view = prepare("UPDATE posts SET count_view = count_view + 1 WHERE tenant_id = ? AND id = ? RETURNING count_view");
  // Comments go with the post through ON DELETE CASCADE, its index entry through a trigger.
  const remove = prepare("DELETE FROM posts WHERE tenant_id = ? AND id = ?");

  const read = (tenantId: number, id: number) => {
    const row = byId.get(tenantId, id) as PostRow | undefined;
    return row === undefined ? null : toPost(row);
  };

  return {
    create: atomicWrite(db, (tenantId: number, data: NewPost) => {
      const { id } = insert.get({ ...postParams(data), tenant_id: tenantId }) as { id: number };
      return read(tenantId, id)!;
    }),
    get(tenantId, id, filter) {
      const where = filtered(tenantId, filter).add("p.id = ?", id);
      const row = prepare(`SELECT ${SELECT} FROM posts p ${JOINS} WHERE ${where.sql}`).get(...where.params) as PostRow | undefined;
      return row === undefined ? null : toPost(row);
    },
    list: atomicRead(db, (tenantId: number, filter: PostFilter, sort: readonly PostSortKey[], window: Window) =>
      selectPage(prepare, { select: SELECT, from: `posts p ${JOINS}`, where: filtered(tenantId, filter), order: orderBy(sort), window, map: toPost }),
    ),
    search: atomicRead(db, (tenantId: number, terms: readonly string[], filter: PostFilter, sort: readonly PostSortKey[], window: Window) => {
      const match = ftsQuery(terms);
      const where = filtered(tenantId, filter, new Where().add("posts_fts MATCH ?", match));
      // Posts with every term in the title first, then bm25 with the title weighing ten times the content.
      const relevance = {
        sql: "(p.id IN (SELECT rowid FROM posts_fts WHERE posts_fts MATCH ?)) DESC, bm25(posts_fts, 10.0, 1.0), p.id DESC",
        params: [`title : (${match})`],
      };
      const from = `posts_fts JOIN posts p ON p.id = posts_fts.rowid ${JOINS}`;
      return selectPage(prepare, { select: SELECT, from, where, order: sort.length > 0 ? orderBy(sort) : relevance, window, map: toPost });
    }),
    update: atomicWrite(db, (tenantId: number, id: number, patch: PostPatch) => {
      if (update.run({ ...postParams(patch), key_tenant: tenantId, key_id: id }).changes === 0) return null;
      return read(tenantId, id);
    }),
    recordView(tenantId, id) {
      const row = view.get(tenantId, id) as { count_view: number } | undefined;
      return row === undefined ? null : row.count_view;
    },
    delete(tenantId, id) {
      return remove.run(tenantId, id).changes > 0;
    },
  };
}
