import type { CustomField, SortDirection } from "./domain/common";
import type { Group } from "./domain/group";
import type { Page } from "./domain/list-query";
import type { Organization } from "./domain/organization";
import type { ApiToken, Tenant } from "./domain/tenant";
import type { Ticket, TicketComment, TicketStatus, TicketTimeField } from "./domain/ticket";
import type { Role, User } from "./domain/user";
import type { OutboxKind, OutboxMessage, Rule, RuleKind, Webhook } from "./domain/rule";
import type { FieldDefinition, FieldKind } from "./domain/custom-field";
import type { Question, QuestionComment, Topic } from "./domain/community";
import type { Chat, ChatMessage } from "./domain/chat";
import type { View } from "./domain/view";
import type { TicketPredicate } from "./ticket-predicate";
import type { Attachment, AttachmentTarget } from "./domain/attachment";
import type { CategoryRepository, ForumRepository, PostCommentRepository, PostRepository, PostVoteRepository } from "./knowledge-base-storage";
import type { BotQuestion, BotQuestionGroup } from "./domain/bot-question";
import type { OAuthClient } from "./domain/oauth";

/**
 * What a storage adapter implements. Storage holds data and decides nothing:
 * every default, permission and state rule lives in the services. Every
 * method is scoped to one tenant and never returns another tenant's rows.
 * Timestamps come in from the caller (epoch ms); adapters never read a clock.
 * Unique violations reject with the `HelpdeskError` code named in the contract.
 */
export interface Storage {
  /**
   * Runs `fn` in one transaction: all its writes commit together, or none do
   * when it rejects (the rejection is passed on), and nothing outside it sees
   * them before. Calls on `tx` run inside the transaction, calls on the
   * storage itself never do; `tx.transaction` runs `fn` inside the same one.
   * Transactions may run concurrently (one-connection adapters run them one
   * at a time), so a read-modify-write must read with `tickets.getForUpdate`
   * or be a single write.
   */
  transaction<T>(fn: (tx: Storage) => Promise<T>): Promise<T>;
  tenants: TenantRepository;
  users: UserRepository;
  groups: GroupRepository;
  organizations: OrganizationRepository;
  tickets: TicketRepository;
  apiTokens: ApiTokenRepository;
  rules: RuleRepository;
  webhooks: WebhookRepository;
  outbox: OutboxRepository;
  roundRobin: RoundRobinRepository;
  automationFirings: AutomationFiringRepository;
  schedules: ScheduleRepository;
  fieldDefinitions: FieldDefinitionRepository;
  topics: TopicRepository;
  questions: QuestionRepository;
  questionComments: QuestionCommentRepository;
  chats: ChatRepository;
  views: ViewRepository;
  attachments: AttachmentRepository;
  categories: CategoryRepository;
  forums: ForumRepository;
  posts: PostRepository;
  postComments: PostCommentRepository;
  botQuestionGroups: BotQuestionGroupRepository;
  botQuestions: BotQuestionRepository;
  oauthClients: OAuthClientRepository;
  oauthGrants: OAuthGrantRepository;
  oauthSessions: OAuthSessionRepository;
  postVotes: PostVoteRepository;
}

/** One page of a list: `offset` rows skipped, at most `limit` returned. */
export interface Window {
  limit: number;
  offset: number;
}

/** Created-at and updated-at ranges, inclusive, epoch ms. */
export interface TimeRange {
  createdFrom?: number;
  createdTo?: number;
  updatedFrom?: number;
  updatedTo?: number;
}

/** A sort key; lists always end with `id asc` as the tie-breaker unless `id` is named. */
export type SortKey =
  | { by: "id" | "created_at" | "updated_at"; dir: SortDirection }
  /** Status in lifecycle order new < open < pending < solved < closed. */
  | { by: "status"; dir: SortDirection }
  /** The value of custom field `field_<fieldId>`; tickets without it sort as null (first when asc). */
  | { by: "field"; fieldId: number; dir: SortDirection };

export interface NewTenant {
  host: string;
  name: string;
  created_at: number;
}

