import type { PostFilter, PostRepository, PostSortField, PostSortKey } from "@helpdesk/core";
import type { Knex } from "knex";
import { visibleForums } from "./forum-repository";
import { postColumns, toPost } from "./knowledge-base-row-mappers";
import { queryRows, selectPage, type OrderBy } from "./sql-helpers";

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

/** ORDER BY for `sort`, ending with `p.id ASC` unless `id` is named (no column here is nullable). */
function orderBy(sort: readonly PostSortKey[]): OrderBy {
  const terms = sort.map((key) => `${SORT_COLUMNS[key.by]} ${key.dir === "desc" ? "DESC" : "ASC"}`);
  if (!sort.some((key) => key.by === "id")) terms.push("p.id ASC");
  return { joins: [], terms: terms.join(", ") };
}

/** Posts joined with their forum and author, narrowed by `filter` in SQL. */
function filtered(db: Knex, tenantId: number, filter: PostFilter): Knex.QueryBuilder {
  const query = db("posts as p")
    .join("forums as f", (on) => on.on("f.tenant_id", "p.tenant_id").andOn("f.id", "p.forum_id"))
    .leftJoin("users as u", (on) => on.on("u.tenant_id", "p.tenant_id").andOn("u.id", "p.author_id"))
    .where("p.tenant_id", tenantId);
  visibleForums(query, tenantId, filter);
  if (filter.drafts !== "include") query.where("p.is_draft", filter.drafts === "only");
  if (filter.forumId !== undefined) query.where("p.forum_id", filter.forumId);
  if (filter.authorId !== undefined) query.where("p.author_id", filter.authorId);
  if (filter.ids !== undefined) query.whereRaw("p.id = ANY(?::bigint[])", [[...filter.ids]]);
  return query;
}

// plainto_tsquery reads words only: no input is tsquery syntax, and every word must match.
const TS_QUERY = "plainto_tsquery('simple', ?)";

/** Knowledge-base posts, searched through their generated tsvector and its GIN index. */
export function createPostRepository(db: Knex): PostRepository {
  /** A write returning one post, re-read with its forum and author in the same statement. */
  const writeOne = async (cte: string, params: unknown[]) => {
    const [row] = await queryRows<Record<string, unknown>>(db, `WITH p AS (${cte} RETURNING *) SELECT ${SELECT} FROM p ${JOINS}`, params);
    return row === undefined ? null : toPost(row);
  };

  return {
    async create(tenantId, data) {
      const columns = postColumns(data);
      const names = Object.keys(columns);
      const sql = `INSERT INTO posts (tenant_id, ${names.join(", ")}) VALUES (?, ${names.map(() => "?").join(", ")})`;
      return (await writeOne(sql, [tenantId, ...Object.values(columns)]))!;
    },
    async get(tenantId, id, filter) {
      const row: Record<string, unknown> | undefined = await filtered(db, tenantId, filter).where("p.id", id).first(db.raw(SELECT));
      return row === undefined ? null : toPost(row);
    },
    async list(tenantId, filter, sort, window) {
      return selectPage(db, { filtered: filtered(db, tenantId, filter), select: SELECT, order: orderBy(sort), window, map: toPost });
    },
    async search(tenantId, terms, filter, sort, window) {
      const text = terms.join(" ");
      const query = filtered(db, tenantId, filter).whereRaw(`p.search @@ ${TS_QUERY}`, [text]);
      // Posts with every term in the title (the A-weighted lexemes) first, then by rank.
      const relevance: OrderBy = {
        joins: [{ sql: `CROSS JOIN ${TS_QUERY} AS q`, params: [text] }],
        terms: "(ts_filter(p.search, '{a}') @@ q) DESC, ts_rank(p.search, q) DESC, p.id DESC",
      };
      return selectPage(db, { filtered: query, select: SELECT, order: sort.length > 0 ? orderBy(sort) : relevance, window, map: toPost });
    },
    async update(tenantId, id, patch) {
      const columns = postColumns(patch);
      const sets = Object.keys(columns).map((name) => `${name} = ?`);
      return writeOne(`UPDATE posts SET ${sets.join(", ")} WHERE tenant_id = ? AND id = ?`, [...Object.values(columns), tenantId, id]);
    },
    async recordView(tenantId, id) {
      const [row] = await queryRows<{ count_view: number }>(
        db,
        "UPDATE posts SET count_view = count_view + 1 WHERE tenant_id = ? AND id = ? RETURNING count_view",
        [tenantId, id],
      );
      return row === undefined ? null : row.count_view;
    },
    async delete(tenantId, id) {
      return (await db("posts").where({ tenant_id: tenantId, id }).del()) > 0;
    },
  };
}
