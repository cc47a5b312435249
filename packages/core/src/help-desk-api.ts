import type { GroupCreateInput, GroupUpdateInput, GroupView } from "./domain/group";
import type { Page, PageParams, TicketListQuery, TicketSearchQuery, UserListQuery } from "./domain/list-query";
import type { Organization, OrganizationCreateInput, OrganizationUpdateInput } from "./domain/organization";
import type { ApiToken, Tenant } from "./domain/tenant";
import type { BulkResult, Ticket, TicketCreateInput, TicketUpdateInput } from "./domain/ticket";
import type { User, UserCreateInput, UserUpdateInput } from "./domain/user";
import type { AutomationRunOptions, AutomationRunReport } from "./services/automation-runner";
import type { OutboxMessage, Rule, RuleCreateInput, RuleUpdateInput, Webhook, WebhookCreateInput, WebhookUpdateInput } from "./domain/rule";
import type {
  CommentListQuery,
  CommentView,
  OrganizationRequestsQuery,
  Request,
  RequestCreateInput,
  RequestListQuery,
  RequestSearchQuery,
  RequestUpdateInput,
} from "./domain/request";
import type { View, ViewCount, ViewCreateInput, ViewTicketsQuery, ViewUpdateInput } from "./domain/view";
import type { z } from "zod";
import type { FieldCreateInput, FieldDefinition, FieldUpdateInput } from "./domain/custom-field";
import type { Question, QuestionComment, QuestionCommentInput, QuestionCreateInput, QuestionUpdateInput, Topic, TopicCreateInput, TopicUpdateInput } from "./domain/community";
import type { Chat, ChatImportInput, ChatListQuery } from "./domain/chat";
import type { OAuthClient, OAuthClientCreateInput } from "./domain/oauth";
import type { OAuthService } from "./oauth/oauth-service";
import type { OAuthPruneCounts } from "./oauth/oauth-prune";
import type { organizationListQuerySchema, pageQuerySchema, userSearchQuerySchema } from "./domain/list-query";
import type { AttachmentView } from "./domain/attachment";
import type { ByteStream } from "./blob-store";
import type { CategoryService, ForumService, PostCommentService, PostService, PostVoteService } from "./knowledge-base-api";
import type { BotQuestionGroup, BotQuestionGroupInput, BotQuestionInput, BotQuestionView, botMatchQuerySchema, botQuestionListQuerySchema } from "./domain/bot-question";
import type { TicketImportInput } from "./domain/ticket-import";
import type { HelpdeskError } from "./errors";

/** One page of a list, with the page that was asked for. */
export interface ListResult<T> extends Page<T> {
  page: number;
  per_page: number;
}

/** Query objects accept raw strings (as from a URL) or typed values; invalid ones reject with REQUEST_QUERY_INVALID. */
export type PageQuery = z.input<typeof pageQuerySchema>;
export type OrganizationListQuery = z.input<typeof organizationListQuerySchema>;
export type UserSearchQuery = z.input<typeof userSearchQuerySchema>;
export type { PageParams };

/** The help desk as a host application embeds it. */
export interface HelpDesk {
  tenants: TenantService;
  auth: AuthService;
  /** Runs every tenant's automations once, as of `options.at` (default now). */
  runAutomations(options?: AutomationRunOptions): Promise<AutomationRunReport>;
  /** The OAuth 2.0 authorization server (login and consent steps, token endpoints, bearer tokens) of every tenant. */
  oauth: OAuthService;
  /** Every operation through the returned object is checked against `actor`'s role, within `tenantId`. */
  as(tenantId: number, actor: User): ActorDesk;
  /** Removes every tenant's attachments whose expiry passed by `at` (default now), with their files; resolves to how many. */
  sweepExpiredAttachments(at?: number): Promise<number>;
  /** Deletes every tenant's OAuth codes, token families, tokens, sessions and interactions over a day past their lifetime as of `at` (default now). */
  pruneOAuth(at?: number): Promise<OAuthPruneCounts>;
}

export interface TenantService {
  /** Creates a tenant and its first admin in one transaction. Rejects with TENANT_HOST_TAKEN or RECORD_INVALID. */
  create(input: { host: string; name: string; admin: { email: string; password: string; name?: string } }): Promise<{ tenant: Tenant; admin: User }>;
  /** The tenant at `host` (any case), or null. */
  findByHost(host: string): Promise<Tenant | null>;
  list(): Promise<Tenant[]>;
}

