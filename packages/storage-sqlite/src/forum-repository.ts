import type { ForumPatch, ForumRepository, NewForum, Visibility, Window } from "@helpdesk/core";
import { nullParams, type ForumRow } from "./knowledge-base-row-mappers";
import { jsonList, selectPage, Where } from "./sql-helpers";
import { atomicRead, type Prepare, type SqliteDatabase } from "./sqlite-database";
import type { SyncRepository } from "./sync-repository";

const COLUMNS = "id, category_id, title, content, role_view, sort, created_at, updated_at";
const FIELDS = ["category_id", "title", "content", "role_view", "sort", "updated_at"] as const;
const DISPLAY_ORDER = { sql: "f.sort ASC, f.id ASC", params: [] };

/** Forums of the tenant that `visibility` reaches, as a WHERE on the forum aliased `f`. */
export function visibleForums(tenantId: number, visibility: Visibility, where = new Where()): Where {
  return where.add("f.tenant_id = ?", tenantId).add("f.role_view IN (SELECT value FROM json_each(?))", jsonList(visibility.roleViews));
}

/** Knowledge-base forums; deleting one cascades to its posts and their comments. */
export function createForumRepository(db: SqliteDatabase, prepare: Prepare): SyncRepository<ForumRepository> {
  const insert = prepare(
    "INSERT INTO forums (tenant_id, category_id, title, content, role_view, sort, created_at, updated_at) " +
      `VALUES (@tenant_id, @category_id, @title, @content, @role_view, @sort, @created_at, @updated_at) RETURNING ${COLUMNS}`,
  );
  // Every column is NOT NULL, so a null parameter means "not in the patch".
  const update = prepare(
    `UPDATE forums SET ${FIELDS.map((f) => `${f} = coalesce(@${f}, ${f})`).join(", ")} ` +
      `WHERE tenant_id = @key_tenant AND id = @key_id RETURNING ${COLUMNS}`,
  );
  const remove = prepare("DELETE FROM forums WHERE tenant_id = ? AND id = ?");
  const select = COLUMNS.replace(/(\w+)/g, "f.$1");

  return {
    create(tenantId, data: NewForum) {
      return insert.get({ ...data, tenant_id: tenantId }) as ForumRow;
    },
    get(tenantId, id, visibility) {
      const where = visibleForums(tenantId, visibility).add("f.id = ?", id);
      return (prepare(`SELECT ${select} FROM forums f WHERE ${where.sql}`).get(...where.params) as ForumRow | undefined) ?? null;
    },
    list: atomicRead(db, (tenantId: number, filter: Visibility & { categoryId?: number }, window: Window) => {
      const where = visibleForums(tenantId, filter);
      if (filter.categoryId !== undefined) where.add("f.category_id = ?", filter.categoryId);
      return selectPage(prepare, { select, from: "forums f", where, order: DISPLAY_ORDER, window, map: (row: ForumRow) => row });
    }),
    update(tenantId, id, patch: ForumPatch) {
      return (update.get({ ...nullParams(patch, FIELDS), key_tenant: tenantId, key_id: id }) as ForumRow | undefined) ?? null;
    },
    delete(tenantId, id) {
      return remove.run(tenantId, id).changes > 0;
    },
  };
}
