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
import type { FieldDefinition, NewFieldDefinition } from "@helpdesk/core";

// Row mappers own every type conversion: booleans as 0/1, arrays and objects
// as JSON text, ticket status as its lifecycle index so ORDER BY uses an index.

type Bit = 0 | 1;
const bit = (value: boolean): Bit => (value ? 1 : 0);
const json = (value: unknown): string => JSON.stringify(value);
const parse = <T>(text: string): T => JSON.parse(text) as T;

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

export interface TenantRow {
  id: number;
  host: string;
  name: string;
  created_at: number;
}

export const toTenant = (row: TenantRow): Tenant => ({ id: row.id, host: row.host, name: row.name, created_at: row.created_at });

export interface UserRow extends Omit<User, "phone_bind" | "moderator" | "public_comments" | "manage_people" | "tags" | "user_fields"> {
  phone_bind: Bit;
  moderator: Bit;
  public_comments: Bit;
  manage_people: Bit;
  tags: string;
  user_fields: string;
  password_hash: string | null;
  /** Bumped by every update; what a cached login is checked against. */
  version: number;
}

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    agent_display_name: row.agent_display_name,
    role: row.role,
    phone: row.phone,
    phone_bind: row.phone_bind === 1,
    signature: row.signature,
    details: row.details,
    notes: row.notes,
    organization_id: row.organization_id,
    language: row.language,
    created_at: row.created_at,
    updated_at: row.updated_at,
    last_login_at: row.last_login_at,
    status: row.status,
    photo: row.photo,
    moderator: row.moderator === 1,
    public_comments: row.public_comments === 1,
    manage_people: row.manage_people === 1,
    ticket_restriction: row.ticket_restriction,
    custom_role_id: row.custom_role_id,
    messenger_appid: row.messenger_appid,
    messenger_openid: row.messenger_openid,
    tags: parse(row.tags),
    user_fields: parse(row.user_fields),
  };
}

/** A stored user as the writable record, password hash included: the base an update merges into. */
export function toNewUser(row: UserRow): NewUser {
  const { id: _id, ...user } = toUser(row);
  return { ...user, password_hash: row.password_hash };
}

/** Named parameters for the users columns; e-mail is stored lower-case. */
export function userParams(user: NewUser): Omit<UserRow, "id" | "version"> {
  return {
    ...user,
    email: user.email === null ? null : user.email.toLowerCase(),
    phone_bind: bit(user.phone_bind),
    moderator: bit(user.moderator),
    public_comments: bit(user.public_comments),
    manage_people: bit(user.manage_people),
    tags: json(user.tags),
    user_fields: json(user.user_fields),
  };
}

export interface GroupRow {
  id: number;
  name: string;
  /** JSON array of member ids, aggregated in the query. */
  agent_ids: string;
  created_at: number;
  updated_at: number;
}

export const toGroup = (row: GroupRow): Group => ({
  id: row.id,
  name: row.name,
  agent_ids: parse(row.agent_ids),
  created_at: row.created_at,
  updated_at: row.updated_at,
});

export interface OrganizationRow extends Omit<Organization, "shared_tickets"> {
  shared_tickets: Bit;
}

export const toOrganization = (row: OrganizationRow): Organization => ({
  id: row.id,
  name: row.name,
  domain: row.domain,
  description: row.description,
  group_id: row.group_id,
  created_at: row.created_at,
  updated_at: row.updated_at,
  shared_tickets: row.shared_tickets === 1,
});

/** Named parameters for the organizations columns; the domain is stored lower-case. */
export const organizationParams = (org: Omit<Organization, "id">): Omit<OrganizationRow, "id"> => ({
  name: org.name,
  domain: org.domain === null ? null : org.domain.toLowerCase(),
  description: org.description,
  group_id: org.group_id,
  created_at: org.created_at,
  updated_at: org.updated_at,
  shared_tickets: bit(org.shared_tickets),
});

export interface TicketRow extends Omit<Ticket, "status" | "collaborator_ids" | "tags" | "custom_fields" | "satisfaction_rating"> {
  status: number;
  /** JSON array of collaborator ids, aggregated in the query. */
  collaborator_ids: string;
  tags: string;
  custom_fields: string;
  satisfaction_rating: string | null;
}

export function toTicket(row: TicketRow): Ticket {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    type: row.type,
    status: intToStatus(row.status),
    priority: row.priority,
    recipient: row.recipient,
    requester_id: row.requester_id,
    assignee_id: row.assignee_id,
    organization_id: row.organization_id,
    group_id: row.group_id,
    problem_id: row.problem_id,
    due_date: row.due_date,
    created_at: row.created_at,
    updated_at: row.updated_at,
    assigneed_at: row.assigneed_at,
    resolved_at: row.resolved_at,
    closed_at: row.closed_at,
    pending_at: row.pending_at,
    requester_updated_at: row.requester_updated_at,
    assignee_updated_at: row.assignee_updated_at,
    source: row.source,
    collaborator_ids: parse(row.collaborator_ids),
    tags: parse(row.tags),
    custom_fields: parse(row.custom_fields),
    satisfaction_rating: row.satisfaction_rating === null ? null : parse(row.satisfaction_rating),
  };
}

/** A stored ticket as the writable record: the base an update merges into. */
export function toNewTicket(row: TicketRow): NewTicket {
  const { id: _id, ...ticket } = toTicket(row);
  return ticket;
}

