import type { CustomField } from "../domain/common";
import type { Ticket } from "../domain/ticket";
import type { Effect, RoundRobin, RuleActor } from "./context";
import type { DecodedAction } from "./rule-validation";
import { ticketTagSet } from "./ticket-readers";

/** What actions may read besides the ticket: the acting user and the caller's round-robin turn keeper. */
export interface ActionEnv {
  actor: RuleActor;
  roundRobin: RoundRobin;
}

/** A compiled action: returns the ticket it was given when it changes nothing, else a new ticket; pushes notifications onto `effects`. */
export type ActionFn = (ticket: Ticket, env: ActionEnv, effects: Effect[]) => Ticket;

/** Keeps the stored type of a custom field where the action's text can express it (checkbox, number, multi-select). */
function coerceFieldValue(existing: CustomField["value"], text: string | null): CustomField["value"] {
  if (text === null) return null;
  if (typeof existing === "boolean" && (text === "true" || text === "false")) return text === "true";
  // Only when the number prints back as the same text, so the condition's string comparison still sees `text`.
  if (typeof existing === "number" && text.trim() !== "" && String(Number(text)) === text) return Number(text);
  if (Array.isArray(existing)) return [text];
  return text;
}

function sameFieldValue(a: CustomField["value"], b: CustomField["value"]): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => x === b[i]);
  return a === b;
}

/** Sets or replaces custom field `name`; an empty value clears an existing entry and adds none. */
function setCustomField(ticket: Ticket, name: string, text: string | null): Ticket {
  const index = ticket.custom_fields.findIndex((field) => field.name === name);
  if (index < 0) return text === null ? ticket : { ...ticket, custom_fields: [...ticket.custom_fields, { name, value: text }] };
  const existing = ticket.custom_fields[index]!.value;
  const value = coerceFieldValue(existing, text);
  if (sameFieldValue(existing, value)) return ticket;
  const custom_fields = ticket.custom_fields.slice();
  custom_fields[index] = { name, value };
  return { ...ticket, custom_fields };
}

/** Returns `ticket` itself when `key` already holds `value`, so no-op actions keep object identity. */
function setField<K extends keyof Ticket>(ticket: Ticket, key: K, value: Ticket[K]): Ticket {
  return ticket[key] === value ? ticket : { ...ticket, [key]: value };
}

/** Compiles one decoded action of rule `ruleId`; values and placeholders were decoded at validation time. */
export function compileAction(action: DecodedAction, ruleId: number): ActionFn {
  const a = action.value;
  switch (a.t) {
    case "status":
      return (t) => setField(t, "status", a.v);
    case "type":
      return (t) => setField(t, "type", a.v);
    case "priority":
      return (t) => setField(t, "priority", a.v);
    case "group":
      if (a.v === "current_groups") {
        // The actor's lowest group id: a stable choice when the actor belongs to several.
        return (t, env) => setField(t, "group_id", env.actor.groupIds.length === 0 ? null : Math.min(...env.actor.groupIds));
      }
      return (t) => setField(t, "group_id", a.v as number | null);
    case "assignee":
      if (a.v === "current_user") {
        // Only staff can be assignees: an end user's update leaves the assignee alone.
        return (t, env) => (env.actor.role === "end_user" ? t : setField(t, "assignee_id", env.actor.id));
      }
      return (t) => setField(t, "assignee_id", a.v as number | null);
    case "inturn": {
      const groupId = a.v;
      return (t, env) => {
        const agent = env.roundRobin(groupId);
        if (agent === null) return t;
        return t.group_id === groupId && t.assignee_id === agent ? t : { ...t, group_id: groupId, assignee_id: agent };
      };
    }
    case "field":
      return (t) => setCustomField(t, a.name, a.v);
    case "tags": {
      const tags = a.v;
      return (t) => {
        const present = ticketTagSet(t);
        const added = tags.filter((tag) => !present.has(tag));
        return added.length === 0 ? t : { ...t, tags: [...t.tags, ...added] };
      };
    }
    case "ccs":
      return (t) => {
        const userId = a.v === "assignee" ? t.assignee_id : a.v;
        if (userId === null || t.collaborator_ids.includes(userId)) return t;
        return { ...t, collaborator_ids: [...t.collaborator_ids, userId] };
      };
    case "score":
      return (t) => {
        if (a.v === null) return setField(t, "satisfaction_rating", null);
        const score = String(a.v);
        if (t.satisfaction_rating?.score === score && t.satisfaction_rating.id === t.id) return t;
        return { ...t, satisfaction_rating: { id: t.id, score, comment: t.satisfaction_rating?.comment ?? "" } };
      };
    case "notify": {
      const effect: Effect = { type: a.type, ruleId, value: action.raw ?? "", recipient: a.recipient, subject: action.subject, body: action.body };
      return (t, _env, effects) => {
        effects.push({ ...effect, recipient: { ...effect.recipient } });
        return t;
      };
    }
  }
}