export interface TenantRepository {
  /** Inserts a tenant. Rejects with TENANT_HOST_TAKEN when the host is served already. */
  create(data: NewTenant): Promise<Tenant>;
  /** The tenant at `host` (lower-case), or null. */
  findByHost(host: string): Promise<Tenant | null>;
  get(id: number): Promise<Tenant | null>;
  /** Every tenant, by id. */
  list(): Promise<Tenant[]>;
}

/** Every user column; `password_hash` is write-only for the services. */
export type NewUser = Omit<User, "id"> & { password_hash: string | null };
export type UserPatch = Partial<Omit<NewUser, "created_at">> & { updated_at: number };

export interface UserCredentials {
  user: User;
  passwordHash: string | null;
  version: number;
}

export interface UserFilter extends TimeRange {
  roles?: Role[];
  organizationId?: number;
  /** Case-insensitive substring of name, email or phone. */
  text?: string;
}

export interface UserRepository {
  /** Inserts a user. Rejects with USER_EMAIL_TAKEN or USER_PHONE_TAKEN on a duplicate within the tenant. */
  create(tenantId: number, data: NewUser): Promise<User>;
  get(tenantId: number, id: number): Promise<User | null>;
  /** The users among `ids` that exist, in id order. */
  getMany(tenantId: number, ids: number[]): Promise<User[]>;
  /** By e-mail, compared lower-case. */
  findByEmail(tenantId: number, email: string): Promise<User | null>;
  findByPhone(tenantId: number, phone: string): Promise<User | null>;
  /**
   * The user, their password hash (null when none is set) and their version,
   * by id or e-mail; null when no such user. The version grows with every
   * `update` of the user, whatever it changes.
   */
  getCredentials(tenantId: number, key: { id: number } | { email: string }): Promise<UserCredentials | null>;
  /** The password hash and version alone: one narrow read, made on every authenticated request. Null when no such user. */
  getCredentialStamp(tenantId: number, id: number): Promise<Omit<UserCredentials, "user"> | null>;
  /** Applies `patch`; null when no such user. Rejects like `create` on duplicates. */
  update(tenantId: number, id: number, patch: UserPatch): Promise<User | null>;
  /** Deletes the user and their group memberships. False when no such user. */
  delete(tenantId: number, id: number): Promise<boolean>;
  list(tenantId: number, filter: UserFilter, sort: SortKey[], window: Window): Promise<Page<User>>;
}

export interface NewGroup {
  name: string;
  agent_ids: number[];
  created_at: number;
  updated_at: number;
}

export interface GroupRepository {
  /** Rejects with GROUP_NAME_TAKEN on a duplicate name within the tenant. */
  create(tenantId: number, data: NewGroup): Promise<Group>;
  get(tenantId: number, id: number): Promise<Group | null>;
  /** All groups by id, paged. */
  list(tenantId: number, window: Window): Promise<Page<Group>>;
  /** The groups `userId` belongs to, by id. */
  listForUser(tenantId: number, userId: number): Promise<Group[]>;
  /** Replaces the fields given (`agent_ids` replaces the membership); null when no such group. */
  update(tenantId: number, id: number, patch: Partial<Omit<NewGroup, "created_at">> & { updated_at: number }): Promise<Group | null>;
  /** Deletes the group and its memberships; tickets and organizations pointing at it get a null group. False when none. */
  delete(tenantId: number, id: number): Promise<boolean>;
}

export type NewOrganization = Omit<Organization, "id">;

export interface OrganizationRepository {
  /** Rejects with ORGANIZATION_NAME_TAKEN on a duplicate name within the tenant. */
  create(tenantId: number, data: NewOrganization): Promise<Organization>;
  get(tenantId: number, id: number): Promise<Organization | null>;
  /** The organization whose domain is `domain` (lower-case), or null; the lowest id wins. */
  findByDomain(tenantId: number, domain: string): Promise<Organization | null>;
  list(tenantId: number, filter: TimeRange, sort: SortKey[], window: Window): Promise<Page<Organization>>;
  update(tenantId: number, id: number, patch: Partial<Omit<NewOrganization, "created_at">> & { updated_at: number }): Promise<Organization | null>;
  /** Deletes it; users and tickets pointing at it get a null organization. False when none. */
  delete(tenantId: number, id: number): Promise<boolean>;
}

