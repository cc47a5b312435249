import type { GroupCreateInput, GroupUpdateInput, GroupView } from "./domain/group";
import type { Page, PageParams, TicketListQuery, TicketSearchQuery, UserListQuery } from "./domain/list-query";
import type { Organization, OrganizationCreateInput, OrganizationUpdateInput } from "./domain/organization";
import type { ApiToken, Tenant } from "./domain/tenant";
import type { BulkResult, Ticket, TicketComment, TicketCreateInput, TicketUpdateInput } from "./domain/ticket";
import type { User, UserCreateInput, UserUpdateInput } from "./domain/user";
import type { AutomationRunOptions, AutomationRunReport } from "./services/automation-runner";
import type { OutboxMessage, Rule, RuleCreateInput, RuleUpdateInput, Webhook, WebhookCreateInput, WebhookUpdateInput } from "./domain/rule";
import type { z } from "zod";
import type { OAuthClient, OAuthClientCreateInput } from "./domain/oauth";
import type { OAuthService } from "./oauth/oauth-service";
import type { organizationListQuerySchema, pageQuerySchema, userSearchQuerySchema } from "./domain/list-query";

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
  oauthClients: OAuthClientService;
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

/** OAuth clients of third-party sites (admin). */
export interface OAuthClientService {
  /** Registers a client; the secret `client_secret` is returned only here, and stored only as a hash. */
  create(input: OAuthClientCreateInput): Promise<OAuthClient & { client_secret: string }>;
  list(): Promise<OAuthClient[]>;
  get(id: number): Promise<OAuthClient>;
  /** Deletes it with every code and token issued to it. */
  delete(id: number): Promise<void>;
}
