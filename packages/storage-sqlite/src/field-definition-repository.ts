import { fieldName, type FieldDefinitionRepository, type FieldKind, type NewFieldDefinition } from "@helpdesk/core";
import { fieldDefinitionParams, mergePatch, toFieldDefinition, type FieldDefinitionRow } from "./row-mappers";
import { atomicWrite, type Prepare, type SqliteDatabase } from "./sqlite-database";
import type { SyncRepository } from "./sync-repository";

type FieldPatch = Parameters<FieldDefinitionRepository["update"]>[3];

const WRITABLE = [
  "type", "agent_title", "agent_required", "enduser_visible", "enduser_title", "enduser_editable", "enduser_description",
  "enduser_required", "active", "cascade_id", "cascade_value", "custom_field_options", "regexp_for_validation", "created_at", "updated_at",
] as const satisfies ReadonlyArray<keyof NewFieldDefinition>;
const COLUMNS = ["id", ...WRITABLE].join(", ");

/** Where each kind keeps its values: a fixed table and column, never the caller's text. */
const VALUES_OF = { ticket: { table: "tickets", column: "custom_fields" }, user: { table: "users", column: "user_fields" } } as const;

/** Removes the `{name, value}` entries named `?` from a values column, keeping the others in order. */
const stripValues = ({ table, column }: (typeof VALUES_OF)[FieldKind]) =>
  `UPDATE ${table} SET ${column} = (SELECT json_group_array(json(f.value) ORDER BY f.key) FROM json_each(${table}.${column}) f ` +
  `WHERE json_extract(f.value, '$.name') IS NOT @name) WHERE tenant_id = @tenant AND EXISTS ` +
  `(SELECT 1 FROM json_each(${table}.${column}) f WHERE json_extract(f.value, '$.name') = @name)`;

/** Ticket and user field definitions, one table told apart by `kind`. */
export function createFieldDefinitionRepository(db: SqliteDatabase, prepare: Prepare): SyncRepository<FieldDefinitionRepository> {
  const insert = prepare(
    `INSERT INTO field_definitions (tenant_id, kind, ${WRITABLE.join(", ")}) ` +
      `VALUES (@key_tenant, @key_kind, ${WRITABLE.map((c) => `@${c}`).join(", ")}) RETURNING ${COLUMNS}`,
  );
  const update = prepare(
    `UPDATE field_definitions SET ${WRITABLE.filter((c) => c !== "created_at").map((c) => `${c} = @${c}`).join(", ")} ` +
      `WHERE tenant_id = @key_tenant AND kind = @key_kind AND id = @key_id RETURNING ${COLUMNS}`,
  );
  const byId = prepare(`SELECT ${COLUMNS} FROM field_definitions WHERE tenant_id = ? AND kind = ? AND id = ?`);
  const all = prepare(`SELECT ${COLUMNS} FROM field_definitions WHERE tenant_id = ? AND kind = ? ORDER BY id`);
  const active = prepare(`SELECT ${COLUMNS} FROM field_definitions WHERE tenant_id = ? AND kind = ? AND active = 1 ORDER BY id`);
  const remove = prepare("DELETE FROM field_definitions WHERE tenant_id = ? AND kind = ? AND id = ?");
  const strip = { ticket: prepare(stripValues(VALUES_OF.ticket)), user: prepare(stripValues(VALUES_OF.user)) };

  const findRow = (tenantId: number, kind: FieldKind, id: number) => byId.get(tenantId, kind, id) as FieldDefinitionRow | undefined;

  return {
    create(tenantId, kind, data) {
      return toFieldDefinition(insert.get({ ...fieldDefinitionParams(data), key_tenant: tenantId, key_kind: kind }) as FieldDefinitionRow);
    },
    get(tenantId, kind, id) {
      const row = findRow(tenantId, kind, id);
      return row === undefined ? null : toFieldDefinition(row);
    },
    list(tenantId, kind, options) {
      return ((options.activeOnly ? active : all).all(tenantId, kind) as FieldDefinitionRow[]).map(toFieldDefinition);
    },
    update: atomicWrite(db, (tenantId: number, kind: FieldKind, id: number, patch: FieldPatch) => {
      const row = findRow(tenantId, kind, id);
      if (row === undefined) return null;
      const { id: _id, ...current } = toFieldDefinition(row);
      const { created_at: _created, ...params } = fieldDefinitionParams(mergePatch(current, patch));
      return toFieldDefinition(update.get({ ...params, key_tenant: tenantId, key_kind: kind, key_id: id }) as FieldDefinitionRow);
    }),
    delete: atomicWrite(db, (tenantId: number, kind: FieldKind, id: number) => {
      if (remove.run(tenantId, kind, id).changes === 0) return false;
      strip[kind].run({ tenant: tenantId, name: fieldName(id) });
      return true;
    }),
  };
}