export type NewTicket = Omit<Ticket, "id">;
export type TicketPatch = Partial<Omit<Ticket, "id" | "created_at">> & { updated_at: number };
export type NewTicketComment = Omit<TicketComment, "id" | "ticket_id">;

/** Which tickets an agent may see; `all` for admins and unrestricted agents. */
export type TicketScope =
  | { kind: "all" }
  /** Tickets of `groupIds`, or assigned to `userId`. */
  | { kind: "groups"; userId: number; groupIds: number[] }
  | { kind: "assigned"; userId: number };

export interface TicketFilter extends TimeRange {
  scope: TicketScope;
  ids?: number[];
  assigneeId?: number;
  requesterId?: number;
  organizationId?: number;
  problemId?: number;
  type?: Ticket["type"];
  statuses?: TicketStatus[];
  /** Case-insensitive substring of title, description, any comment, or the requester's name or e-mail. */
  text?: string;
  /** Some custom field has exactly this value (string form; array values match any element). */
  fieldValue?: string;
  /** Statuses to leave out (automations never look at closed tickets). */
  excludeStatuses?: TicketStatus[];
  /**
   * Inclusive bounds on timestamp fields, as automations' hours-since
   * conditions need them; a ticket whose field is null never matches a bound.
   * Each field has an index with the tenant, so candidates are found by range scans.
   */
  timeBounds?: TicketTimeBound[];
  /** A view's conditions, run as one WHERE over the indexed ticket columns. */
  predicate?: TicketPredicate;
}

export interface TicketTimeBound {
  field: TicketTimeField;
  from?: number;
  to?: number;
}

export interface TicketRepository {
  /**
   * Inserts a ticket with its first comment. The id is the tenant's next
   * ticket number (1, 2, …; never reused, even after deletes), allocated
   * atomically so concurrent creates never collide.
   */
  create(tenantId: number, data: NewTicket, firstComment: NewTicketComment): Promise<Ticket>;
  get(tenantId: number, id: number): Promise<Ticket | null>;
  /**
   * Like `get`, and inside a transaction also locks the ticket until it ends,
   * so that concurrent read-modify-write updates of one ticket (from any
   * process) run one after the other and none is lost.
   */
  getForUpdate(tenantId: number, id: number): Promise<Ticket | null>;
  /** Applies `patch` (collaborator_ids replaces the set); null when no such ticket. */
  update(tenantId: number, id: number, patch: TicketPatch): Promise<Ticket | null>;
  addComment(tenantId: number, ticketId: number, comment: NewTicketComment): Promise<TicketComment>;
  /** Comments of a ticket, oldest first. */
  listComments(tenantId: number, ticketId: number): Promise<TicketComment[]>;
  /** Deletes the tickets among `ids` with their comments; incidents pointing at them lose `problem_id`. Returns how many existed. */
  delete(tenantId: number, ids: number[]): Promise<number>;
  list(tenantId: number, filter: TicketFilter, sort: SortKey[], window: Window): Promise<Page<Ticket>>;
  /** How many tickets `userId` requests. */
  countRequestedBy(tenantId: number, userId: number): Promise<number>;
  /**
   * Moves everything of user `fromId` to `toId`: requested tickets, comment
   * authorship and collaborations (without duplicates); `organizationId` becomes
   * the organization of the moved tickets.
   */
  reassignUser(tenantId: number, fromId: number, toId: number, organizationId: number | null, at: number): Promise<void>;
  /** Unassigns every ticket assigned to `userId` and drops them as a collaborator. */
  releaseUser(tenantId: number, userId: number, at: number): Promise<void>;
  /** Comment `commentId` of ticket `ticketId`; null when the ticket has no such comment. */
  getComment(tenantId: number, ticketId: number, commentId: number): Promise<TicketComment | null>;
  /** How many tickets match `filter`: one COUNT, no rows read out. */
  count(tenantId: number, filter: TicketFilter): Promise<number>;
}

