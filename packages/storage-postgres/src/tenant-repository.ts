import type { TenantRepository } from "@helpdesk/core";
import type { Knex } from "knex";
import { toTenant, type TenantRow } from "./row-mappers";

const COLUMNS = ["id", "host", "name", "created_at"];

/** Tenants; hosts are stored and compared lower-case. Tenants are the one table without a tenant_id. */
export function createTenantRepository(db: Knex): TenantRepository {
  return {
    async create(data) {
      const rows: TenantRow[] = await db("tenants")
        .insert({ host: data.host.toLowerCase(), name: data.name, created_at: data.created_at })
        .returning(COLUMNS);
      return toTenant(rows[0]!);
    },
    async findByHost(host) {
      const row: TenantRow | undefined = await db("tenants").select(COLUMNS).where("host", host.toLowerCase()).first();
      return row === undefined ? null : toTenant(row);
    },
    async get(id) {
      const row: TenantRow | undefined = await db("tenants").select(COLUMNS).where("id", id).first();
      return row === undefined ? null : toTenant(row);
    },
    async list() {
      const rows: TenantRow[] = await db("tenants").select(COLUMNS).orderBy("id");
      return rows.map(toTenant);
    },
  };
}