/** A user whose password was checked, with the password hash it was checked against and the user's version then. */
export interface VerifiedUser {
  user: User;
  passwordHash: string;
  version: number;
}

export interface AuthService {
  /** Checks an e-mail and password (scrypt, slow on purpose). Rejects with AUTH_REQUIRED. */
  verifyPassword(tenantId: number, email: string, password: string): Promise<VerifiedUser>;
  /** Checks a tenant API token presented for the user with `email`. Rejects with AUTH_REQUIRED. */
  verifyApiToken(tenantId: number, email: string, token: string): Promise<User>;
  /**
   * Revalidates a user verified earlier, with one cheap read: resolves to the
   * same object when nothing changed, a fresh one when the user changed but
   * the password did not, and null when the password changed or the user is
   * gone or suspended.
   */
  reload(tenantId: number, verified: VerifiedUser): Promise<VerifiedUser | null>;
}

/** The operations open to one actor in one tenant. Errors are `HelpdeskError`s. */
export interface ActorDesk {
  readonly tenantId: number;
  readonly actor: User;
  tickets: TicketService;
  users: UserService;
  groups: GroupService;
  organizations: OrganizationService;
  apiTokens: ApiTokenService;
  triggers: RuleService;
  automations: RuleService;
  webhooks: WebhookService;
  outbox: OutboxService;
  requests: RequestService;
  ticketFields: FieldService;
  userFields: FieldService;
  topics: TopicService;
  questions: QuestionService;
  chats: ChatService;
  views: ViewService;
  attachments: AttachmentService;
  categories: CategoryService;
  forums: ForumService;
  posts: PostService;
  postComments: PostCommentService;
  botQuestions: BotQuestionService;
  botQuestionGroups: BotQuestionGroupService;
  imports: ImportService;
  oauthClients: OAuthClientService;
  postVotes: PostVoteService;
}

export interface TicketService {
  /** All tickets (admin); default order id ascending. */
  list(query?: TicketListQuery): Promise<ListResult<Ticket>>;
  /** Tickets assigned to agent `userId`, within the caller's restriction (agent). */
  listAssignedTo(userId: number, query?: TicketListQuery): Promise<ListResult<Ticket>>;
  /** One ticket the caller may see; TICKET_NOT_FOUND otherwise (agent). */
  get(id: number): Promise<Ticket>;
  /** Up to 100 tickets the caller may see, in id order; unknown ids are skipped (agent). */
  showMany(ids: number[]): Promise<Ticket[]>;
  create(input: TicketCreateInput): Promise<Ticket>;
  update(id: number, input: TicketUpdateInput): Promise<Ticket>;
  /** Applies one change to up to 100 tickets, each in its own transaction; failures are reported per ticket. */
  updateMany(ids: number[], input: TicketUpdateInput): Promise<BulkResult[]>;
  /** Admin. */
  delete(id: number): Promise<void>;
  /** Admin; all or nothing: TICKET_NOT_FOUND when any id is unknown. */
  deleteMany(ids: number[]): Promise<void>;
  search(query?: TicketSearchQuery): Promise<ListResult<Ticket>>;
  /** The users in copy on a ticket. */
  collaborators(id: number): Promise<User[]>;
  /** Incidents linked to problem ticket `id`. */
  incidents(id: number, query?: PageQuery): Promise<ListResult<Ticket>>;
  /** Tickets of type problem, by last update descending. */
  problems(query?: PageQuery): Promise<ListResult<Ticket>>;
  /** Public and private comments of a ticket the caller may see, by creation time (`sort_order`, default asc) (agent). */
  comments(id: number, query?: CommentListQuery): Promise<CommentView[]>;
  /** One comment of a ticket the caller may see; COMMENT_NOT_FOUND when the ticket has no such comment (agent). */
  comment(ticketId: number, id: number): Promise<CommentView>;
}

export interface UserService {
  /** The caller. */
  me(): Promise<User>;
  list(query?: UserListQuery): Promise<ListResult<User>>;
  listByOrganization(organizationId: number, query?: UserListQuery): Promise<ListResult<User>>;
  get(id: number): Promise<User>;
  showMany(ids: number[]): Promise<User[]>;
  create(input: UserCreateInput): Promise<User>;
  update(id: number, input: UserUpdateInput): Promise<User>;
  /** Admin. */
  delete(id: number): Promise<void>;
  /** Merges end user `id` into `input.id` and deletes it; resolves to the target (admin). */
  merge(id: number, input: { id: number }): Promise<User>;
  search(query: UserSearchQuery): Promise<ListResult<User>>;
}

