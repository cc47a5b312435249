import { systemClock, type Clock } from "./clock";
import type {
  ApiTokenService,
  GroupService,
  HelpDesk,
  OrganizationService,
  OutboxService,
  RuleService,
  TicketService,
  UserService,
  WebhookService,
  BotQuestionService,
  BotQuestionGroupService,
  ImportService,
} from "./help-desk-api";
import { createOutboxService } from "./services/outbox-service";
import { createRuleSetCache } from "./services/rule-sets";
import { createAutomationRunner } from "./services/automation-runner";
import { createRuleService } from "./services/rule-service";
import { createWebhookService } from "./services/webhook-service";
import type { Storage } from "./storage";
import { createApiTokenService } from "./services/api-token-service";
import { createAuthService } from "./services/auth-service";
import { createGroupService } from "./services/group-service";
import { createOrganizationService } from "./services/organization-service";
import { createTenantService } from "./services/tenant-service";
import { createTicketService } from "./services/ticket-service";
import { createUserService } from "./services/user-service";
import { createBotQuestionService } from "./services/bot-question-service";
import { createBotQuestionGroupService } from "./services/bot-question-group-service";
import { createImportService } from "./services/ticket-import-service";

export interface HelpDeskOptions {
  storage: Storage;
  /** Defaults to the system clock. */
  clock?: Clock;
}

/** Builds the help desk over a storage adapter. The caller owns the storage. */
export function createHelpDesk(options: HelpDeskOptions): HelpDesk {
  const { storage } = options;
  const clock = options.clock ?? systemClock;
  const rules = createRuleSetCache();
  const automationRunner = createAutomationRunner(storage, clock, rules);
  return {
    tenants: createTenantService(storage, clock),
    auth: createAuthService(storage),
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
      let botQuestions: BotQuestionService | undefined;
      let botQuestionGroups: BotQuestionGroupService | undefined;
      let imports: ImportService | undefined;
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
        get botQuestions() {
          return (botQuestions ??= createBotQuestionService(ctx));
        },
        get botQuestionGroups() {
          return (botQuestionGroups ??= createBotQuestionGroupService(ctx));
        },
        get imports() {
          return (imports ??= createImportService(ctx));
        },
      };
    },
  };
}