export type NewRule = Omit<Rule, "id">;

export interface RuleRepository {
  create(tenantId: number, kind: RuleKind, data: NewRule): Promise<Rule>;
  get(tenantId: number, kind: RuleKind, id: number): Promise<Rule | null>;
  /** Rules of one kind in evaluation order: `sort` descending, then `id` ascending; only enabled ones when `activeOnly`. */
  list(tenantId: number, kind: RuleKind, options: { activeOnly: boolean }): Promise<Rule[]>;
  /** Replaces the fields given; null when no such rule. */
  update(tenantId: number, kind: RuleKind, id: number, patch: Partial<Omit<NewRule, "created_at">> & { updated_at: number }): Promise<Rule | null>;
  delete(tenantId: number, kind: RuleKind, id: number): Promise<boolean>;
  /**
   * A number that changes whenever a rule of the tenant is created, updated or
   * deleted (by any process): compiled rule sets are cached under it.
   */
  revision(tenantId: number): Promise<number>;
}

/** A webhook with its signing secret, which only delivery reads. */
export type WebhookWithSecret = Webhook & { secret: string | null };
export type NewWebhook = Omit<WebhookWithSecret, "id" | "has_secret">;

export interface WebhookRepository {
  create(tenantId: number, data: NewWebhook): Promise<Webhook>;
  get(tenantId: number, id: number): Promise<Webhook | null>;
  /** The webhook and its secret, for delivery. */
  getWithSecret(tenantId: number, id: number): Promise<WebhookWithSecret | null>;
  /** All webhooks by id. */
  list(tenantId: number): Promise<Webhook[]>;
  /** Replaces the fields given (`secret: null` removes it); null when no such webhook. */
  update(tenantId: number, id: number, patch: Partial<Omit<NewWebhook, "created_at">> & { updated_at: number }): Promise<Webhook | null>;
  delete(tenantId: number, id: number): Promise<boolean>;
}

export type NewOutboxMessage = Pick<OutboxMessage, "kind" | "payload" | "ticket_id" | "rule_id" | "created_at" | "next_attempt_at">;

/** A message claimed for delivery, with the tenant it belongs to. */
export type ClaimedOutboxMessage = OutboxMessage & { tenant_id: number };

export interface OutboxRepository {
  /** Adds pending messages (attempts 0); inside a transaction they exist only if it commits. */
  enqueue(tenantId: number, messages: NewOutboxMessage[]): Promise<OutboxMessage[]>;
  /**
   * Takes up to `limit` pending messages of `kinds`, of any tenant, whose `next_attempt_at`
   * is at or before `now`, oldest first, and pushes their `next_attempt_at`
   * to `leaseUntil` so that no other worker (in any process) takes them
   * meanwhile; a worker that dies leaves them to be taken again after the lease.
   */
  claim(now: number, leaseUntil: number, limit: number, kinds: readonly OutboxKind[]): Promise<ClaimedOutboxMessage[]>;
  /** Marks a message sent. */
  markSent(id: number, at: number): Promise<void>;
  /** Records a failed attempt: `attempts` + 1 and the error; `retryAt` null marks it failed for good. */
  markFailed(id: number, error: string, retryAt: number | null): Promise<void>;
  /** A tenant's messages, newest first, optionally of one state. */
  list(tenantId: number, filter: { state?: OutboxMessage["state"] }, window: Window): Promise<Page<OutboxMessage>>;
}

export interface RoundRobinRepository {
  /**
   * The agent each group assigned last (null when none yet), locking those
   * groups' turn until the transaction ends so that concurrent assignments,
   * from any process, take turns one after the other. Groups without a record yet are null.
   */
  lockTurns(tenantId: number, groupIds: number[]): Promise<Map<number, number | null>>;
  /** Records the agent a group assigned last. */
  saveTurn(tenantId: number, groupId: number, agentId: number): Promise<void>;
}