export interface GroupService {
  list(query?: PageQuery): Promise<ListResult<GroupView>>;
  listForUser(userId: number): Promise<GroupView[]>;
  get(id: number): Promise<GroupView>;
  create(input: GroupCreateInput): Promise<GroupView>;
  update(id: number, input: GroupUpdateInput): Promise<GroupView>;
  delete(id: number): Promise<void>;
}

export interface OrganizationService {
  list(query?: OrganizationListQuery): Promise<ListResult<Organization>>;
  get(id: number): Promise<Organization>;
  create(input: OrganizationCreateInput): Promise<Organization>;
  update(id: number, input: OrganizationUpdateInput): Promise<Organization>;
  delete(id: number): Promise<void>;
}

export interface ApiTokenService {
  /** Admin; the secret `token` is returned only here, and stored only as a hash. */
  create(): Promise<ApiToken & { token: string }>;
  list(): Promise<ApiToken[]>;
  delete(id: number): Promise<void>;
}

/** Triggers or automations (admin). */
export interface RuleService {
  /** Every rule of the kind, in evaluation order: `sort` descending, then `id` ascending. */
  list(): Promise<Rule[]>;
  /** The enabled ones, in the same order. */
  active(): Promise<Rule[]>;
  get(id: number): Promise<Rule>;
  /** Validates every condition and action against the spec's table (RECORD_INVALID naming the element). */
  create(input: RuleCreateInput): Promise<Rule>;
  update(id: number, input: RuleUpdateInput): Promise<Rule>;
  delete(id: number): Promise<void>;
}

/** Webhooks for `target` actions (admin). */
export interface WebhookService {
  list(): Promise<Webhook[]>;
  get(id: number): Promise<Webhook>;
  create(input: WebhookCreateInput): Promise<Webhook>;
  update(id: number, input: WebhookUpdateInput): Promise<Webhook>;
  delete(id: number): Promise<void>;
}

/** A file as an upload request carries it. */
export interface AttachmentUpload {
  /** The `filename` query parameter; directories are stripped. REQUEST_QUERY_INVALID when missing or empty. */
  filename: string | undefined;
  /** The request's Content-Type: kept when it names a specific type, otherwise the type is sniffed from the first bytes. */
  contentType?: string | undefined;
  /** The bytes, streamed to the blob store as they come; when the stream throws, nothing is stored and the error passes on. */
  data: ByteStream;
}

/** Uploads and downloads of files; their tokens bind them to a comment or post. */
export interface AttachmentService {
  /** Any signed-in user. The `token` is returned only here (stored as a hash); it expires unused after the configured time. */
  upload(input: AttachmentUpload): Promise<{ attachment: AttachmentView; token: string }>;
  /** Agent; ATTACHMENT_NOT_FOUND for files the caller may not see. */
  get(id: number): Promise<AttachmentView>;
  /** The bytes, for whoever may see what the file is bound to (an end user: their own requests' public comments and their own uploads). */
  download(id: number): Promise<{ attachment: AttachmentView; data: ByteStream }>;
  /** Agents delete files they may see; end users only their own unbound uploads. Removes the row and the file. */
  delete(id: number): Promise<void>;
}

/** The tenant's outgoing messages (admin). */
export interface OutboxService {
  list(query?: PageQuery & { state?: OutboxMessage["state"] }): Promise<ListResult<OutboxMessage>>;
}

/**
 * Tickets as their requesters see them (spec: "Requests"). Every role may use
 * the operations on the caller's own requests; the lists of another user's or
 * organization's requests need an agent and respect their ticket restriction.
 * Lists are newest first unless `created_order` says otherwise.
 */
