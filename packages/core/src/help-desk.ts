import { systemClock, type Clock } from "./clock";
import type { HelpDesk } from "./help-desk-api";
import type { Storage } from "./storage";
import { createApiTokenService } from "./services/api-token-service";
import { createAuthService } from "./services/auth-service";
import { createGroupService } from "./services/group-service";
import { createOrganizationService } from "./services/organization-service";
import { createTenantService } from "./services/tenant-service";
import { createTicketService } from "./services/ticket-service";
import { createUserService } from "./services/user-service";

export interface HelpDeskOptions {
  storage: Storage;
  /** Defaults to the system clock. */
  clock?: Clock;
}

/** Builds the help desk over a storage adapter. The caller owns the storage. */
export function createHelpDesk(options: HelpDeskOptions): HelpDesk {
  const { storage } = options;
  const clock = options.clock ?? systemClock;
  return {
    tenants: createTenantService(storage, clock),
    auth: createAuthService(storage),
    as(tenantId, actor) {
      const ctx = { tenantId, actor, storage, clock };
      return {
        tenantId,
        actor,
        tickets: createTicketService(ctx),
        users: createUserService(ctx),
        groups: createGroupService(ctx),
        organizations: createOrganizationService(ctx),
        apiTokens: createApiTokenService(ctx),
      };
    },
  };
}
