import { systemClock, type Clock } from "./clock";
import type {
  ApiTokenService,
  FieldService,
  AttachmentService,
  GroupService,
  HelpDesk,
  OrganizationService,
  OAuthClientService,
  OutboxService,
  RequestService,
  RuleService,
  TicketService,
  UserService,
  ViewService,
  WebhookService,
  TopicService,
  QuestionService,
  ChatService,
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
import { createRequestService } from "./services/request-service";
import { createFieldService } from "./services/field-service";
import { createTopicService } from "./services/topic-service";
import { createQuestionService } from "./services/question-service";
import { createChatService } from "./services/chat-service";
import { createViewService } from "./services/view-service";
import type { BlobStore } from "./blob-store";
import { createAttachmentService, type AttachmentSettings } from "./services/attachment-service";
import { sweepExpiredAttachments } from "./services/attachment-sweep";
import { pruneExpiredOAuth } from "./oauth/oauth-prune";

/** Unbound uploads are swept after an hour unless the host says otherwise. */
export const DEFAULT_UPLOAD_EXPIRY_MS = 60 * 60 * 1000;
import type { CategoryService, ForumService, PostCommentService, PostService, PostVoteService } from "./knowledge-base-api";
import { createCategoryService } from "./services/category-service";
import { createForumService } from "./services/forum-service";
import { createPostCommentService } from "./services/post-comment-service";
import { createPostService } from "./services/post-service";
import { createPostVoteService } from "./services/post-vote-service";
import { createBotQuestionService } from "./services/bot-question-service";
import { createBotQuestionGroupService } from "./services/bot-question-group-service";
import { createImportService } from "./services/ticket-import-service";

export interface HelpDeskOptions {
  storage: Storage;
  /** Defaults to the system clock. */
  clock?: Clock;
  /** Where attachment bytes go; without one, uploads and downloads answer ATTACHMENT_STORE_MISSING (503). */
  blobs?: BlobStore;
  /** How long an unbound upload is kept; default one hour. */
  uploadExpiryMs?: number;
  /** Token lifetimes and brute-force limits of the OAuth server. */
  oauth?: OAuthOptions;
}

/** Builds the help desk over a storage adapter. The caller owns the storage. */
export function createHelpDesk(options: HelpDeskOptions): HelpDesk {
  const { storage } = options;
  const clock = options.clock ?? systemClock;
  const rules = createRuleSetCache();
  const automationRunner = createAutomationRunner(storage, clock, rules);
  const attachmentSettings: AttachmentSettings = { blobs: options.blobs ?? null, expiryMs: options.uploadExpiryMs ?? DEFAULT_UPLOAD_EXPIRY_MS };
  const auth = createAuthService(storage);
  return {
    tenants: createTenantService(storage, clock),
    auth,
    oauth: createOAuthService(storage, clock, auth, options.oauth),
    runAutomations: (runOptions) => automationRunner.run(runOptions),
    sweepExpiredAttachments: (at) => sweepExpiredAttachments(storage, attachmentSettings.blobs, at ?? clock()),
    pruneOAuth: (at) => pruneExpiredOAuth(storage, at ?? clock()),
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
      let requests: RequestService | undefined;
      let ticketFields: FieldService | undefined;
      let userFields: FieldService | undefined;
      let topics: TopicService | undefined;
      let questions: QuestionService | undefined;
      let chats: ChatService | undefined;
      let views: ViewService | undefined;
      let attachments: AttachmentService | undefined;
      let categories: CategoryService | undefined;
      let forums: ForumService | undefined;
      let posts: PostService | undefined;
      let postComments: PostCommentService | undefined;
      let botQuestions: BotQuestionService | undefined;
      let botQuestionGroups: BotQuestionGroupService | undefined;
      let imports: ImportService | undefined;
      let oauthClients: OAuthClientService | undefined;
      let postVotes: PostVoteService | undefined;
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
        get requests() {
          return (requests ??= createRequestService(ctx));
        },
        get ticketFields() {
          return (ticketFields ??= createFieldService(ctx, "ticket"));
        },
        get userFields() {
          return (userFields ??= createFieldService(ctx, "user"));
        },
        get topics() {
          return (topics ??= createTopicService(ctx));
        },
        get questions() {
          return (questions ??= createQuestionService(ctx));
        },
        get chats() {
          return (chats ??= createChatService(ctx));
        },
        get views() {
          return (views ??= createViewService(ctx));
        },
        get attachments() {
          return (attachments ??= createAttachmentService(ctx, attachmentSettings));
        },
        get categories() {
          return (categories ??= createCategoryService(ctx));
        },
        get forums() {
          return (forums ??= createForumService(ctx));
        },
        get posts() {
          return (posts ??= createPostService(ctx));
        },
        get postComments() {
          return (postComments ??= createPostCommentService(ctx));
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
        get oauthClients() {
          return (oauthClients ??= createOAuthClientService(ctx));
        },
        get postVotes() {
          return (postVotes ??= createPostVoteService(ctx));
        },
      };
    },
  };
}
