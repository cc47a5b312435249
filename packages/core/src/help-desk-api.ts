import type { GroupCreateInput, GroupUpdateInput, GroupView } from "./domain/group";
import type { Page, PageParams, TicketListQuery, TicketSearchQuery, UserListQuery } from "./domain/list-query";
import type { Organization, OrganizationCreateInput, OrganizationUpdateInput } from "./domain/organization";
import type { ApiToken, Tenant } from "./domain/tenant";
import type { BulkResult, Ticket, TicketComment, TicketCreateInput, TicketUpdateInput } from "./domain/ticket";
import type { User, UserCreateInput, UserUpdateInput } from "./domain/user";
import type { AutomationRunOptions, AutomationRunReport } from "./services/automation-runner";
import type { OutboxMessage, Rule, RuleCreateInput, RuleUpdateInput, Webhook, WebhookCreateInput, WebhookUpdateInput } from "./domain/rule";
import type { z } from "zod";
import type { organizationListQuerySchema, pageQuerySchema, userSearchQuerySchema } from "./domain/list-query";
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
  /** Every operation through the returned object is checked against `actor`'s role, within `tenantId`. */
  as(tenantId: number, actor: User): ActorDesk;
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
  botQuestions: BotQuestionService;
  botQuestionGroups: BotQuestionGroupService;
  imports: ImportService;
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
  /** Comments of a ticket, oldest first. */
  comments(id: number): Promise<TicketComment[]>;
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

/** The tenant's outgoing messages (admin). */
export interface OutboxService {
  list(query?: PageQuery & { state?: OutboxMessage["state"] }): Promise<ListResult<OutboxMessage>>;
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
