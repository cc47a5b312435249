import type { AutomationFiringRepository } from "@helpdesk/core";
import type { Knex } from "knex";
import { toNumber, type Int8 } from "./row-mappers";
import { queryRows } from "./sql-helpers";

/**
 * Upserts the firing. Selecting through tickets and rules makes a ticket or
 * automation that no longer exists record nothing rather than break a foreign key.
 */
const RECORD = `
INSERT INTO automation_firings (tenant_id, automation_id, ticket_id, ticket_updated_at, fired_at)
SELECT t.tenant_id, r.id, t.id, ?::bigint, ?::bigint
FROM tickets t JOIN rules r ON r.tenant_id = t.tenant_id AND r.id = ? AND r.kind = 'automation'
WHERE t.tenant_id = ? AND t.id = ?
ON CONFLICT (tenant_id, automation_id, ticket_id) DO UPDATE SET ticket_updated_at = excluded.ticket_updated_at, fired_at = excluded.fired_at`;

/** When each automation last fired on each ticket; rows go with their ticket or automation (ON DELETE CASCADE). */
export function createAutomationFiringRepository(db: Knex): AutomationFiringRepository {
  return {
    async lastFirings(tenantId, automationId, ticketIds) {
      const fired = new Map<number, number>();
      if (ticketIds.length === 0) return fired;
      const rows = await queryRows<{ ticket_id: Int8; ticket_updated_at: Int8 }>(
        db,
        "SELECT ticket_id, ticket_updated_at FROM automation_firings WHERE tenant_id = ? AND automation_id = ? AND ticket_id = ANY(?::bigint[])",
        [tenantId, automationId, ticketIds],
      );
      for (const row of rows) fired.set(toNumber(row.ticket_id), toNumber(row.ticket_updated_at));
      return fired;
    },
    async record(tenantId, automationId, ticketId, ticketUpdatedAt, at) {
      await db.raw(RECORD, [ticketUpdatedAt, at, automationId, tenantId, ticketId]);
    },
  };
}