export interface AutomationFiringRepository {
  /** For each of `ticketIds`, the ticket's `updated_at` when `automationId` last fired on it; absent when never. */
  lastFirings(tenantId: number, automationId: number, ticketIds: number[]): Promise<Map<number, number>>;
  /** Records that the automation fired on the ticket, leaving it at `ticketUpdatedAt`. */
  record(tenantId: number, automationId: number, ticketId: number, ticketUpdatedAt: number, at: number): Promise<void>;
}

export interface ScheduleRepository {
  /**
   * Claims run `slot` of the job `name` for this caller: true for exactly one
   * caller across every process on the database, false for the others.
   */
  claim(name: string, slot: number, at: number): Promise<boolean>;
}

export interface ApiTokenRepository {
  create(tenantId: number, data: { token_hash: string; created_at: number }): Promise<ApiToken>;
  /** The token whose hash is `tokenHash`, or null. */
  findByHash(tenantId: number, tokenHash: string): Promise<ApiToken | null>;
  list(tenantId: number): Promise<ApiToken[]>;
  delete(tenantId: number, id: number): Promise<boolean>;
}

export type NewView = Omit<View, "id">;

/** Who is listing views: they see the unrestricted ones, their own, and their groups'. */
export interface ViewAudience {
  userId: number;
  groupIds: number[];
}

export interface ViewRepository {
  create(tenantId: number, data: NewView): Promise<View>;
  get(tenantId: number, id: number): Promise<View | null>;
  /** The views among `ids` that exist, in id order. */
  getMany(tenantId: number, ids: number[]): Promise<View[]>;
  /**
   * Views by `position`, then `id`, paged: only active ones when `activeOnly`,
   * only those open to `audience` when given (every view otherwise).
   */
  list(tenantId: number, filter: { activeOnly: boolean; audience?: ViewAudience }, window: Window): Promise<Page<View>>;
  /** Replaces the fields given; null when no such view. */
  update(tenantId: number, id: number, patch: Partial<Omit<NewView, "created_at">> & { updated_at: number }): Promise<View | null>;
  delete(tenantId: number, id: number): Promise<boolean>;
}

/** A new upload: unbound, with the SHA-256 hash of its token (the token itself is never stored). */
export type NewAttachment = Omit<Attachment, "id" | "ticket_id" | "comment_id" | "post_id"> & { token_hash: string };

export interface AttachmentRepository {
  create(tenantId: number, data: NewAttachment): Promise<Attachment>;
  get(tenantId: number, id: number): Promise<Attachment | null>;
  /**
   * Binds the unbound attachments whose token hash is among `tokenHashes`,
   * uploaded by `uploaderId` and not expired at `at`, to `target` (clearing
   * their expiry), in one statement; resolves to the token hashes it bound.
   * Of concurrent binds of one attachment exactly one gets it.
   */
  bind(tenantId: number, tokenHashes: string[], binding: { uploaderId: number; target: AttachmentTarget; at: number }): Promise<string[]>;
  /** The attachments bound to any of `commentIds`, by comment id then id: one indexed query. */
  listForComments(tenantId: number, commentIds: number[]): Promise<Attachment[]>;
  /** The attachments bound to any of `postIds`, by post id then id. */
  listForPosts(tenantId: number, postIds: number[]): Promise<Attachment[]>;
  /** Deletes the row and resolves to it (its blob is the caller's to delete); null when none. */
  delete(tenantId: number, id: number): Promise<Attachment | null>;
  /** Makes the attachments of the comments of `ticketIds` expire at `at` (their tickets are being deleted); resolves to how many. */
  expireForTickets(tenantId: number, ticketIds: number[], at: number): Promise<number>;
  /** Makes the attachments of `postIds` expire at `at`; resolves to how many. */
  expireForPosts(tenantId: number, postIds: number[], at: number): Promise<number>;
  /**
   * Deletes up to `limit` attachments of any tenant whose expiry is at or
   * before `now` and resolves to them (their blobs are the caller's to delete).
   * Concurrent calls never return one row twice.
   */
  deleteExpired(now: number, limit: number): Promise<Attachment[]>;
}

export type NewBotQuestionGroup = Omit<BotQuestionGroup, "id">;

