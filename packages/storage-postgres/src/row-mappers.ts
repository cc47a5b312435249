import {
  TICKET_STATUSES,
  type ApiToken,
  type ClaimedOutboxMessage,
  type Group,
  type NewRule,
  type NewTicket,
  type NewUser,
  type NewWebhook,
  type Organization,
  type OutboxMessage,
  type Rule,
  type Tenant,
  type Ticket,
  type TicketComment,
  type TicketStatus,
  type User,
  type Webhook,
  type WebhookWithSecret,
} from "@helpdesk/core";

// Row mappers own every type conversion. pg returns int8 (every id and
// timestamp here) as a string unless the caller's knex installs a type parser,
// so both forms are accepted; jsonb and boolean arrive as JS values already.
// Ticket status is stored as its lifecycle index.

/** An int8 value as pg hands it over: a string by default, a number with a type parser. */
export type Int8 = string | number;

/** A row type with the listed keys widened to what pg returns for int8 columns. */
type Int8Columns<T, K extends keyof T> = Omit<T, K> & { [P in K]: null extends T[P] ? Int8 | null : Int8 };

export const toNumber = (value: Int8): number => Number(value);
export const toNullableNumber = (value: Int8 | null): number | null => (value === null ? null : Number(value));
export const json = (value: unknown): string => JSON.stringify(value);

export function statusToInt(status: TicketStatus): number {
  const index = TICKET_STATUSES.indexOf(status);
  if (index < 0) throw new TypeError(`Unknown ticket status ${String(status)}`);
  return index;
}

export function intToStatus(value: number): TicketStatus {
  const status = TICKET_STATUSES[value];
  if (status === undefined) throw new TypeError(`Unknown ticket status index ${value}`);
  return status;
}

export type TenantRow = Int8Columns<Tenant, "id" | "created_at">;

export const toTenant = (row: TenantRow): Tenant => ({ id: toNumber(row.id), host: row.host, name: row.name, created_at: toNumber(row.created_at) });

export interface UserRow
  extends Int8Columns<User, "id" | "organization_id" | "created_at" | "updated_at" | "last_login_at" | "custom_role_id"> {
  password_hash: string | null;
  version: number;
}

export function toUser(row: UserRow): User {
  return {
    id: toNumber(row.id),
    email: row.email,
    name: row.name,
    agent_display_name: row.agent_display_name,
    role: row.role,
    phone: row.phone,
    phone_bind: row.phone_bind,
    signature: row.signature,
    details: row.details,
    notes: row.notes,
    organization_id: toNullableNumber(row.organization_id),
    language: row.language,
    created_at: toNumber(row.created_at),
    updated_at: toNumber(row.updated_at),
    last_login_at: toNullableNumber(row.last_login_at),
    status: row.status,
    photo: row.photo,
    moderator: row.moderator,
    public_comments: row.public_comments,
    manage_people: row.manage_people,
    ticket_restriction: row.ticket_restriction,
    custom_role_id: toNullableNumber(row.custom_role_id),
    messenger_appid: row.messenger_appid,
    messenger_openid: row.messenger_openid,
    tags: row.tags,
    user_fields: row.user_fields,
  };
}

/** Every column a user insert or update may write. */
const USER_COLUMNS = [
  "email", "name", "agent_display_name", "role", "phone", "phone_bind", "signature", "details", "notes",
  "organization_id", "language", "created_at", "updated_at", "last_login_at", "status", "photo", "moderator",
  "public_comments", "manage_people", "ticket_restriction", "custom_role_id", "messenger_appid",
  "messenger_openid", "tags", "user_fields", "password_hash",
] as const satisfies ReadonlyArray<keyof NewUser>;

/** Column values for the fields `user` sets (all of them for an insert); e-mail lower-case, JSON as text. */
export function userColumns(user: Partial<NewUser>): Record<string, unknown> {
  const columns = pickDefined(user, USER_COLUMNS);
  if (typeof columns.email === "string") columns.email = columns.email.toLowerCase();
  if (columns.tags !== undefined) columns.tags = json(columns.tags);
  if (columns.user_fields !== undefined) columns.user_fields = json(columns.user_fields);
  return columns;
}

export interface GroupRow extends Int8Columns<Group, "id" | "created_at" | "updated_at"> {
  /** Member ids, aggregated in the query with json_agg (so numbers already). */
  agent_ids: number[];
}

