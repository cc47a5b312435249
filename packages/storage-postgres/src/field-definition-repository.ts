import { fieldName, type FieldDefinitionRepository, type FieldKind } from "@helpdesk/core";
import type { Knex } from "knex";
import { fieldDefinitionColumns, toFieldDefinition, type FieldDefinitionRow, type Int8 } from "./row-mappers";
import { queryRows } from "./sql-helpers";

const COLUMNS = [
  "id", "type", "agent_title", "agent_required", "enduser_visible", "enduser_title", "enduser_editable", "enduser_description",
  "enduser_required", "active", "cascade_id", "cascade_value", "custom_field_options", "regexp_for_validation", "created_at", "updated_at",
];

/** Where each kind keeps its values: a fixed table and column, never the caller's text. */
const VALUES_OF = { ticket: { table: "tickets", column: "custom_fields" }, user: { table: "users", column: "user_fields" } } as const;

/**
 * Deletes a definition and strips its `{name, value}` entries from the values
 * column in one statement, so the two never part. Parameters: tenant, kind,
 * id, the field name, and the name as a containment pattern.
 */
const deleteWithValues = ({ table, column }: (typeof VALUES_OF)[FieldKind]) => `
WITH gone AS (DELETE FROM field_definitions WHERE tenant_id = ? AND kind = ? AND id = ? RETURNING tenant_id),
stripped AS (
  UPDATE ${table} SET ${column} = (
    SELECT coalesce(jsonb_agg(f.entry ORDER BY f.n), '[]'::jsonb)
    FROM jsonb_array_elements(${table}.${column}) WITH ORDINALITY AS f(entry, n) WHERE f.entry ->> 'name' IS DISTINCT FROM ?
  )
  WHERE tenant_id IN (SELECT tenant_id FROM gone) AND ${column} @> ?::jsonb
)
SELECT count(*) AS deleted FROM gone`;

const DELETE = { ticket: deleteWithValues(VALUES_OF.ticket), user: deleteWithValues(VALUES_OF.user) };

/** Ticket and user field definitions, one table told apart by `kind`. */
export function createFieldDefinitionRepository(db: Knex): FieldDefinitionRepository {
  const byKind = (tenantId: number, kind: FieldKind) => db("field_definitions").select(COLUMNS).where({ tenant_id: tenantId, kind });

  return {
    async create(tenantId, kind, data) {
      const rows: FieldDefinitionRow[] = await db("field_definitions")
        .insert({ ...fieldDefinitionColumns(data), tenant_id: tenantId, kind })
        .returning(COLUMNS);
      return toFieldDefinition(rows[0]!);
    },
    async get(tenantId, kind, id) {
      const row: FieldDefinitionRow | undefined = await byKind(tenantId, kind).where("id", id).first();
      return row === undefined ? null : toFieldDefinition(row);
    },
    async list(tenantId, kind, options) {
      const query = byKind(tenantId, kind).orderBy("id");
      if (options.activeOnly) query.where("active", true);
      const rows: FieldDefinitionRow[] = await query;
      return rows.map(toFieldDefinition);
    },
    async update(tenantId, kind, id, patch) {
      // Only the patched columns are written, so concurrent updates of different fields both survive.
      const rows: FieldDefinitionRow[] = await db("field_definitions")
        .where({ tenant_id: tenantId, kind, id })
        .update(fieldDefinitionColumns(patch))
        .returning(COLUMNS);
      return rows[0] === undefined ? null : toFieldDefinition(rows[0]);
    },
    async delete(tenantId, kind, id) {
      const name = fieldName(id);
      const [row] = await queryRows<{ deleted: Int8 }>(db, DELETE[kind], [tenantId, kind, id, name, JSON.stringify([{ name }])]);
      return Number(row?.deleted) > 0;
    },
  };
}
