import type { NewOrganization, NewOutboxMessage, NewRule, NewTicket, NewTicketComment, NewUser, NewWebhook, Storage } from "../storage";
import type { Tenant } from "../domain/tenant";

/** The suite's fixed clock: 2024-01-01T00:00:00Z plus `seconds`. */
export const at = (seconds: number): number => Date.UTC(2024, 0, 1) + seconds * 1000;

/** Yields to the macrotask queue, so other pending work gets a chance to run (no sleeping). */
export const nextTick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

export async function createTenant(storage: Storage, host = "alpha.example.com"): Promise<Tenant> {
  return storage.tenants.create({ host, name: host.split(".")[0] ?? host, created_at: at(0) });
}

/** Two tenants, for isolation checks. */
export async function createTenants(storage: Storage): Promise<[Tenant, Tenant]> {
  return [await createTenant(storage, "alpha.example.com"), await createTenant(storage, "beta.example.com")];
}

export function newUser(overrides: Partial<NewUser> = {}): NewUser {
  return {
    email: null,
    name: "Someone",
    agent_display_name: null,
    role: "end_user",
    phone: null,
    phone_bind: false,
    signature: null,
    details: null,
    notes: null,
    organization_id: null,
    language: null,
    created_at: at(0),
    updated_at: at(0),
    last_login_at: null,
    status: "active",
    photo: null,
    moderator: false,
    public_comments: true,
    manage_people: false,
    ticket_restriction: "all",
    custom_role_id: null,
    messenger_appid: null,
    messenger_openid: null,
    tags: [],
    user_fields: [],
    password_hash: null,
    ...overrides,
  };
}

export function newOrganization(overrides: Partial<NewOrganization> = {}): NewOrganization {
  return { name: "Acme", domain: null, description: null, group_id: null, created_at: at(0), updated_at: at(0), shared_tickets: false, ...overrides };
}

export function newTicket(requesterId: number, overrides: Partial<NewTicket> = {}): NewTicket {
  return {
    title: "Printer on fire",
    description: "It is on fire",
    type: null,
    status: "new",
    priority: null,
    recipient: null,
    requester_id: requesterId,
    assignee_id: null,
    organization_id: null,
    group_id: null,
    problem_id: null,
    due_date: null,
    created_at: at(0),
    updated_at: at(0),
    assigneed_at: null,
    resolved_at: null,
    closed_at: null,
    pending_at: null,
    requester_updated_at: null,
    assignee_updated_at: null,
    source: "web",
    collaborator_ids: [],
    tags: [],
    custom_fields: [],
    satisfaction_rating: null,
    ...overrides,
  };
}

export function newComment(authorId: number, overrides: Partial<NewTicketComment> = {}): NewTicketComment {
  return { author_id: authorId, content: "First words", public: true, created_at: at(0), ...overrides };
}

/** An enabled rule with one condition and one action. */
export function newRule(overrides: Partial<NewRule> = {}): NewRule {
  return {
    title: "Notify the requester",
    status: true,
    sort: 0,
    conditions: { all: [{ source: "status", operator: "is", value: "new" }], any: [] },
    actions: [{ source: "notification_user", value: "requester_id", subject: "Hello", body: "We got it" }],
    created_at: at(0),
    updated_at: at(0),
    ...overrides,
  };
}

/** A webhook with a signing secret. */
export function newWebhook(overrides: Partial<NewWebhook> = {}): NewWebhook {
  return {
    title: "Chat relay",
    url: "https://hooks.example.com/relay",
    method: "POST",
    content_type: "application/json",
    secret: "s3cret-s3cret-s3cret",
    created_at: at(0),
    updated_at: at(0),
    ...overrides,
  };
}

/** An e-mail message, created and due at at(0) unless overridden. */
export function newOutboxMessage(overrides: Partial<NewOutboxMessage> = {}): NewOutboxMessage {
  return {
    kind: "email",
    payload: { to: ["rita@example.com"], subject: "Hello", text: "Hi there", html: null },
    ticket_id: null,
    rule_id: null,
    created_at: at(0),
    next_attempt_at: at(0),
    ...overrides,
  };
}

/** Ids of `items`, in their order. */
export const idsOf = (items: ReadonlyArray<{ id: number }>): number[] => items.map((item) => item.id);

/** `values` sorted ascending, for comparing id sets whose order the contract leaves open. */
export const sorted = (values: readonly number[]): number[] => [...values].sort((a, b) => a - b);

/** Resolves to the `code` of the error `promise` rejects with; fails when it resolves. */
export async function errorCode(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    return String((err as { code?: unknown }).code);
  }
  throw new Error("expected the call to reject");
}