export interface RequestService {
  /** The requests the caller raised. */
  list(query?: RequestListQuery): Promise<ListResult<Request>>;
  /** The caller's requests below solved (new, open, pending). */
  listOpen(query?: RequestListQuery): Promise<ListResult<Request>>;
  /** The caller's requests solved or closed. */
  listSolved(query?: RequestListQuery): Promise<ListResult<Request>>;
  /** Every request of the caller's organization; REQUEST_ORGANIZATION_NOT_SHARED unless it has `shared_tickets`. */
  listOrganization(query?: OrganizationRequestsQuery): Promise<ListResult<Request>>;
  /** The caller's (`range=user`) or their shared organization's (`range=organization`) requests matching the query. */
  search(query?: RequestSearchQuery): Promise<ListResult<Request>>;
  /** Requests raised by user `userId` (agent). */
  listForUser(userId: number, query?: RequestListQuery): Promise<ListResult<Request>>;
  /** Requests of organization `organizationId` (agent). */
  listForOrganization(organizationId: number, query?: RequestListQuery): Promise<ListResult<Request>>;
  /** A request the caller may read; REQUEST_NOT_FOUND otherwise. */
  get(id: number): Promise<Request>;
  /** Raises a request with the caller as requester, through the ticket create path (triggers run). */
  create(input: RequestCreateInput): Promise<Request>;
  /** Adds the requester's public reply and reopens a pending or solved request; REQUEST_CLOSED for a closed one. */
  reply(id: number, input: RequestUpdateInput): Promise<Request>;
  /** The public comments of a request the caller may read, by creation time (`sort_order`, default asc). */
  comments(id: number, query?: CommentListQuery): Promise<CommentView[]>;
  /** One public comment of a request the caller may read; COMMENT_NOT_FOUND for a private or unknown one. */
  comment(requestId: number, id: number): Promise<CommentView>;
}

/** Ticket or user field definitions: agents read, admins write. */
export interface FieldService {
  /** Every definition of the kind, by id. */
  list(): Promise<FieldDefinition[]>;
  /** The active ones, by id. */
  active(): Promise<FieldDefinition[]>;
  get(id: number): Promise<FieldDefinition>;
  /** Checks options, validation expressions and cascade dependencies (RECORD_INVALID naming the field). */
  create(input: FieldCreateInput): Promise<FieldDefinition>;
  /** As create; `type` cannot change. */
  update(id: number, input: FieldUpdateInput): Promise<FieldDefinition>;
  /** Deletes the definition and every value stored under its name; FIELD_HAS_DEPENDENTS while fields sit under it. */
  delete(id: number): Promise<void>;
}

/** Community topics: any signed-in user reads; admins write. Ordered by `sort`, then id. */
export interface TopicService {
  list(query?: PageQuery): Promise<ListResult<Topic>>;
  get(id: number): Promise<Topic>;
  create(input: TopicCreateInput): Promise<Topic>;
  update(id: number, input: TopicUpdateInput): Promise<Topic>;
  /** Admin; deletes the topic's questions and their comments with it, atomically. */
  delete(id: number): Promise<void>;
}

/** Community questions, newest first, and their comments, oldest first. */
export interface QuestionService {
  list(query?: PageQuery): Promise<ListResult<Question>>;
  /** TOPIC_NOT_FOUND for an unknown topic. */
  listForTopic(topicId: number, query?: PageQuery): Promise<ListResult<Question>>;
  /** The questions `userId` asked; USER_NOT_FOUND for an unknown user. */
  listForUser(userId: number, query?: PageQuery): Promise<ListResult<Question>>;
  get(id: number): Promise<Question>;
  /** Any signed-in user, who becomes the author; `topic_id` must name a topic of the tenant (RECORD_INVALID). */
  create(input: QuestionCreateInput): Promise<Question>;
  /** Admin. */
  update(id: number, input: QuestionUpdateInput): Promise<Question>;
  /** Admin; deletes the question's comments with it. */
  delete(id: number): Promise<void>;
  comments(questionId: number, query?: PageQuery): Promise<ListResult<QuestionComment>>;
  /** QUESTION_COMMENT_NOT_FOUND unless comment `id` belongs to question `questionId`. */
  comment(questionId: number, id: number): Promise<QuestionComment>;
  /** Any signed-in user, who becomes the author. */
  addComment(questionId: number, input: QuestionCommentInput): Promise<QuestionComment>;
}

/** Chat history (agent); imported by admins. */
export interface ChatService {
  /** Chats by id ascending, filtered by visitor, user and creation time (inclusive; a bare date covers its whole day). */
  list(query?: ChatListQuery): Promise<ListResult<Chat>>;
  get(id: number): Promise<Chat>;
  /** Admin; records a chat with its messages, timestamps as given. The agent and user named must exist (RECORD_INVALID), or nothing is written. */
  import(input: ChatImportInput): Promise<Chat>;
}