export interface BotQuestionGroupRepository {
  create(tenantId: number, data: NewBotQuestionGroup): Promise<BotQuestionGroup>;
  /** The groups among `ids` that exist, by id. */
  getMany(tenantId: number, ids: number[]): Promise<BotQuestionGroup[]>;
  /** All groups by id, paged. */
  list(tenantId: number, window: Window): Promise<Page<BotQuestionGroup>>;
  /** Null when no such group. */
  update(tenantId: number, id: number, patch: Pick<BotQuestionGroup, "title" | "updated_at">): Promise<BotQuestionGroup | null>;
  /** How many questions each of `ids` holds; groups without any are absent. */
  countQuestions(tenantId: number, ids: number[]): Promise<Map<number, number>>;
  /** Deletes the groups among `ids`, which must hold no questions (the caller checks); returns how many existed. */
  delete(tenantId: number, ids: number[]): Promise<number>;
}

export type NewBotQuestion = Omit<BotQuestion, "id">;

export interface BotQuestionFilter {
  categoryId?: number;
  /** Only active questions. */
  active?: boolean;
}

export interface BotQuestionRepository {
  create(tenantId: number, data: NewBotQuestion): Promise<BotQuestion>;
  /** The questions among `ids` that exist, by id. */
  getMany(tenantId: number, ids: number[]): Promise<BotQuestion[]>;
  /** Questions by id, paged. */
  list(tenantId: number, filter: BotQuestionFilter, window: Window): Promise<Page<BotQuestion>>;
  /** Every question matching `filter`, by id: the whole bank, as the matcher reads it. */
  listAll(tenantId: number, filter: BotQuestionFilter): Promise<BotQuestion[]>;
  /** Replaces the fields given; null when no such question. */
  update(tenantId: number, id: number, patch: Partial<Omit<NewBotQuestion, "created_at">> & { updated_at: number }): Promise<BotQuestion | null>;
  /** Deletes the questions among `ids`; returns how many existed. */
  delete(tenantId: number, ids: number[]): Promise<number>;
}

/** An OAuth client with the hash of its secret, which only client authentication reads. */
export type OAuthClientWithSecret = OAuthClient & { secret_hash: string };
export type NewOAuthClient = Omit<OAuthClientWithSecret, "id">;

export interface OAuthClientRepository {
  create(tenantId: number, data: NewOAuthClient): Promise<OAuthClient>;
  get(tenantId: number, id: number): Promise<OAuthClient | null>;
  /** By the public `client_id`, compared exactly, with the secret's hash; null when none. */
  findByClientId(tenantId: number, clientId: string): Promise<OAuthClientWithSecret | null>;
  /** All clients by id. */
  list(tenantId: number): Promise<OAuthClient[]>;
  /** Deletes the client with its codes, grants, tokens and pending interactions. False when none. */
  delete(tenantId: number, id: number): Promise<boolean>;
}

/** An authorization code as stored; the code itself only as `code_hash`. `client_id` is the client's numeric id. */
export interface AuthorizationCodeRecord {
  id: number;
  client_id: number;
  user_id: number;
  redirect_uri: string;
  scope: string;
  code_challenge: string | null;
  created_at: number;
  expires_at: number;
}
export type NewAuthorizationCode = Omit<AuthorizationCodeRecord, "id"> & { code_hash: string };

export type OAuthTokenKind = "access" | "refresh";

/** A token as stored, with the grant (token family) it belongs to. */
export interface OAuthTokenRecord {
  id: number;
  grant_id: number;
  kind: OAuthTokenKind;
  expires_at: number;
  /** When a refresh token was exchanged for a new pair; null while live. */
  retired_at: number | null;
  client_id: number;
  user_id: number;
  scope: string;
  /** When the whole family was revoked (or the code it came from replayed); null while it stands. */
  grant_revoked_at: number | null;
}

export interface NewOAuthToken {
  grant_id: number;
  kind: OAuthTokenKind;
  token_hash: string;
  created_at: number;
  expires_at: number;
}

