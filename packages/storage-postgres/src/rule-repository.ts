import type { RuleRepository } from "@helpdesk/core";
import type { Knex } from "knex";
import { ruleColumns, toNumber, toRule, type Int8, type RuleRow } from "./row-mappers";
import { queryRows } from "./sql-helpers";

const COLUMNS = ["id", "title", "enabled", "sort", "conditions", "actions", "created_at", "updated_at"];
const RETURNING = COLUMNS.join(", ");

/**
 * Bumps the tenant's revision when CTE `changed` touched a rule. Change and
 * bump are one statement: atomic without a transaction of their own, and the
 * tenant's row lock makes concurrent changes each count.
 */
const BUMP = "bumped AS (UPDATE tenants SET rules_revision = rules_revision + 1 WHERE id IN (SELECT tenant_id FROM changed))";

const INSERT_RULE = `
WITH changed AS (
  INSERT INTO rules (tenant_id, kind, title, enabled, sort, conditions, actions, created_at, updated_at)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *
),
${BUMP}
SELECT ${RETURNING} FROM changed`;

// Firings go with their automation through ON DELETE CASCADE.
const DELETE_RULE = `
WITH changed AS (DELETE FROM rules WHERE tenant_id = ? AND kind = ? AND id = ? RETURNING tenant_id),
${BUMP}
SELECT count(*) AS deleted FROM changed`;

/** Triggers and automations, one table told apart by `kind`; every change bumps the tenant's `rules_revision`. */
export function createRuleRepository(db: Knex): RuleRepository {
  const byKind = (tenantId: number, kind: string) => db("rules").select(COLUMNS).where({ tenant_id: tenantId, kind });

  return {
    async create(tenantId, kind, data) {
      const c = ruleColumns(data);
      const params = [tenantId, kind, c.title, c.enabled, c.sort, c.conditions, c.actions, c.created_at, c.updated_at];
      const [row] = await queryRows<RuleRow>(db, INSERT_RULE, params);
      return toRule(row!);
    },
    async get(tenantId, kind, id) {
      const row: RuleRow | undefined = await byKind(tenantId, kind).where("id", id).first();
      return row === undefined ? null : toRule(row);
    },
    async list(tenantId, kind, options) {
      const query = byKind(tenantId, kind).orderBy([{ column: "sort", order: "desc" }, { column: "id", order: "asc" }]);
      if (options.activeOnly) query.where("enabled", true);
      const rows: RuleRow[] = await query;
      return rows.map(toRule);
    },
    async update(tenantId, kind, id, patch) {
      // Only the patched columns are written, so concurrent updates of different fields both survive.
      const columns = ruleColumns(patch);
      const names = Object.keys(columns);
      const sql =
        `WITH changed AS (UPDATE rules SET ${names.map((name) => `${name} = ?`).join(", ")} WHERE tenant_id = ? AND kind = ? AND id = ? RETURNING *),\n` +
        `${BUMP}\nSELECT ${RETURNING} FROM changed`;
      const [row] = await queryRows<RuleRow>(db, sql, [...names.map((name) => columns[name]), tenantId, kind, id]);
      return row === undefined ? null : toRule(row);
    },
    async delete(tenantId, kind, id) {
      const [row] = await queryRows<{ deleted: Int8 }>(db, DELETE_RULE, [tenantId, kind, id]);
      return Number(row?.deleted) > 0;
    },
    async revision(tenantId) {
      const row: { rules_revision: Int8 } | undefined = await db("tenants").select("rules_revision").where("id", tenantId).first();
      return row === undefined ? 0 : toNumber(row.rules_revision);
    },
  };
}
