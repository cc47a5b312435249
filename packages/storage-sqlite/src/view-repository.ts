import type { NewView, View, ViewAudience, ViewRepository, Window } from "@helpdesk/core";
import { mergePatch } from "./row-mappers";
import { jsonList, selectPage, Where } from "./sql-helpers";
import { atomicWrite, type Prepare, type SqliteDatabase } from "./sqlite-database";
import type { SyncRepository } from "./sync-repository";

type ViewPatch = Parameters<ViewRepository["update"]>[2];

interface ViewRow {
  id: number;
  title: string;
  active: 0 | 1;
  position: number;
  conditions: string;
  sort_by: View["output"]["sort_by"];
  sort_order: View["output"]["sort_order"];
  restriction_type: "Group" | "User" | null;
  restriction_id: number | null;
  sla_id: number | null;
  created_at: number;
  updated_at: number;
}

const COLUMNS = "id, title, active, position, conditions, sort_by, sort_order, restriction_type, restriction_id, sla_id, created_at, updated_at";
const WRITABLE = COLUMNS.split(", ").filter((c) => c !== "id");
const LIST_SELECT = COLUMNS.split(", ").map((c) => `v.${c}`).join(", ");
const DISPLAY_ORDER = { sql: "v.position ASC, v.id ASC", params: [] };

function toView(row: ViewRow): View {
  return {
    id: row.id,
    title: row.title,
    active: row.active === 1,
    position: row.position,
    conditions: JSON.parse(row.conditions) as View["conditions"],
    output: { sort_by: row.sort_by, sort_order: row.sort_order },
    restriction: row.restriction_type === null || row.restriction_id === null ? null : { type: row.restriction_type, id: row.restriction_id },
    sla_id: row.sla_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function viewParams(view: NewView): Omit<ViewRow, "id"> {
  return {
    title: view.title,
    active: view.active ? 1 : 0,
    position: view.position,
    conditions: JSON.stringify(view.conditions),
    sort_by: view.output.sort_by,
    sort_order: view.output.sort_order,
    restriction_type: view.restriction?.type ?? null,
    restriction_id: view.restriction?.id ?? null,
    sla_id: view.sla_id,
    created_at: view.created_at,
    updated_at: view.updated_at,
  };
}

/** Unrestricted views, the user's own, and their groups' (alias `v`). */
function addAudience(where: Where, audience: ViewAudience): void {
  where.add(
    "(v.restriction_type IS NULL OR (v.restriction_type = 'User' AND v.restriction_id = ?) " +
      "OR (v.restriction_type = 'Group' AND v.restriction_id IN (SELECT value FROM json_each(?))))",
    audience.userId,
    jsonList(audience.groupIds),
  );
}

/** Saved ticket lists; the conditions are stored as the JSON the rule engine reads. */
export function createViewRepository(db: SqliteDatabase, prepare: Prepare): SyncRepository<ViewRepository> {
  const insert = prepare(`INSERT INTO views (tenant_id, ${WRITABLE.join(", ")}) VALUES (@key_tenant, ${WRITABLE.map((c) => `@${c}`).join(", ")}) RETURNING ${COLUMNS}`);
  const update = prepare(`UPDATE views SET ${WRITABLE.map((c) => `${c} = @${c}`).join(", ")} WHERE tenant_id = @key_tenant AND id = @key_id RETURNING ${COLUMNS}`);
  const byId = prepare(`SELECT ${COLUMNS} FROM views WHERE tenant_id = ? AND id = ?`);
  const byIds = prepare(`SELECT ${COLUMNS} FROM views WHERE tenant_id = ? AND id IN (SELECT value FROM json_each(?)) ORDER BY id`);
  const remove = prepare("DELETE FROM views WHERE tenant_id = ? AND id = ?");

  const findRow = (tenantId: number, id: number) => byId.get(tenantId, id) as ViewRow | undefined;

  return {
    create(tenantId, data) {
      return toView(insert.get({ ...viewParams(data), key_tenant: tenantId }) as ViewRow);
    },
    get(tenantId, id) {
      const row = findRow(tenantId, id);
      return row === undefined ? null : toView(row);
    },
    getMany(tenantId, ids) {
      return (byIds.all(tenantId, jsonList(ids)) as ViewRow[]).map(toView);
    },
    list(tenantId, filter: { activeOnly: boolean; audience?: ViewAudience }, window: Window) {
      const where = new Where().add("v.tenant_id = ?", tenantId);
      if (filter.activeOnly) where.add("v.active = 1");
      if (filter.audience !== undefined) addAudience(where, filter.audience);
      return selectPage(prepare, { select: LIST_SELECT, from: "views v", where, order: DISPLAY_ORDER, window, map: toView });
    },
    update: atomicWrite(db, (tenantId: number, id: number, patch: ViewPatch) => {
      const row = findRow(tenantId, id);
      if (row === undefined) return null;
      const { id: _id, ...current } = toView(row);
      return toView(update.get({ ...viewParams(mergePatch(current, patch)), key_tenant: tenantId, key_id: id }) as ViewRow);
    }),
    delete(tenantId, id) {
      return remove.run(tenantId, id).changes > 0;
    },
  };
}