export const toGroup = (row: GroupRow): Group => ({
  id: toNumber(row.id),
  name: row.name,
  agent_ids: row.agent_ids,
  created_at: toNumber(row.created_at),
  updated_at: toNumber(row.updated_at),
});

export type OrganizationRow = Int8Columns<Organization, "id" | "group_id" | "created_at" | "updated_at">;

export const toOrganization = (row: OrganizationRow): Organization => ({
  id: toNumber(row.id),
  name: row.name,
  domain: row.domain,
  description: row.description,
  group_id: toNullableNumber(row.group_id),
  created_at: toNumber(row.created_at),
  updated_at: toNumber(row.updated_at),
});

const ORGANIZATION_COLUMNS = ["name", "domain", "description", "group_id", "created_at", "updated_at"] as const;

/** Column values for the fields `org` sets; the domain is stored lower-case. */
export function organizationColumns(org: Partial<Omit<Organization, "id">>): Record<string, unknown> {
  const columns = pickDefined(org, ORGANIZATION_COLUMNS);
  if (typeof columns.domain === "string") columns.domain = columns.domain.toLowerCase();
  return columns;
}

type TicketInt8 =
  | "id" | "requester_id" | "assignee_id" | "organization_id" | "group_id" | "problem_id" | "due_date"
  | "created_at" | "updated_at" | "assigneed_at" | "resolved_at" | "closed_at" | "pending_at" | "requester_updated_at"
  | "assignee_updated_at";

export interface TicketRow extends Int8Columns<Omit<Ticket, "status" | "collaborator_ids">, TicketInt8> {
  status: number;
  /** Collaborator ids aggregated with json_agg, or supplied by the writer when it just replaced them. */
  collaborator_ids: number[];
}

export function toTicket(row: TicketRow): Ticket {
  return {
    id: toNumber(row.id),
    title: row.title,
    description: row.description,
    type: row.type,
    status: intToStatus(row.status),
    priority: row.priority,
    recipient: row.recipient,
    requester_id: toNumber(row.requester_id),
    assignee_id: toNullableNumber(row.assignee_id),
    organization_id: toNullableNumber(row.organization_id),
    group_id: toNullableNumber(row.group_id),
    problem_id: toNullableNumber(row.problem_id),
    due_date: toNullableNumber(row.due_date),
    created_at: toNumber(row.created_at),
    updated_at: toNumber(row.updated_at),
    assigneed_at: toNullableNumber(row.assigneed_at),
    resolved_at: toNullableNumber(row.resolved_at),
    closed_at: toNullableNumber(row.closed_at),
    pending_at: toNullableNumber(row.pending_at),
    requester_updated_at: toNullableNumber(row.requester_updated_at),
    assignee_updated_at: toNullableNumber(row.assignee_updated_at),
    source: row.source,
    collaborator_ids: row.collaborator_ids,
    tags: row.tags,
    custom_fields: row.custom_fields,
    satisfaction_rating: row.satisfaction_rating,
  };
}

/** The tickets columns with their SQL types; statements that cannot infer a parameter's type cast to these. */
export const TICKET_COLUMN_TYPES = {
  title: "text",
  description: "text",
  type: "text",
  status: "smallint",
  priority: "text",
  recipient: "text",
  requester_id: "bigint",
  assignee_id: "bigint",
  organization_id: "bigint",
  group_id: "bigint",
  problem_id: "bigint",
  due_date: "bigint",
  created_at: "bigint",
  updated_at: "bigint",
  assigneed_at: "bigint",
  resolved_at: "bigint",
  closed_at: "bigint",
  pending_at: "bigint",
  requester_updated_at: "bigint",
  assignee_updated_at: "bigint",
  source: "text",
  tags: "jsonb",
  custom_fields: "jsonb",
  satisfaction_rating: "jsonb",
} as const satisfies Partial<Record<keyof NewTicket, string>>;

export type TicketColumn = keyof typeof TICKET_COLUMN_TYPES;
const TICKET_COLUMNS = Object.keys(TICKET_COLUMN_TYPES) as TicketColumn[];

