import { HelpdeskError, type ActorDesk } from "@helpdesk/core";
import type { OpenDesk } from "./open-database";

/**
 * The desk of the tenant at `host`, acting as its first admin (read straight
 * from storage): what commands that act for a tenant's admin run as.
 */
export async function tenantAdminDesk(opened: OpenDesk, host: string): Promise<ActorDesk> {
  const tenant = await opened.desk.tenants.findByHost(host);
  if (tenant === null) throw new HelpdeskError("TENANT_NOT_FOUND", { description: `No tenant is served at host ${host}` });
  const { items } = await opened.storage.users.list(tenant.id, { roles: ["admin"] }, [{ by: "id", dir: "asc" }], { limit: 1, offset: 0 });
  const admin = items[0];
  if (admin === undefined) throw new HelpdeskError("USER_NOT_FOUND", { description: `Tenant ${host} has no admin` });
  return opened.desk.as(tenant.id, admin);
}