/** Views: saved ticket lists over the rule engine's conditions (agents read the ones open to them, admins write). */
export interface ViewService {
  /** The views open to the caller (every view for admins), by position then id. */
  list(query?: PageQuery): Promise<ListResult<View>>;
  /** The active ones among them. */
  active(query?: PageQuery): Promise<ListResult<View>>;
  /** VIEW_NOT_FOUND when unknown or not open to the caller. */
  get(id: number): Promise<View>;
  /** The view's tickets within the caller's ticket restriction, in the view's order unless the query names one. */
  tickets(id: number, query?: ViewTicketsQuery): Promise<ListResult<Ticket>>;
  count(id: number): Promise<ViewCount>;
  /** Counts of up to 20 views, in the order asked; unknown views and views not open to the caller are left out. */
  countMany(ids: number[]): Promise<ViewCount[]>;
  /** Admin; conditions are checked against the rule engine's table (RECORD_INVALID naming the condition). */
  create(input: ViewCreateInput): Promise<View>;
  update(id: number, input: ViewUpdateInput): Promise<View>;
  delete(id: number): Promise<void>;
}

export type BotQuestionListQuery = z.input<typeof botQuestionListQuerySchema>;
export type BotMatchQuery = z.input<typeof botMatchQuerySchema>;

/**
 * The chat-bot question bank (agents and admins). Batch writes are all or
 * nothing: RECORD_INVALID names each bad element as `data[i].field`.
 */
export interface BotQuestionService {
  /** Questions by id, optionally of one group (`category_id`). */
  list(query?: BotQuestionListQuery): Promise<ListResult<BotQuestionView>>;
  /** Creates 1 to 100 questions; each `category_id` must name a group of the tenant. */
  create(data: BotQuestionInput[]): Promise<BotQuestionView[]>;
  /** Replaces the question's fields (those omitted keep their values, except the required ones). */
  update(id: number, data: BotQuestionInput): Promise<BotQuestionView>;
  /** Deletes 1 to 100 questions; BOT_QUESTION_NOT_FOUND, deleting none, when any id is unknown. */
  delete(ids: number[]): Promise<void>;
  /** The active question most similar to `query.query` by title or other title, or null below the threshold (any signed-in user). */
  match(query: BotMatchQuery): Promise<{ question: BotQuestionView; score: number } | null>;
}

/** Question groups of the chat-bot bank (agents and admins). */
export interface BotQuestionGroupService {
  list(query?: PageQuery): Promise<ListResult<BotQuestionGroup>>;
  /** Creates 1 to 100 groups from their titles. */
  create(titles: string[]): Promise<BotQuestionGroup[]>;
  update(id: number, data: BotQuestionGroupInput): Promise<BotQuestionGroup>;
  /** Deletes 1 to 100 empty groups: BOT_QUESTION_GROUP_NOT_FOUND when any is unknown, BOT_QUESTION_GROUP_NOT_EMPTY when any holds questions; then none is deleted. */
  delete(ids: number[]): Promise<void>;
}

/** What became of one ticket of an import batch. */
export type ImportOutcome = { ok: true; ticket: Ticket } | { ok: false; error: HelpdeskError };

/** Ticket import (admin): no trigger or other rule acts on imported tickets, and nothing is sent. */
export interface ImportService {
  /** Imports one ticket; rejects with RECORD_INVALID naming each bad field (`comments[1].author_id`), writing nothing. */
  ticket(input: TicketImportInput): Promise<Ticket>;
  /**
   * Imports a batch in one transaction: each ticket is checked before it is
   * written, and one that fails is reported in its outcome while the others
   * are still written. Ids follow the input order.
   */
  tickets(inputs: unknown[]): Promise<ImportOutcome[]>;
}

/** OAuth clients of third-party sites (admin). */
export interface OAuthClientService {
  /** Registers a client; the secret `client_secret` is returned only here, and stored only as a hash. */
  create(input: OAuthClientCreateInput): Promise<OAuthClient & { client_secret: string }>;
  list(): Promise<OAuthClient[]>;
  get(id: number): Promise<OAuthClient>;
  /** Deletes it with every code and token issued to it. */
  delete(id: number): Promise<void>;
}
