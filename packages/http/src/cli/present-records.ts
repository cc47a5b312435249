import { formatApiDate, type Tenant, type User } from "@helpdesk/core";
import { presentUser } from "../presenters";
import { ResourceUrls } from "../resource-urls";

/** A tenant and its admin as the CLI prints them: dates formatted like the API's. */
export function presentTenantWithAdmin(tenant: Tenant, admin: User) {
  const urls = new ResourceUrls(`http://${tenant.host}`);
  return {
    tenant: { ...tenant, created_at: formatApiDate(tenant.created_at) },
    admin: presentUser(admin, urls),
  };
}
