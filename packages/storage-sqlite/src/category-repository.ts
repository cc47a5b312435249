import type { CategoryPatch, CategoryRepository, NewCategory, Window } from "@helpdesk/core";
import { nullParams, type CategoryRow } from "./knowledge-base-row-mappers";
import { selectPage, Where } from "./sql-helpers";
import { atomicRead, type Prepare, type SqliteDatabase } from "./sqlite-database";
import type { SyncRepository } from "./sync-repository";

const COLUMNS = "id, title, content, display_limit, sort, created_at, updated_at";
const FIELDS = ["title", "content", "display_limit", "sort", "updated_at"] as const;
const DISPLAY_ORDER = { sql: "c.sort ASC, c.id ASC", params: [] };

/** Knowledge-base categories; deleting one cascades to its forums, posts and comments. */
export function createCategoryRepository(db: SqliteDatabase, prepare: Prepare): SyncRepository<CategoryRepository> {
  const insert = prepare(
    "INSERT INTO categories (tenant_id, title, content, display_limit, sort, created_at, updated_at) " +
      `VALUES (@tenant_id, @title, @content, @display_limit, @sort, @created_at, @updated_at) RETURNING ${COLUMNS}`,
  );
  // Every column is NOT NULL, so a null parameter means "not in the patch".
  const update = prepare(
    `UPDATE categories SET ${FIELDS.map((f) => `${f} = coalesce(@${f}, ${f})`).join(", ")} ` +
      `WHERE tenant_id = @key_tenant AND id = @key_id RETURNING ${COLUMNS}`,
  );
  const byId = prepare(`SELECT ${COLUMNS} FROM categories WHERE tenant_id = ? AND id = ?`);
  const remove = prepare("DELETE FROM categories WHERE tenant_id = ? AND id = ?");

  return {
    create(tenantId, data: NewCategory) {
      return insert.get({ ...data, tenant_id: tenantId }) as CategoryRow;
    },
    get(tenantId, id) {
      return (byId.get(tenantId, id) as CategoryRow | undefined) ?? null;
    },
    list: atomicRead(db, (tenantId: number, window: Window) => {
      const where = new Where().add("c.tenant_id = ?", tenantId);
      return selectPage(prepare, { select: COLUMNS.replace(/(\w+)/g, "c.$1"), from: "categories c", where, order: DISPLAY_ORDER, window, map: (row: CategoryRow) => row });
    }),
    update(tenantId, id, patch: CategoryPatch) {
      return (update.get({ ...nullParams(patch, FIELDS), key_tenant: tenantId, key_id: id }) as CategoryRow | undefined) ?? null;
    },
    delete(tenantId, id) {
      return remove.run(tenantId, id).changes > 0;
    },
  };
}
