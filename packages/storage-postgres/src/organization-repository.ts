import type { OrganizationRepository } from "@helpdesk/core";
import type { Knex } from "knex";
import { organizationColumns, toOrganization, type OrganizationRow } from "./row-mappers";
import { addTimeRange, orderBy, queryRows, selectPage } from "./sql-helpers";

const COLUMNS = ["id", "name", "domain", "description", "group_id", "created_at", "updated_at", "shared_tickets"];
const SORT = { id: "o.id", created_at: "o.created_at", updated_at: "o.updated_at" };

// Users and tickets keep their rows with a null organization; one statement, so it is atomic without a transaction.
const DELETE_ORGANIZATION = `
WITH deleted AS (DELETE FROM organizations WHERE tenant_id = ? AND id = ? RETURNING tenant_id, id),
unlinked_users AS (
  UPDATE users u SET organization_id = NULL FROM deleted
  WHERE u.tenant_id = deleted.tenant_id AND u.organization_id = deleted.id
),
unlinked_tickets AS (
  UPDATE tickets t SET organization_id = NULL FROM deleted
  WHERE t.tenant_id = deleted.tenant_id AND t.organization_id = deleted.id
)
SELECT count(*) AS deleted FROM deleted`;

/** Organizations; names are unique per tenant ignoring case, domains are stored lower-case. */
export function createOrganizationRepository(db: Knex): OrganizationRepository {
  return {
    async create(tenantId, data) {
      const rows: OrganizationRow[] = await db("organizations")
        .insert({ ...organizationColumns(data), tenant_id: tenantId })
        .returning(COLUMNS);
      return toOrganization(rows[0]!);
    },
    async get(tenantId, id) {
      const row: OrganizationRow | undefined = await db("organizations").select(COLUMNS).where({ tenant_id: tenantId, id }).first();
      return row === undefined ? null : toOrganization(row);
    },
    async findByDomain(tenantId, domain) {
      const row: OrganizationRow | undefined = await db("organizations")
        .select(COLUMNS)
        .where({ tenant_id: tenantId, domain: domain.toLowerCase() })
        .orderBy("id")
        .first();
      return row === undefined ? null : toOrganization(row);
    },
    async list(tenantId, filter, sort, window) {
      const filtered = addTimeRange(db("organizations as o").where("o.tenant_id", tenantId), filter, "o");
      const select = COLUMNS.map((c) => `o.${c}`).join(", ");
      return selectPage(db, { filtered, select, order: orderBy(sort, SORT), window, map: toOrganization });
    },
    async update(tenantId, id, patch) {
      const rows: OrganizationRow[] = await db("organizations")
        .where({ tenant_id: tenantId, id })
        .update(organizationColumns(patch))
        .returning(COLUMNS);
      return rows[0] === undefined ? null : toOrganization(rows[0]);
    },
    async delete(tenantId, id) {
      const [row] = await queryRows<{ deleted: string }>(db, DELETE_ORGANIZATION, [tenantId, id]);
      return Number(row?.deleted) > 0;
    },
  };
}
