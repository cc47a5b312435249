import type { Ticket } from "../domain/ticket";
import { isHoursSource, type ConditionValue } from "./condition-table";
import type { RuleContext } from "./context";
import type { DecodedCondition } from "./rule-validation";
import { customFieldIs, hoursOf, lowerComment, lowerDescription, normalizeLanguage, scoreOf, ticketTagSet } from "./ticket-readers";
import { priorityRank, statusRank } from "./value-codes";

/** A compiled condition: reads the context, never mutates it. */
export type Predicate = (ctx: RuleContext) => boolean;

type Scalar = string | number | null;
type Reader = (ticket: Ticket) => Scalar;

/** Sources compared as one scalar per ticket, so `is` and the change operators share one reader. */
const SCALAR_READERS = new Map<string, Reader>([
  ["status", (t) => t.status],
  ["type_id", (t) => t.type],
  ["priority", (t) => t.priority],
  ["group_id", (t) => t.group_id],
  ["requester_id", (t) => t.requester_id],
  ["assignee_id", (t) => t.assignee_id],
  ["organization", (t) => t.organization_id],
  ["score", scoreOf],
  ["source", (t) => t.source],
  ["recipient", (t) => (t.recipient === null ? null : t.recipient.trim().toLowerCase())],
]);

/** Ordered sources: rank of the ticket's value, null when it has none (a null satisfies neither less_than nor greater_than). */
const RANK_READERS = new Map<string, (ticket: Ticket) => number | null>([
  ["status", (t) => statusRank(t.status)],
  ["priority", (t) => priorityRank(t.priority)],
  ["score", scoreOf],
]);

function constantIs(read: Reader, v: Scalar): Predicate {
  return (ctx) => read(ctx.after) === v;
}

/** `is <constant>` on the fields most rules test, as one property load and compare (no reader call). */
const DIRECT_IS = new Map<string, (v: Scalar) => Predicate>([
  ["status", (v) => (ctx) => ctx.after.status === v],
  ["type_id", (v) => (ctx) => ctx.after.type === v],
  ["priority", (v) => (ctx) => ctx.after.priority === v],
  ["group_id", (v) => (ctx) => ctx.after.group_id === v],
  ["requester_id", (v) => (ctx) => ctx.after.requester_id === v],
  ["assignee_id", (v) => (ctx) => ctx.after.assignee_id === v],
  ["organization", (v) => (ctx) => ctx.after.organization_id === v],
]);

/** "Equals the condition's value", with placeholders resolved against the actor. */
function equalityTest(value: ConditionValue): (x: Scalar, ctx: RuleContext) => boolean {
  switch (value.t) {
    case "const": {
      const v = value.v;
      return (x) => x === v;
    }
    case "actor":
      return (x, ctx) => x === ctx.actor.id;
    case "actor_groups":
      return (x, ctx) => typeof x === "number" && ctx.actor.groupIds.includes(x);
    default:
      throw new Error(`no equality for a ${value.t} value`);
  }
}

function negate(p: Predicate): Predicate {
  return (ctx) => !p(ctx);
}

