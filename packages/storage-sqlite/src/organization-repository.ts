import type { NewOrganization, OrganizationRepository, SortKey, TimeRange, Window } from "@helpdesk/core";
import { mergePatch, organizationParams, toOrganization, type OrganizationRow } from "./row-mappers";
import { addTimeRange, orderBy, selectPage, Where } from "./sql-helpers";
import { atomicRead, atomicWrite, type Prepare, type SqliteDatabase } from "./sqlite-database";
import type { SyncRepository } from "./sync-repository";

type OrganizationPatch = Parameters<OrganizationRepository["update"]>[2];

const COLUMNS = "id, name, domain, description, group_id, created_at, updated_at, shared_tickets";
const SORT = { id: "o.id", created_at: "o.created_at", updated_at: "o.updated_at" };

/** Organizations; names are unique per tenant ignoring ASCII case, domains are stored lower-case. */
export function createOrganizationRepository(db: SqliteDatabase, prepare: Prepare): SyncRepository<OrganizationRepository> {
  const insert = prepare(
    "INSERT INTO organizations (tenant_id, name, domain, description, group_id, created_at, updated_at, shared_tickets) " +
      `VALUES (@tenant_id, @name, @domain, @description, @group_id, @created_at, @updated_at, @shared_tickets) RETURNING ${COLUMNS}`,
  );
  const update = prepare(
    "UPDATE organizations SET name = @name, domain = @domain, description = @description, group_id = @group_id, " +
      `updated_at = @updated_at, shared_tickets = @shared_tickets WHERE tenant_id = @key_tenant AND id = @key_id RETURNING ${COLUMNS}`,
  );
  const byId = prepare(`SELECT ${COLUMNS} FROM organizations WHERE tenant_id = ? AND id = ?`);
  const byDomain = prepare(`SELECT ${COLUMNS} FROM organizations WHERE tenant_id = ? AND domain = ? ORDER BY id LIMIT 1`);
  const unsetOnUsers = prepare("UPDATE users SET organization_id = NULL WHERE tenant_id = ? AND organization_id = ?");
  const unsetOnTickets = prepare("UPDATE tickets SET organization_id = NULL WHERE tenant_id = ? AND organization_id = ?");
  const deleteOrganization = prepare("DELETE FROM organizations WHERE tenant_id = ? AND id = ?");

  const findRow = (tenantId: number, id: number) => byId.get(tenantId, id) as OrganizationRow | undefined;

  return {
    create(tenantId, data) {
      return toOrganization(insert.get({ ...organizationParams(data), tenant_id: tenantId }) as OrganizationRow);
    },
    get(tenantId, id) {
      const row = findRow(tenantId, id);
      return row === undefined ? null : toOrganization(row);
    },
    findByDomain(tenantId, domain) {
      const row = byDomain.get(tenantId, domain.toLowerCase()) as OrganizationRow | undefined;
      return row === undefined ? null : toOrganization(row);
    },
    list: atomicRead(db, (tenantId: number, filter: TimeRange, sort: SortKey[], window: Window) => {
      const where = addTimeRange(new Where().add("o.tenant_id = ?", tenantId), filter, "o");
      return selectPage(prepare, { select: "o.*", from: "organizations o", where, order: orderBy(sort, SORT), window, map: toOrganization });
    }),
    update: atomicWrite(db, (tenantId: number, id: number, patch: OrganizationPatch) => {
      const row = findRow(tenantId, id);
      if (row === undefined) return null;
      const { id: _id, ...current } = toOrganization(row);
      const next: NewOrganization = mergePatch(current, patch);
      return toOrganization(update.get({ ...organizationParams(next), key_tenant: tenantId, key_id: id }) as OrganizationRow);
    }),
    delete: atomicWrite(db, (tenantId: number, id: number) => {
      unsetOnUsers.run(tenantId, id);
      unsetOnTickets.run(tenantId, id);
      return deleteOrganization.run(tenantId, id).changes > 0;
    }),
  };
}
