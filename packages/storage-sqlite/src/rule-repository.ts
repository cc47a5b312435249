import type { NewRule, RuleKind, RuleRepository } from "@helpdesk/core";
import { mergePatch, ruleParams, toRule, type RuleRow } from "./row-mappers";
import { atomicWrite, type Prepare, type SqliteDatabase } from "./sqlite-database";
import type { SyncRepository } from "./sync-repository";

type RulePatch = Parameters<RuleRepository["update"]>[3];

const COLUMNS = "id, title, enabled, sort, conditions, actions, created_at, updated_at";
const EVALUATION_ORDER = "ORDER BY sort DESC, id ASC";

/**
 * Triggers and automations, one table told apart by `kind`. Every change
 * bumps the tenant's `rules_revision` in the same atomic write, so a rolled
 * back change leaves the revision as it was.
 */
export function createRuleRepository(db: SqliteDatabase, prepare: Prepare): SyncRepository<RuleRepository> {
  const insert = prepare(
    "INSERT INTO rules (tenant_id, kind, title, enabled, sort, conditions, actions, created_at, updated_at) " +
      `VALUES (@key_tenant, @key_kind, @title, @enabled, @sort, @conditions, @actions, @created_at, @updated_at) RETURNING ${COLUMNS}`,
  );
  const update = prepare(
    "UPDATE rules SET title = @title, enabled = @enabled, sort = @sort, conditions = @conditions, actions = @actions, " +
      `updated_at = @updated_at WHERE tenant_id = @key_tenant AND kind = @key_kind AND id = @key_id RETURNING ${COLUMNS}`,
  );
  const byId = prepare(`SELECT ${COLUMNS} FROM rules WHERE tenant_id = ? AND kind = ? AND id = ?`);
  const all = prepare(`SELECT ${COLUMNS} FROM rules WHERE tenant_id = ? AND kind = ? ${EVALUATION_ORDER}`);
  const enabled = prepare(`SELECT ${COLUMNS} FROM rules WHERE tenant_id = ? AND kind = ? AND enabled = 1 ${EVALUATION_ORDER}`);
  // Firings go with their automation through ON DELETE CASCADE.
  const remove = prepare("DELETE FROM rules WHERE tenant_id = ? AND kind = ? AND id = ?");
  const bump = prepare("UPDATE tenants SET rules_revision = rules_revision + 1 WHERE id = ?");
  const revision = prepare("SELECT rules_revision AS revision FROM tenants WHERE id = ?");

  const findRow = (tenantId: number, kind: RuleKind, id: number) => byId.get(tenantId, kind, id) as RuleRow | undefined;

  return {
    create: atomicWrite(db, (tenantId: number, kind: RuleKind, data: NewRule) => {
      const row = insert.get({ ...ruleParams(data), key_tenant: tenantId, key_kind: kind }) as RuleRow;
      bump.run(tenantId);
      return toRule(row);
    }),
    get(tenantId, kind, id) {
      const row = findRow(tenantId, kind, id);
      return row === undefined ? null : toRule(row);
    },
    list(tenantId, kind, options) {
      return ((options.activeOnly ? enabled : all).all(tenantId, kind) as RuleRow[]).map(toRule);
    },
    update: atomicWrite(db, (tenantId: number, kind: RuleKind, id: number, patch: RulePatch) => {
      const row = findRow(tenantId, kind, id);
      if (row === undefined) return null;
      const { id: _id, ...current } = toRule(row);
      const updated = update.get({ ...ruleParams(mergePatch(current, patch)), key_tenant: tenantId, key_kind: kind, key_id: id }) as RuleRow;
      bump.run(tenantId);
      return toRule(updated);
    }),
    delete: atomicWrite(db, (tenantId: number, kind: RuleKind, id: number) => {
      if (remove.run(tenantId, kind, id).changes === 0) return false;
      bump.run(tenantId);
      return true;
    }),
    revision(tenantId) {
      const row = revision.get(tenantId) as { revision: number } | undefined;
      return row?.revision ?? 0;
    },
  };
}
