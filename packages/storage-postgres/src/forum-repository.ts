import type { ForumRepository, Visibility } from "@helpdesk/core";
import type { Knex } from "knex";
import { toForum } from "./knowledge-base-row-mappers";
import { selectPage } from "./sql-helpers";

const COLUMNS = ["id", "category_id", "title", "content", "role_view", "sort", "created_at", "updated_at"];

/** Narrows `query` (over forums aliased `f`) to the tenant's forums that `visibility` reaches. */
export function visibleForums(query: Knex.QueryBuilder, tenantId: number, visibility: Visibility): Knex.QueryBuilder {
  return query.where("f.tenant_id", tenantId).whereIn("f.role_view", [...visibility.roleViews]);
}

/** Knowledge-base forums; deleting one cascades to its posts and their comments. */
export function createForumRepository(db: Knex): ForumRepository {
  const select = COLUMNS.map((c) => `f.${c}`);
  return {
    async create(tenantId, data) {
      const rows: Array<Record<string, unknown>> = await db("forums").insert({ ...data, tenant_id: tenantId }).returning(COLUMNS);
      return toForum(rows[0]!);
    },
    async get(tenantId, id, visibility) {
      const row: Record<string, unknown> | undefined = await visibleForums(db("forums as f"), tenantId, visibility).where("f.id", id).first(select);
      return row === undefined ? null : toForum(row);
    },
    async list(tenantId, filter, window) {
      const filtered = visibleForums(db("forums as f"), tenantId, filter);
      if (filter.categoryId !== undefined) filtered.where("f.category_id", filter.categoryId);
      return selectPage(db, { filtered, select: select.join(", "), order: { joins: [], terms: "f.sort ASC, f.id ASC" }, window, map: toForum });
    },
    async update(tenantId, id, patch) {
      const rows: Array<Record<string, unknown>> = await db("forums").where({ tenant_id: tenantId, id }).update(patch).returning(COLUMNS);
      return rows[0] === undefined ? null : toForum(rows[0]);
    },
    async delete(tenantId, id) {
      return (await db("forums").where({ tenant_id: tenantId, id }).del()) > 0;
    },
  };
}
