/**
 * A direct reading of the rule JSON against a context, written for clarity
 * rather than speed. Tests only: the compiled engine must agree with it on
 * every valid rule and context.
 */
import type { Ticket } from "../domain/ticket";
import type { RuleContext } from "./context";
import type { ConditionInput, RuleDefinition } from "./rule-validation";
import { PRIORITY_CODES, STATUS_CODES, TYPE_ID_CODES } from "./value-codes";

const HOUR = 60 * 60 * 1000;
const isEmpty = (raw: string | null) => raw === null || raw === "" || raw === "empty";

/** The value a scalar source reads off a ticket. */
function read(source: string, t: Ticket): string | number | null {
  switch (source) {
    case "status":
      return t.status;
    case "type_id":
      return t.type;
    case "priority":
      return t.priority;
    case "group_id":
      return t.group_id;
    case "requester_id":
      return t.requester_id;
    case "assignee_id":
      return t.assignee_id;
    case "organization":
      return t.organization_id;
    case "source":
      return t.source;
    case "recipient":
      return t.recipient === null ? null : t.recipient.trim().toLowerCase();
    case "score": {
      const s = t.satisfaction_rating?.score;
      return s === undefined || s.trim() === "" || !Number.isFinite(Number(s)) ? null : Number(s);
    }
    default:
      throw new Error(`not a scalar source: ${source}`);
  }
}

/** The literal a raw condition value stands for. */
function literal(source: string, raw: string | null): string | number | null {
  if (source === "status") return STATUS_CODES[Number(raw)]!;
  if (source === "source" || source === "recipient") return source === "recipient" ? raw!.trim().toLowerCase() : raw;
  if (isEmpty(raw)) return null;
  if (source === "type_id") return TYPE_ID_CODES[Number(raw)]!;
  if (source === "priority") return PRIORITY_CODES[Number(raw)]!;
  return Number(raw);
}

function rank(source: string, value: string | number | null): number | null {
  if (value === null) return null;
  if (source === "status") return STATUS_CODES.indexOf(value as never);
  if (source === "priority") return PRIORITY_CODES.indexOf(value as never);
  return value as number;
}

function hours(source: string, t: Ticket, now: number): number | null {
  const since = (at: number | null) => (at === null ? null : Math.floor((now - at) / HOUR));
  switch (source) {
    case "created":
      return since(t.created_at);
    case "assigneed":
      return since(t.assigneed_at);
    case "pending":
      return t.status === "pending" ? since(t.pending_at) : null;
    case "resolved":
      return since(t.resolved_at);
    case "closed":
      return since(t.closed_at);
    case "updated":
      return since(t.updated_at);
    case "requester_updated":
      return since(t.requester_updated_at);
    case "assignee_updated":
      return since(t.assignee_updated_at);
    case "after_due_date":
      return t.due_date !== null && now >= t.due_date ? since(t.due_date) : null;
    case "before_due_date":
      return t.due_date !== null && t.due_date > now ? Math.floor((t.due_date - now) / HOUR) : null;
    default:
      return null;
  }
}

function scalarHolds(c: ConditionInput, ctx: RuleContext): boolean {
  const eq = (x: string | number | null): boolean => {
    if (c.value === "(current_user)") return x === ctx.actor.id;
    if (c.value === "(current_groups)") return typeof x === "number" && ctx.actor.groupIds.includes(x);
    return x === literal(c.source, c.value);
  };
  const now = read(c.source, ctx.after);
  const was = ctx.before === null ? null : read(c.source, ctx.before);
  switch (c.operator) {
    case "is":
      return eq(now);
    case "is_not":
      return !eq(now);
    case "less_than":
    case "greater_than": {
      const r = rank(c.source, now);
      const bound = rank(c.source, literal(c.source, c.value));
      if (r === null || bound === null) return false;
      return c.operator === "less_than" ? r < bound : r > bound;
    }
    case "changed":
      return was !== now;
    case "not_changed":
      return was === now;
    case "changed_to":
      return !eq(was) && eq(now);
    case "not_changed_to":
      return !(!eq(was) && eq(now));
    case "changed_from":
      return eq(was) && !eq(now);
    case "not_changed_from":
      return !(eq(was) && !eq(now));
    default:
      throw new Error(`unknown operator ${c.operator}`);
  }
}

/** Whether one condition holds, read straight from its JSON. */
export function referenceConditionHolds(c: ConditionInput, ctx: RuleContext): boolean {
  const t = ctx.after;
  const hoursNow = hours(c.source, t, ctx.now);
  if (["created", "assigneed", "pending", "resolved", "closed", "updated", "requester_updated", "assignee_updated", "before_due_date", "after_due_date"].includes(c.source)) {
    if (hoursNow === null) return false;
    const n = Number(c.value);
    return c.operator === "is" ? hoursNow === n : c.operator === "less_than" ? hoursNow < n : hoursNow > n;
  }
  if (/^field_\d+$/.test(c.source)) {
    const value = t.custom_fields.find((f) => f.name === c.source)?.value ?? null;
    const isIt = isEmpty(c.value)
      ? value === null || value === "" || (Array.isArray(value) && value.length === 0)
      : value !== null && (Array.isArray(value) ? value.some((v) => v === c.value) : String(value) === c.value);
    return c.operator === "is" ? isIt : !isIt;
  }
  switch (c.source) {
    case "tags": {
      const tags = t.tags.map((x) => x.toLowerCase());
      const some = (c.value ?? "").split(/\s+/).filter((x) => x !== "").some((x) => tags.includes(x.toLowerCase()));
      return c.operator === "contain_at_least_one" ? some : !some;
    }
    case "{language}": {
      const lang = ctx.requesterLanguage?.trim().toLowerCase().replace(/-/g, "_") ?? null;
      const isIt = lang !== null && (lang === c.value || lang.startsWith(`${c.value}_`));
      return c.operator === "is" ? isIt : !isIt;
    }
    case "description": {
      const needle = (c.value ?? "").toLowerCase();
      const found = t.description.toLowerCase().includes(needle) || (ctx.comment?.content.toLowerCase().includes(needle) ?? false);
      return c.operator === "contain" ? found : !found;
    }
    case "comment_is_public":
      return ctx.comment !== null && ctx.comment.public === (c.value === "1");
    case "{ticket}":
      return ctx.event === c.value;
    case "{current_user}":
      if (c.value === "agent") return ctx.actor.role === "agent" || ctx.actor.role === "admin";
      if (c.value === "enduser") return ctx.actor.role === "end_user";
      return ctx.actor.id === Number(c.value);
    default:
      return scalarHolds(c, ctx);
  }
}

/** Whether a rule's conditions hold: every `all` one, and one `any` one unless `any` is empty. */
export function referenceRuleMatches(rule: Pick<RuleDefinition, "conditions">, ctx: RuleContext): boolean {
  const holds = (c: ConditionInput) => referenceConditionHolds(c, ctx);
  return rule.conditions.all.every(holds) && (rule.conditions.any.length === 0 || rule.conditions.any.some(holds));
}
