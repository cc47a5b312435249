import { HelpdeskError, type TenantRepository } from "@helpdesk/core";
import { toTenant, type TenantRow } from "./row-mappers";
import type { Prepare } from "./sqlite-database";
import type { SyncRepository } from "./sync-repository";

const COLUMNS = "id, host, name, created_at";

/** Tenants; hosts are stored and compared lower-case. */
export function createTenantRepository(prepare: Prepare): SyncRepository<TenantRepository> {
  const insert = prepare(`INSERT INTO tenants (host, name, created_at) VALUES (?, ?, ?) RETURNING ${COLUMNS}`);
  const byHost = prepare(`SELECT ${COLUMNS} FROM tenants WHERE host = ?`);
  const byId = prepare(`SELECT ${COLUMNS} FROM tenants WHERE id = ?`);
  const all = prepare(`SELECT ${COLUMNS} FROM tenants ORDER BY id`);

  return {
    create(data) {
      return toTenant(insert.get(data.host.toLowerCase(), data.name, data.created_at) as TenantRow);
    },
    findByHost(host) {
      const row = byHost.get(host.toLowerCase()) as TenantRow | undefined;
      return row === undefined ? null : toTenant(row);
    },
    get(id) {
      const row = byId.get(id) as TenantRow | undefined;
      return row === undefined ? null : toTenant(row);
    },
    list() {
      return (all.all() as TenantRow[]).map(toTenant);
    },
  };
}

/** Takes the tenant's next ticket number atomically; numbers are never handed out twice. */
export function createTicketNumberAllocator(prepare: Prepare): (tenantId: number) => number {
  const bump = prepare("UPDATE tenants SET next_ticket_id = next_ticket_id + 1 WHERE id = ? RETURNING next_ticket_id - 1 AS id");
  return (tenantId) => {
    const row = bump.get(tenantId) as { id: number } | undefined;
    if (row === undefined) throw new HelpdeskError("TENANT_NOT_FOUND");
    return row.id;
  };
}