function compileScalar(c: DecodedCondition, read: Reader): Predicate {
  if (c.operator === "less_than" || c.operator === "greater_than") {
    const rankOf = RANK_READERS.get(c.source)!;
    const bound = c.value.t === "const" ? c.value.rank : null;
    if (bound === null) return () => false;
    return c.operator === "less_than"
      ? (ctx) => {
          const r = rankOf(ctx.after);
          return r !== null && r < bound;
        }
      : (ctx) => {
          const r = rankOf(ctx.after);
          return r !== null && r > bound;
        };
  }
  // Before the update the value was "absent", which equals the empty value and differs from every set one.
  const before = (ctx: RuleContext): Scalar => (ctx.before === null ? null : read(ctx.before));
  if (c.operator === "changed") return (ctx) => before(ctx) !== read(ctx.after);
  if (c.operator === "not_changed") return (ctx) => before(ctx) === read(ctx.after);
  // A constant compares with ===, the fast path almost every rule takes; common fields are read directly.
  if ((c.operator === "is" || c.operator === "is_not") && c.value.t === "const") {
    const direct = DIRECT_IS.get(c.source);
    const is = direct ? direct(c.value.v) : constantIs(read, c.value.v);
    return c.operator === "is" ? is : negate(is);
  }
  const eq = equalityTest(c.value);
  switch (c.operator) {
    case "is":
      return (ctx) => eq(read(ctx.after), ctx);
    case "is_not":
      return (ctx) => !eq(read(ctx.after), ctx);
    case "changed_to":
      return (ctx) => !eq(before(ctx), ctx) && eq(read(ctx.after), ctx);
    case "changed_from":
      return (ctx) => eq(before(ctx), ctx) && !eq(read(ctx.after), ctx);
    case "not_changed_to":
      return (ctx) => !(!eq(before(ctx), ctx) && eq(read(ctx.after), ctx));
    case "not_changed_from":
      return (ctx) => !(eq(before(ctx), ctx) && !eq(read(ctx.after), ctx));
    default:
      throw new Error(`operator ${c.operator} of ${c.source} has no compiled form`);
  }
}

function compileHours(c: DecodedCondition): Predicate {
  if (!isHoursSource(c.source) || c.value.t !== "hours") throw new Error(`${c.source} is not an hours-since condition`);
  const source = c.source;
  const n = c.value.v;
  switch (c.operator) {
    case "is":
      return (ctx) => hoursOf(source, ctx.after, ctx.now) === n;
    case "less_than":
      return (ctx) => {
        const h = hoursOf(source, ctx.after, ctx.now);
        return h !== null && h < n;
      };
    default:
      return (ctx) => {
        const h = hoursOf(source, ctx.after, ctx.now);
        return h !== null && h > n;
      };
  }
}

function compilePositive(c: DecodedCondition): Predicate {
  const value = c.value;
  if (c.source.startsWith("field_")) {
    const name = c.source;
    const v = value.t === "const" && typeof value.v === "string" ? value.v : null;
    return (ctx) => customFieldIs(ctx.after, name, v);
  }
  switch (value.t) {
    case "tags": {
      const tags = value.v;
      return (ctx) => {
        const set = ticketTagSet(ctx.after);
        return tags.some((tag) => set.has(tag));
      };
    }
    case "text": {
      const needle = value.v;
      return (ctx) => lowerDescription(ctx.after).includes(needle) || (ctx.comment !== null && lowerComment(ctx.comment).includes(needle));
    }
    case "flag": {
      const wantPublic = value.v;
      // Without a comment in this update, neither `is 1` nor `is 0` holds.
      return (ctx) => ctx.comment !== null && ctx.comment.public === wantPublic;
    }
    case "current_user": {
      const who = value.v;
      if (who === "agent") return (ctx) => ctx.actor.role !== "end_user";
      if (who === "enduser") return (ctx) => ctx.actor.role === "end_user";
      return (ctx) => ctx.actor.id === who;
    }
    case "const": {
      const v = value.v;
      if (c.source === "{ticket}") return (ctx) => ctx.event === v;
      if (c.source === "{language}") {
        const prefix = `${String(v)}_`;
        // A regional tag (en_us, en-GB) counts as its base language.
        return (ctx) => {
          if (ctx.requesterLanguage === null) return false;
          const lang = normalizeLanguage(ctx.requesterLanguage);
          return lang === v || lang.startsWith(prefix);
        };
      }
      break;
    }
    default:
      break;
  }
  throw new Error(`condition ${c.source} ${c.operator} has no compiled form`);
}

/** Compiles one decoded condition into a closure; the source, operator and value are resolved here, once. */
export function compileCondition(c: DecodedCondition): Predicate {
  if (isHoursSource(c.source)) return compileHours(c);
  const read = SCALAR_READERS.get(c.source);
  if (read !== undefined) return compileScalar(c, read);
  // The remaining sources have a positive operator and (for some) its negation.
  const negative = c.operator === "is_not" || c.operator === "not_contain";
  const positive = compilePositive(c);
  return negative ? negate(positive) : positive;
}
