import { systemClock, type Clock } from "./clock";
import type {
  ApiTokenService,
  GroupService,
  HelpDesk,
  OrganizationService,
  OAuthClientService,
  OutboxService,
  RuleService,
  TicketService,
  UserService,
  WebhookService,
} from "./help-desk-api";
import { createOutboxService } from "./services/outbox-service";
import { createRuleSetCache } from "./services/rule-sets";
import { createAutomationRunner } from "./services/automation-runner";
import { createRuleService } from "./services/rule-service";
import { createWebhookService } from "./services/webhook-service";
import type { Storage } from "./storage";
import { createOAuthClientService } from "./oauth/oauth-client-service";
import type { OAuthOptions } from "./oauth/oauth-options";
import { createOAuthService } from "./oauth/oauth-service";
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
  /** Token lifetimes and brute-force limits of the OAuth server. */
  oauth?: OAuthOptions;
}

/** Builds the help desk over a storage adapter. The caller owns the storage. */
export function createHelpDesk(options: HelpDeskOptions): HelpDesk {
  const { storage } = options;
  const clock = options.clock ?? systemClock;
  const rules = createRuleSetCache();
  const automationRunner = createAutomationRunner(storage, clock, rules);
  const auth = createAuthService(storage);
  return {
    tenants: createTenantService(storage, clock),
    auth,
    oauth: createOAuthService(storage, clock, auth, options.oauth),
    runAutomations: (runOptions) => automationRunner.run(runOptions),
    as(tenantId, actor) {
      const ctx = { tenantId, actor, storage, clock, rules };
      // Services are built on first use: a request touches one of them.
      let tickets: TicketService | undefined;
      let users: UserService | undefined;
      let groups: GroupService | undefined;
      let organizations: OrganizationService | undefined;
      let apiTokens: ApiTokenService | undefined;
      let triggers: RuleService | undefined;
      let automations: RuleService | undefined;
      let webhooks: WebhookService | undefined;
      let outbox: OutboxService | undefined;
      let oauthClients: OAuthClientService | undefined;
      return {
        tenantId,
        actor,
        get tickets() {
          return (tickets ??= createTicketService(ctx));
        },
        get users() {
          return (users ??= createUserService(ctx));
        },
        get groups() {
          return (groups ??= createGroupService(ctx));
        },
        get organizations() {
          return (organizations ??= createOrganizationService(ctx));
        },
        get apiTokens() {
          return (apiTokens ??= createApiTokenService(ctx));
        },
        get triggers() {
          return (triggers ??= createRuleService(ctx, "trigger"));
        },
        get automations() {
          return (automations ??= createRuleService(ctx, "automation"));
        },
        get webhooks() {
          return (webhooks ??= createWebhookService(ctx));
        },
        get outbox() {
          return (outbox ??= createOutboxService(ctx));
        },
        get oauthClients() {
          return (oauthClients ??= createOAuthClientService(ctx));
        },
      };
    },
  };
}
