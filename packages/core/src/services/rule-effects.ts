import { formatApiDate } from "../domain/common";
import type { Ticket } from "../domain/ticket";
import type { User } from "../domain/user";
import { renderTemplate, type Effect, type TemplateData } from "../rules";
import type { NewOutboxMessage, Storage } from "../storage";

/** Where a tenant's tickets are addressed: plain http for local hosts, https for every other. */
export function tenantBaseUrl(host: string): string {
  return /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(host) ? `http://${host}` : `https://${host}`;
}

const person = (user: User | null | undefined) => (user ? { id: user.id, name: user.name, email: user.email ?? "" } : null);

/**
 * Turns the effects of fired rules into outbox messages, rendered against the
 * final ticket: e-mails (text and HTML-escaped HTML), in-app messages and
 * webhook calls (plain text, never HTML). Users without an e-mail address and
 * groups without agents get nothing.
 */
export async function effectsToMessages(
  storage: Storage,
  tenantId: number,
  ticket: Ticket,
  actor: User,
  effects: readonly Effect[],
  now: number,
): Promise<NewOutboxMessage[]> {
  if (effects.length === 0) return [];
  const tenant = (await storage.tenants.get(tenantId))!;
  const [requester, assignee, group] = await Promise.all([
    storage.users.get(tenantId, ticket.requester_id),
    ticket.assignee_id === null ? null : storage.users.get(tenantId, ticket.assignee_id),
    ticket.group_id === null ? null : storage.groups.get(tenantId, ticket.group_id),
  ]);
  const base = tenantBaseUrl(tenant.host);
  const data: TemplateData = {
    ticket: {
      id: ticket.id,
      title: ticket.title,
      description: ticket.description,
      url: `${base}/apiv2/tickets/${ticket.id}.json`,
      status: ticket.status,
      priority: ticket.priority,
      type: ticket.type,
      tags: ticket.tags,
      created_at: formatApiDate(ticket.created_at),
      updated_at: formatApiDate(ticket.updated_at),
      requester: person(requester),
      assignee: person(assignee),
      group: group ? { id: group.id, name: group.name } : null,
    },
    account: { name: tenant.name, url: base },
    current_user: person(actor) ?? { id: actor.id, name: actor.name, email: "" },
  };

  async function usersOf(effect: Effect): Promise<User[]> {
    const r = effect.recipient;
    const ids =
      r.kind === "current_user" ? [actor.id]
      : r.kind === "requester" ? [ticket.requester_id]
      : r.kind === "assignee" ? (ticket.assignee_id === null ? [] : [ticket.assignee_id])
      : r.kind === "user" ? [r.id]
      : await groupAgents(r.kind === "assigned_group" ? ticket.group_id : r.kind === "group" ? r.id : null);
    return storage.users.getMany(tenantId, ids);
  }
  async function groupAgents(groupId: number | null): Promise<number[]> {
    if (groupId === null) return [];
    return (await storage.groups.get(tenantId, groupId))?.agent_ids ?? [];
  }

  const messages: NewOutboxMessage[] = [];
  const envelope = { ticket_id: ticket.id, created_at: now, next_attempt_at: now };
  for (const effect of effects) {
    const subject = renderTemplate(effect.subject ?? "", data, { html: false });
    const text = renderTemplate(effect.body ?? "", data, { html: false });
    if (effect.type === "target") {
      const body = effect.body === null ? JSON.stringify({ ticket: data.ticket, account: data.account }) : text;
      messages.push({ ...envelope, kind: "webhook", rule_id: effect.ruleId, payload: { webhook_id: (effect.recipient as { id: number }).id, body } });
      continue;
    }
    const users = await usersOf(effect);
    if (effect.type === "message_user") {
      if (users.length > 0) messages.push({ ...envelope, kind: "message", rule_id: effect.ruleId, payload: { user_ids: users.map((u) => u.id), subject, body: text } });
      continue;
    }
    const to = users.flatMap((u) => (u.email ? [u.email] : []));
    if (to.length === 0) continue;
    const html = renderTemplate(effect.body ?? "", data, { html: true }).replace(/\n/g, "<br>\n");
    messages.push({ ...envelope, kind: "email", rule_id: effect.ruleId, payload: { to, subject, text, html } });
  }
  return messages;
}