/** Named parameters for the tickets columns (collaborators live in their own table). */
export function ticketParams(ticket: NewTicket): Omit<TicketRow, "id" | "collaborator_ids"> {
  const { collaborator_ids: _collaborators, ...columns } = ticket;
  return {
    ...columns,
    status: statusToInt(ticket.status),
    tags: json(ticket.tags),
    custom_fields: json(ticket.custom_fields),
    satisfaction_rating: ticket.satisfaction_rating === null ? null : json(ticket.satisfaction_rating),
  };
}

export interface TicketCommentRow extends Omit<TicketComment, "public"> {
  public: Bit;
}

export const toTicketComment = (row: TicketCommentRow): TicketComment => ({
  id: row.id,
  ticket_id: row.ticket_id,
  author_id: row.author_id,
  content: row.content,
  public: row.public === 1,
  created_at: row.created_at,
});

export const commentPublic = bit;

export type ApiTokenRow = ApiToken;

export const toApiToken = (row: ApiTokenRow): ApiToken => ({ id: row.id, created_at: row.created_at });

export interface RuleRow extends Omit<Rule, "status" | "conditions" | "actions"> {
  /** The rule's `status`: whether it is enabled. */
  enabled: Bit;
  conditions: string;
  actions: string;
}

export const toRule = (row: RuleRow): Rule => ({
  id: row.id,
  title: row.title,
  status: row.enabled === 1,
  sort: row.sort,
  conditions: parse(row.conditions),
  actions: parse(row.actions),
  created_at: row.created_at,
  updated_at: row.updated_at,
});

/** Named parameters for the rules columns. */
export const ruleParams = (rule: NewRule): Omit<RuleRow, "id"> => ({
  title: rule.title,
  enabled: bit(rule.status),
  sort: rule.sort,
  conditions: json(rule.conditions),
  actions: json(rule.actions),
  created_at: rule.created_at,
  updated_at: rule.updated_at,
});

export type WebhookRow = Omit<WebhookWithSecret, "has_secret">;

export const toWebhook = (row: WebhookRow): Webhook => ({
  id: row.id,
  title: row.title,
  url: row.url,
  method: row.method,
  content_type: row.content_type,
  has_secret: row.secret !== null,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

export const toWebhookWithSecret = (row: WebhookRow): WebhookWithSecret => ({ ...toWebhook(row), secret: row.secret });

/** A stored webhook as the writable record, secret included: the base an update merges into. */
export const toNewWebhook = (row: WebhookRow): NewWebhook => {
  const { id: _id, ...webhook } = row;
  return webhook;
};

export interface OutboxRow extends Omit<OutboxMessage, "payload"> {
  tenant_id: number;
  payload: string;
}

export const toOutboxMessage = (row: OutboxRow): OutboxMessage => ({
  id: row.id,
  kind: row.kind,
  payload: parse(row.payload),
  state: row.state,
  attempts: row.attempts,
  next_attempt_at: row.next_attempt_at,
  last_error: row.last_error,
  created_at: row.created_at,
  sent_at: row.sent_at,
  ticket_id: row.ticket_id,
  rule_id: row.rule_id,
});

export const toClaimedOutboxMessage = (row: OutboxRow): ClaimedOutboxMessage => ({ ...toOutboxMessage(row), tenant_id: row.tenant_id });

export const payloadText = json;

/** `current` with the keys `patch` sets; keys holding `undefined` leave the value alone. */
export function mergePatch<T extends object>(current: T, patch: Partial<T>): T {
  const next = { ...current };
  for (const key of Object.keys(patch) as Array<keyof T>) {
    const value = patch[key];
    if (value !== undefined) next[key] = value as T[keyof T];
  }
  return next;
}

export interface FieldDefinitionRow
  extends Omit<FieldDefinition, "agent_required" | "enduser_visible" | "enduser_editable" | "enduser_required" | "active" | "cascade_value" | "custom_field_options" | "regexp_for_validation"> {
  agent_required: Bit;
  enduser_visible: Bit;
  enduser_editable: Bit;
  enduser_required: Bit;
  active: Bit;
  cascade_value: string | null;
  custom_field_options: string;
  regexp_for_validation: string;
}

export const toFieldDefinition = (row: FieldDefinitionRow): FieldDefinition => ({
  ...row,
  agent_required: row.agent_required === 1,
  enduser_visible: row.enduser_visible === 1,
  enduser_editable: row.enduser_editable === 1,
  enduser_required: row.enduser_required === 1,
  active: row.active === 1,
  cascade_value: row.cascade_value === null ? null : parse(row.cascade_value),
  custom_field_options: parse(row.custom_field_options),
  regexp_for_validation: parse(row.regexp_for_validation),
});

/** Named parameters for the field_definitions columns. */
export const fieldDefinitionParams = (field: NewFieldDefinition): Omit<FieldDefinitionRow, "id"> => ({
  ...field,
  agent_required: bit(field.agent_required),
  enduser_visible: bit(field.enduser_visible),
  enduser_editable: bit(field.enduser_editable),
  enduser_required: bit(field.enduser_required),
  active: bit(field.active),
  cascade_value: field.cascade_value === null ? null : json(field.cascade_value),
  custom_field_options: json(field.custom_field_options),
  regexp_for_validation: json(field.regexp_for_validation),
});
