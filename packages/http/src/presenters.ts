import {
  formatApiDate,
  type ApiToken,
  type GroupView,
  type Organization,
  type OutboxMessage,
  type Rule,
  type RuleKind,
  type Ticket,
  type TicketComment,
  type User,
  type Webhook,
  type OAuthClient,
} from "@helpdesk/core";
import type { ResourceUrls } from "./resource-urls";
import { timestampKeys, wireViews } from "./wire-views";

/**
 * A domain object with its timestamp fields as API date strings. Which number
 * fields are timestamps is known from the schema at run time only, so the type
 * lets any number field be a string; the serializer's schema is the exact one.
 */
type WithApiDates<T> = { [K in keyof T]: [Extract<T[K], number>] extends [never] ? T[K] : T[K] | string };

/** Returns a function that copies an object with the given epoch-ms fields formatted; the keys are found once. */
function dateFormatter<T extends object>(keys: readonly string[]): (value: T) => WithApiDates<T> {
  return (value) => {
    const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    for (const key of keys) {
      const ms = out[key];
      if (typeof ms === "number") out[key] = formatApiDate(ms);
    }
    return out as WithApiDates<T>;
  };
}

const ticketDates = dateFormatter<Ticket>(timestampKeys(wireViews.ticket));
const userDates = dateFormatter<User>(timestampKeys(wireViews.user));
const groupDates = dateFormatter<GroupView>(timestampKeys(wireViews.group));
const organizationDates = dateFormatter<Organization>(timestampKeys(wireViews.organization));
const commentDates = dateFormatter<TicketComment>(timestampKeys(wireViews.comment));
const apiTokenDates = dateFormatter<ApiToken>(timestampKeys(wireViews.apiToken));
const ruleDates = dateFormatter<Rule>(timestampKeys(wireViews.rule));
const webhookDates = dateFormatter<Webhook>(timestampKeys(wireViews.webhook));
const outboxDates = dateFormatter<OutboxMessage>(timestampKeys(wireViews.outboxMessage));
const oauthClientDates = dateFormatter<OAuthClient>(timestampKeys(wireViews.oauthClient));

export function presentTicket(ticket: Ticket, urls: ResourceUrls) {
  return { ...ticketDates(ticket), url: urls.of("tickets", ticket.id) };
}

/** The full user; the end-user serializer drops what end users may not see. */
export function presentUser(user: User, urls: ResourceUrls) {
  return { ...userDates(user), url: urls.of("users", user.id) };
}

export function presentGroup(group: GroupView, urls: ResourceUrls) {
  return {
    ...groupDates(group),
    url: urls.of("groups", group.id),
    agents: group.agents.map((agent) => ({ ...agent, url: urls.of("users", agent.id) })),
  };
}

export function presentOrganization(organization: Organization, urls: ResourceUrls) {
  return { ...organizationDates(organization), url: urls.of("organizations", organization.id) };
}

export function presentComment(comment: TicketComment) {
  return commentDates(comment);
}

/** A token as listed, or as created with its secret `token` (kept by the spread). */
export function presentApiToken<T extends ApiToken>(token: T) {
  return { ...token, ...apiTokenDates(token) };
}

/** A trigger or an automation, addressed under its kind's plural. */
export function presentRule(rule: Rule, kind: RuleKind, urls: ResourceUrls) {
  return { ...ruleDates(rule), url: urls.of(kind === "trigger" ? "triggers" : "automations", rule.id) };
}

export function presentWebhook(webhook: Webhook, urls: ResourceUrls) {
  return { ...webhookDates(webhook), url: urls.of("webhooks", webhook.id) };
}

export function presentOutboxMessage(message: OutboxMessage) {
  return outboxDates(message);
}

/** An OAuth client as listed, or as created with its secret `client_secret` (kept by the spread). */
export function presentOAuthClient<T extends OAuthClient>(client: T, urls: ResourceUrls) {
  return { ...client, ...oauthClientDates(client), url: urls.of("oauth/clients", client.id) };
}
