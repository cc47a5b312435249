import type { NewView, View, ViewAudience, ViewRepository } from "@helpdesk/core";
import type { Knex } from "knex";
import { toNullableNumber, toNumber, type Int8 } from "./row-mappers";
import { selectPage } from "./sql-helpers";

interface ViewRow {
  id: Int8;
  title: string;
  active: boolean;
  position: number;
  conditions: View["conditions"];
  sort_by: View["output"]["sort_by"];
  sort_order: View["output"]["sort_order"];
  restriction_type: "Group" | "User" | null;
  restriction_id: Int8 | null;
  sla_id: Int8 | null;
  created_at: Int8;
  updated_at: Int8;
}

const COLUMNS = ["id", "title", "active", "position", "conditions", "sort_by", "sort_order", "restriction_type", "restriction_id", "sla_id", "created_at", "updated_at"];

function toView(row: ViewRow): View {
  return {
    id: toNumber(row.id),
    title: row.title,
    active: row.active,
    position: row.position,
    conditions: row.conditions,
    output: { sort_by: row.sort_by, sort_order: row.sort_order },
    restriction: row.restriction_type === null || row.restriction_id === null ? null : { type: row.restriction_type, id: toNumber(row.restriction_id) },
    sla_id: toNullableNumber(row.sla_id),
    created_at: toNumber(row.created_at),
    updated_at: toNumber(row.updated_at),
  };
}

/** Column values for the fields `view` sets (all of them for an insert); JSON as text. */
function viewColumns(view: Partial<NewView>): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  if (view.title !== undefined) columns.title = view.title;
  if (view.active !== undefined) columns.active = view.active;
  if (view.position !== undefined) columns.position = view.position;
  if (view.conditions !== undefined) columns.conditions = JSON.stringify(view.conditions);
  if (view.output !== undefined) Object.assign(columns, { sort_by: view.output.sort_by, sort_order: view.output.sort_order });
  if (view.restriction !== undefined) Object.assign(columns, { restriction_type: view.restriction?.type ?? null, restriction_id: view.restriction?.id ?? null });
  if (view.sla_id !== undefined) columns.sla_id = view.sla_id;
  if (view.created_at !== undefined) columns.created_at = view.created_at;
  if (view.updated_at !== undefined) columns.updated_at = view.updated_at;
  return columns;
}

/** Unrestricted views, the user's own, and their groups'. */
function addAudience(query: Knex.QueryBuilder, audience: ViewAudience): void {
  query.whereRaw(
    "(restriction_type IS NULL OR (restriction_type = 'User' AND restriction_id = ?) OR (restriction_type = 'Group' AND restriction_id = ANY(?::bigint[])))",
    [audience.userId, audience.groupIds],
  );
}

/** Saved ticket lists; the conditions are stored as the JSON the rule engine reads. */
export function createViewRepository(db: Knex): ViewRepository {
  const ofTenant = (tenantId: number) => db("views").where("tenant_id", tenantId);

  return {
    async create(tenantId, data) {
      const [row] = (await db("views").insert({ ...viewColumns(data), tenant_id: tenantId }).returning(COLUMNS)) as ViewRow[];
      return toView(row!);
    },
    async get(tenantId, id) {
      const row = (await ofTenant(tenantId).select(COLUMNS).where("id", id).first()) as ViewRow | undefined;
      return row === undefined ? null : toView(row);
    },
    async getMany(tenantId, ids) {
      const rows = (await ofTenant(tenantId).select(COLUMNS).whereRaw("id = ANY(?::bigint[])", [ids]).orderBy("id")) as ViewRow[];
      return rows.map(toView);
    },
    async list(tenantId, filter, window) {
      const filtered = ofTenant(tenantId);
      if (filter.activeOnly) filtered.where("active", true);
      if (filter.audience !== undefined) addAudience(filtered, filter.audience);
      return selectPage(db, { filtered, select: COLUMNS.join(", "), order: { joins: [], terms: "position ASC, id ASC" }, window, map: toView });
    },
    async update(tenantId, id, patch) {
      // Only the patched columns are written, so concurrent updates of different fields both survive.
      const [row] = (await ofTenant(tenantId).where("id", id).update(viewColumns(patch)).returning(COLUMNS)) as ViewRow[];
      return row === undefined ? null : toView(row);
    },
    async delete(tenantId, id) {
      return (await ofTenant(tenantId).where("id", id).delete()) > 0;
    },
  };
}