/** Column values for the fields `ticket` sets (collaborators live in their own table). */
export function ticketColumns(ticket: Partial<NewTicket>): Partial<Record<TicketColumn, unknown>> {
  const columns: Partial<Record<TicketColumn, unknown>> = pickDefined(ticket, TICKET_COLUMNS);
  if (ticket.status !== undefined) columns.status = statusToInt(ticket.status);
  for (const key of ["tags", "custom_fields", "satisfaction_rating"] as const) {
    const value = columns[key];
    if (value !== undefined && value !== null) columns[key] = json(value);
  }
  return columns;
}

export type TicketCommentRow = Int8Columns<TicketComment, "id" | "ticket_id" | "author_id" | "created_at">;

export const toTicketComment = (row: TicketCommentRow): TicketComment => ({
  id: toNumber(row.id),
  ticket_id: toNumber(row.ticket_id),
  author_id: toNumber(row.author_id),
  content: row.content,
  public: row.public,
  created_at: toNumber(row.created_at),
});

export type ApiTokenRow = Int8Columns<ApiToken, "id" | "created_at">;

export const toApiToken = (row: ApiTokenRow): ApiToken => ({ id: toNumber(row.id), created_at: toNumber(row.created_at) });

export interface RuleRow extends Int8Columns<Omit<Rule, "status">, "id" | "created_at" | "updated_at"> {
  /** The rule's `status`: whether it is enabled. */
  enabled: boolean;
}

export const toRule = (row: RuleRow): Rule => ({
  id: toNumber(row.id),
  title: row.title,
  status: row.enabled,
  sort: row.sort,
  conditions: row.conditions,
  actions: row.actions,
  created_at: toNumber(row.created_at),
  updated_at: toNumber(row.updated_at),
});

/** Column values for the fields `rule` sets (all of them for an insert); JSON as text. */
export function ruleColumns(rule: Partial<NewRule>): Record<string, unknown> {
  const columns = pickDefined(rule, ["title", "sort", "created_at", "updated_at"]);
  if (rule.status !== undefined) columns.enabled = rule.status;
  if (rule.conditions !== undefined) columns.conditions = json(rule.conditions);
  if (rule.actions !== undefined) columns.actions = json(rule.actions);
  return columns;
}

export type WebhookRow = Int8Columns<Omit<WebhookWithSecret, "has_secret">, "id" | "created_at" | "updated_at">;

export const toWebhook = (row: WebhookRow): Webhook => ({
  id: toNumber(row.id),
  title: row.title,
  url: row.url,
  method: row.method,
  content_type: row.content_type,
  has_secret: row.secret !== null,
  created_at: toNumber(row.created_at),
  updated_at: toNumber(row.updated_at),
});

export const toWebhookWithSecret = (row: WebhookRow): WebhookWithSecret => ({ ...toWebhook(row), secret: row.secret });

/** Column values for the fields `webhook` sets; `secret: null` is written, removing it. */
export const webhookColumns = (webhook: Partial<NewWebhook>): Record<string, unknown> =>
  pickDefined(webhook, ["title", "url", "method", "content_type", "secret", "created_at", "updated_at"]);

export interface OutboxRow
  extends Int8Columns<OutboxMessage, "id" | "next_attempt_at" | "created_at" | "sent_at" | "ticket_id" | "rule_id"> {
  tenant_id: Int8;
}

export const toOutboxMessage = (row: OutboxRow): OutboxMessage => ({
  id: toNumber(row.id),
  kind: row.kind,
  payload: row.payload,
  state: row.state,
  attempts: row.attempts,
  next_attempt_at: toNumber(row.next_attempt_at),
  last_error: row.last_error,
  created_at: toNumber(row.created_at),
  sent_at: toNullableNumber(row.sent_at),
  ticket_id: toNullableNumber(row.ticket_id),
  rule_id: toNullableNumber(row.rule_id),
});

export const toClaimedOutboxMessage = (row: OutboxRow): ClaimedOutboxMessage => ({ ...toOutboxMessage(row), tenant_id: toNumber(row.tenant_id) });

/** The `keys` of `record` whose value is not undefined: a patch names only what it changes. */
export function pickDefined<T extends object>(record: T, keys: readonly PropertyKey[]): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const key of keys) {
    const value = (record as Record<PropertyKey, unknown>)[key];
    if (value !== undefined) picked[key as string] = value;
  }
  return picked;
}

/** `ids` without duplicates, ascending: the order the aggregated id lists come back in. */
export const uniqueSorted = (ids: readonly number[]): number[] => [...new Set(ids)].sort((a, b) => a - b);