/** Codes, grants (token families) and their tokens, all kept as hashes. */
export interface OAuthGrantRepository {
  createCode(tenantId: number, data: NewAuthorizationCode): Promise<AuthorizationCodeRecord>;
  /**
   * Marks the code with hash `codeHash` used, atomically: among concurrent
   * callers (in any process) exactly one gets `replayed: false`; every other
   * one gets the code with `replayed: true` and marks it replayed, which
   * revokes every family redeemed from it, even one created after the replay.
   * Null when no such code.
   */
  consumeCode(tenantId: number, codeHash: string, at: number): Promise<{ code: AuthorizationCodeRecord; replayed: boolean } | null>;
  /** Starts a token family for a client and user; `code_id` names the code it was redeemed from. Returns its id. */
  createGrant(tenantId: number, data: { client_id: number; user_id: number; scope: string; code_id: number | null; created_at: number }): Promise<number>;
  /** Revokes a family: none of its tokens is valid any more. Revoking twice keeps the first time. */
  revokeGrant(tenantId: number, grantId: number, at: number): Promise<void>;
  addToken(tenantId: number, data: NewOAuthToken): Promise<void>;
  /** The token of `kind` whose hash is `tokenHash`, live or not; null when none. */
  findToken(tenantId: number, kind: OAuthTokenKind, tokenHash: string): Promise<OAuthTokenRecord | null>;
  /** Retires a live token, atomically: true for exactly one of concurrent callers, false once retired. */
  retireToken(tenantId: number, tokenId: number, at: number): Promise<boolean>;
  /**
   * Deletes, across all tenants, at most `limit` rows of each kind, in this
   * order: families revoked before `before` or whose every token expired
   * before it (with their tokens); expired tokens of families that still have
   * a live one; codes expired before `before` that no family was redeemed from.
   * A code stays while a family redeemed from it does, so replaying it still revokes that family.
   */
  pruneExpired(before: number, limit: number): Promise<OAuthGrantPruneCounts>;
}

/** How many rows `OAuthGrantRepository.pruneExpired` deleted, by kind (tokens: not counting those of deleted families). */
export interface OAuthGrantPruneCounts {
  families: number;
  tokens: number;
  codes: number;
}

/** A sign-in session of the login page; its id is stored only as a hash. */
export interface OAuthSessionRecord {
  user_id: number | null;
  created_at: number;
  expires_at: number;
}

/** A pending authorization request, bound to the session that started it. `client_id` is the client's numeric id. */
export interface OAuthInteractionRecord {
  session_hash: string;
  client_id: number;
  redirect_uri: string;
  scope: string;
  state: string | null;
  code_challenge: string | null;
  /** The user the consent page was shown to; null before sign-in. */
  user_id: number | null;
  created_at: number;
  expires_at: number;
}

export interface OAuthSessionRepository {
  createSession(tenantId: number, sessionHash: string, data: OAuthSessionRecord): Promise<void>;
  getSession(tenantId: number, sessionHash: string): Promise<OAuthSessionRecord | null>;
  deleteSession(tenantId: number, sessionHash: string): Promise<void>;
  createInteraction(tenantId: number, interactionHash: string, data: OAuthInteractionRecord): Promise<void>;
  getInteraction(tenantId: number, interactionHash: string): Promise<OAuthInteractionRecord | null>;
  /** Moves the interaction to another session and user; false when none. */
  bindInteraction(tenantId: number, interactionHash: string, binding: { session_hash: string; user_id: number | null }): Promise<boolean>;
  /** Deletes and returns the interaction, atomically: exactly one of concurrent callers gets it, the others null. */
  takeInteraction(tenantId: number, interactionHash: string): Promise<OAuthInteractionRecord | null>;
  /** Deletes, across all tenants, at most `limit` sessions and `limit` interactions that expired before `before`. */
  pruneExpired(before: number, limit: number): Promise<{ sessions: number; interactions: number }>;
}

export type { CustomField };

export type NewFieldDefinition = Omit<FieldDefinition, "id">;

