import type { CategoryRepository } from "@helpdesk/core";
import type { Knex } from "knex";
import { toCategory } from "./knowledge-base-row-mappers";
import { selectPage } from "./sql-helpers";

const COLUMNS = ["id", "title", "content", "display_limit", "sort", "created_at", "updated_at"];

/** Knowledge-base categories; deleting one cascades to its forums, posts and comments. */
export function createCategoryRepository(db: Knex): CategoryRepository {
  return {
    async create(tenantId, data) {
      const rows: Array<Record<string, unknown>> = await db("categories").insert({ ...data, tenant_id: tenantId }).returning(COLUMNS);
      return toCategory(rows[0]!);
    },
    async get(tenantId, id) {
      const row: Record<string, unknown> | undefined = await db("categories").select(COLUMNS).where({ tenant_id: tenantId, id }).first();
      return row === undefined ? null : toCategory(row);
    },
    async list(tenantId, window) {
      const filtered = db("categories as c").where("c.tenant_id", tenantId);
      const select = COLUMNS.map((c) => `c.${c}`).join(", ");
      return selectPage(db, { filtered, select, order: { joins: [], terms: "c.sort ASC, c.id ASC" }, window, map: toCategory });
    },
    async update(tenantId, id, patch) {
      const rows: Array<Record<string, unknown>> = await db("categories").where({ tenant_id: tenantId, id }).update(patch).returning(COLUMNS);
      return rows[0] === undefined ? null : toCategory(rows[0]);
    },
    async delete(tenantId, id) {
      return (await db("categories").where({ tenant_id: tenantId, id }).del()) > 0;
    },
  };
}
