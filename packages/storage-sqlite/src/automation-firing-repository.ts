import type { AutomationFiringRepository } from "@helpdesk/core";
import { jsonList } from "./sql-helpers";
import type { Prepare } from "./sqlite-database";
import type { SyncRepository } from "./sync-repository";

/**
 * When each automation last fired on each ticket. Rows go with their ticket
 * or automation (ON DELETE CASCADE); recording a firing for a ticket or
 * automation that no longer exists records nothing.
 */
export function createAutomationFiringRepository(prepare: Prepare): SyncRepository<AutomationFiringRepository> {
  const last = prepare(
    "SELECT ticket_id, ticket_updated_at FROM automation_firings " +
      "WHERE tenant_id = ? AND automation_id = ? AND ticket_id IN (SELECT value FROM json_each(?))",
  );
  // Selecting through tickets and rules turns a vanished parent into no row instead of a foreign key error.
  const record = prepare(
    "INSERT INTO automation_firings (tenant_id, automation_id, ticket_id, ticket_updated_at, fired_at) " +
      "SELECT t.tenant_id, r.id, t.id, ?, ? FROM tickets t, rules r " +
      "WHERE t.tenant_id = ? AND t.id = ? AND r.tenant_id = t.tenant_id AND r.id = ? AND r.kind = 'automation' " +
      "ON CONFLICT (tenant_id, automation_id, ticket_id) DO UPDATE SET ticket_updated_at = excluded.ticket_updated_at, fired_at = excluded.fired_at",
  );

  return {
    lastFirings(tenantId, automationId, ticketIds) {
      const fired = new Map<number, number>();
      if (ticketIds.length === 0) return fired;
      for (const row of last.all(tenantId, automationId, jsonList(ticketIds)) as Array<{ ticket_id: number; ticket_updated_at: number }>) {
        fired.set(row.ticket_id, row.ticket_updated_at);
      }
      return fired;
    },
    record(tenantId, automationId, ticketId, ticketUpdatedAt, at) {
      record.run(ticketUpdatedAt, at, tenantId, ticketId, automationId);
    },
  };
}