/** Ticket field and user field definitions, told apart by kind; ids are shared by both kinds and all tenants. */
export interface FieldDefinitionRepository {
  create(tenantId: number, kind: FieldKind, data: NewFieldDefinition): Promise<FieldDefinition>;
  get(tenantId: number, kind: FieldKind, id: number): Promise<FieldDefinition | null>;
  /** The definitions of one kind by id; only active ones when `activeOnly`. */
  list(tenantId: number, kind: FieldKind, options: { activeOnly: boolean }): Promise<FieldDefinition[]>;
  /** Replaces the fields given; null when no such definition. */
  update(tenantId: number, kind: FieldKind, id: number, patch: Partial<Omit<NewFieldDefinition, "created_at">> & { updated_at: number }): Promise<FieldDefinition | null>;
  /**
   * Deletes the definition and, atomically with it, every value stored under
   * its `field_<id>` name on the tenant's tickets (kind ticket) or users (kind
   * user), leaving their other values, order and `updated_at` as they were.
   * False when no such definition.
   */
  delete(tenantId: number, kind: FieldKind, id: number): Promise<boolean>;
}

export type NewTopic = Omit<Topic, "id">;

export interface TopicRepository {
  create(tenantId: number, data: NewTopic): Promise<Topic>;
  get(tenantId: number, id: number): Promise<Topic | null>;
  /** Topics by `sort` ascending, then id, paged. */
  list(tenantId: number, window: Window): Promise<Page<Topic>>;
  /** Replaces the fields given; null when no such topic. */
  update(tenantId: number, id: number, patch: Partial<Omit<NewTopic, "created_at">> & { updated_at: number }): Promise<Topic | null>;
  /** Deletes the topic with its questions and their comments, in one statement (all or nothing). False when none. */
  delete(tenantId: number, id: number): Promise<boolean>;
}

export type NewQuestion = Omit<Question, "id">;

export interface QuestionFilter {
  topicId?: number;
  authorId?: number;
}

export interface QuestionRepository {
  /** Rejects when `topic_id` names no topic of the tenant (the services check it first, for a 422). */
  create(tenantId: number, data: NewQuestion): Promise<Question>;
  get(tenantId: number, id: number): Promise<Question | null>;
  /** Questions newest first (`created_at` descending, then id descending), paged. */
  list(tenantId: number, filter: QuestionFilter, window: Window): Promise<Page<Question>>;
  /** Replaces the fields given; null when no such question. */
  update(tenantId: number, id: number, patch: Partial<Omit<NewQuestion, "created_at" | "author_id">> & { updated_at: number }): Promise<Question | null>;
  /** Deletes the question with its comments, in one statement. False when none. */
  delete(tenantId: number, id: number): Promise<boolean>;
}

export type NewQuestionComment = Omit<QuestionComment, "id" | "question_id">;

export interface QuestionCommentRepository {
  /** Rejects when no such question (the services check it first, for a 404). */
  create(tenantId: number, questionId: number, data: NewQuestionComment): Promise<QuestionComment>;
  /** The comment `id` of question `questionId`; null when either is unknown or the comment belongs to another question. */
  get(tenantId: number, questionId: number, id: number): Promise<QuestionComment | null>;
  /** Comments of a question, oldest first (by id), paged. */
  list(tenantId: number, questionId: number, window: Window): Promise<Page<QuestionComment>>;
}

export type NewChatMessage = Omit<ChatMessage, "id" | "chat_id">;
export type NewChat = Omit<Chat, "id" | "messages"> & { messages: NewChatMessage[] };

export interface ChatFilter {
  visitorId?: string;
  userId?: number;
  /** Inclusive bounds on `created_at`. */
  createdFrom?: number;
  createdTo?: number;
}

export interface ChatRepository {
  /** Inserts the chat and its messages (ids in the order given) in one transaction. */
  create(tenantId: number, data: NewChat): Promise<Chat>;
  /** The chat with its messages by id; null when none. */
  get(tenantId: number, id: number): Promise<Chat | null>;
  /** Chats by id ascending, each with its messages, paged. */
  list(tenantId: number, filter: ChatFilter, window: Window): Promise<Page<Chat>>;
}
