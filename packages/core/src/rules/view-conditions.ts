import type { Conditions } from "../domain/rule";
import { HelpdeskError, type ErrorDetails } from "../errors";
import type { PredicateScalarField, TicketPredicate } from "../ticket-predicate";
import { hoursRange } from "./candidate-filter";
import { CHANGE_OPERATORS, CONDITION_SOURCES, conditionSourceSpec, decodeConditionValue, HOURS_SOURCE_FIELDS, isHoursSource } from "./condition-table";
import type { DecodedCondition } from "./rule-validation";
import { TICKET_SOURCES, TICKET_TYPES } from "../domain/ticket";
import { PRIORITY_CODES, STATUS_CODES } from "./value-codes";

/** A view's conditions, each decoded against the rule engine's table. */
export interface DecodedViewConditions {
  all: DecodedCondition[];
  any: DecodedCondition[];
}

/** Whom a view is run for: `(current_user)` and `(current_groups)` name them. */
export interface ViewViewer {
  id: number;
  groupIds: readonly number[];
}

/** The ticket column each scalar condition source reads. */
const COLUMNS = new Map<string, PredicateScalarField>([
  ["status", "status"],
  ["type_id", "type"],
  ["priority", "priority"],
  ["group_id", "group_id"],
  ["requester_id", "requester_id"],
  ["assignee_id", "assignee_id"],
  ["organization", "organization_id"],
  ["source", "source"],
]);

/**
 * Sources a view cannot filter on in one indexed query: the satisfaction
 * score and recipient normalise free text the databases would read
 * differently, and the language lives on the requester.
 */
const NOT_FOR_VIEWS = new Set(["score", "recipient", "{language}"]);

const CHANGE = CHANGE_OPERATORS as readonly string[];

/**
 * Every value a ticket can hold in the enumerated columns (null where it may
 * be unset): `is_not` becomes the list of the other values, which an index
 * can search, where a NOT would scan.
 */
const DOMAINS = new Map<PredicateScalarField, ReadonlyArray<string | null>>([
  ["status", STATUS_CODES],
  ["priority", [...PRIORITY_CODES, null]],
  ["type", [...TICKET_TYPES, null]],
  ["source", TICKET_SOURCES],
]);

/**
 * Decodes a view's conditions against the rule engine's table: the sources
 * both rule kinds share, hours-since sources (only in `all`), no change
 * operators (a list has no "before"), `(current_user)` and `(current_groups)`
 * meaning the agent looking. Problems are keyed like the rules'
 * (`conditions.any[1].value`).
 */
export function decodeViewConditions(conditions: Conditions): { ok: true; conditions: DecodedViewConditions } | { ok: false; details: ErrorDetails } {
  const details: ErrorDetails = {};
  const add = (key: string, description: string) => (details[key] ??= []).push({ description });
  const decoded: DecodedViewConditions = { all: [], any: [] };
  for (const list of ["all", "any"] as const) {
    conditions[list].forEach((condition, i) => {
      const key = `conditions.${list}[${i}]`;
      const spec = conditionSourceSpec(condition.source);
      if (spec === undefined) {
        return add(`${key}.source`, `unknown condition source "${condition.source}"; use one of ${CONDITION_SOURCES.join(", ")} or field_<id>`);
      }
      if (spec.scope === "trigger" || NOT_FOR_VIEWS.has(condition.source)) return add(`${key}.source`, `${condition.source} is not available to views`);
      if (list === "any" && isHoursSource(condition.source)) return add(`${key}.source`, `${condition.source} (hours since) is only allowed in all, not in any`);
      if (!spec.operators.includes(condition.operator) || CHANGE.includes(condition.operator)) {
        const operators = spec.operators.filter((op) => !CHANGE.includes(op));
        return add(`${key}.operator`, `"${condition.operator}" is not an operator of ${condition.source} in a view; use one of ${operators.join(", ")}`);
      }
      // Decoded as for a trigger: placeholders are allowed and name the viewer.
      const value = decodeConditionValue(spec, condition.operator, condition.value, "trigger");
      if (typeof value === "string") return add(`${key}.value`, value);
      decoded[list].push({ source: condition.source, operator: condition.operator, raw: condition.value, value });
    });
  }
  return Object.keys(details).length === 0 ? { ok: true, conditions: decoded } : { ok: false, details };
}

/** Like `decodeViewConditions`, but throws `RECORD_INVALID` naming the first bad condition. */
export function assertValidViewConditions(conditions: Conditions): DecodedViewConditions {
  const result = decodeViewConditions(conditions);
  if (result.ok) return result.conditions;
  const [key, problems] = Object.entries(result.details)[0]!;
  throw new HelpdeskError("RECORD_INVALID", { description: `${key}: ${problems[0]?.description ?? "is invalid"}`, details: result.details });
}

const not = (arg: TicketPredicate): TicketPredicate => ({ kind: "not", arg });

function hoursPredicate(c: DecodedCondition, now: number): TicketPredicate {
  if (!isHoursSource(c.source) || c.value.t !== "hours") throw new Error(`${c.source} is not an hours-since condition`);
  const range = hoursRange(c.source, c.operator, c.value.v, now);
  const bound: TicketPredicate & { kind: "range" } = { kind: "range", field: HOURS_SOURCE_FIELDS[c.source] };
  if (Number.isFinite(range.from)) bound.from = range.from;
  if (Number.isFinite(range.to)) bound.to = range.to;
  // Hours since pending only count while the ticket is pending.
  return c.source === "pending" ? { kind: "and", args: [{ kind: "in", field: "status", values: ["pending"] }, bound] } : bound;
}

/** The values of an ordered source whose rank lies below or above `rank`. */
function rankedValues(source: string, operator: string, rank: number): string[] {
  const codes: readonly string[] = source === "status" ? STATUS_CODES : PRIORITY_CODES;
  return codes.filter((_, r) => (operator === "less_than" ? r < rank : r > rank));
}

function scalarPredicate(c: DecodedCondition, field: PredicateScalarField, viewer: ViewViewer): TicketPredicate {
  const value = c.value;
  if (c.operator === "less_than" || c.operator === "greater_than") {
    if (value.t !== "const" || value.rank === null) throw new Error(`${c.operator} of ${c.source} needs a ranked value`);
    return { kind: "in", field, values: rankedValues(c.source, c.operator, value.rank) };
  }
  let values: Array<string | number | null>;
  if (value.t === "const") values = [value.v];
  else if (value.t === "actor") values = [viewer.id];
  else if (value.t === "actor_groups") values = [...viewer.groupIds];
  else throw new Error(`no equality for a ${value.t} value`);
  const domain = DOMAINS.get(field);
  if (c.operator === "is_not" && domain !== undefined) return { kind: "in", field, values: domain.filter((v) => !values.includes(v)) };
  const is: TicketPredicate = { kind: "in", field, values };
  return c.operator === "is_not" ? not(is) : is;
}

function conditionPredicate(c: DecodedCondition, viewer: ViewViewer, now: number): TicketPredicate {
  if (isHoursSource(c.source)) return hoursPredicate(c, now);
  const field = COLUMNS.get(c.source);
  if (field !== undefined) return scalarPredicate(c, field, viewer);
  if (c.source === "tags" && c.value.t === "tags") {
    const has: TicketPredicate = { kind: "tags", tags: c.value.v };
    return c.operator === "not_contain" ? not(has) : has;
  }
  if (c.source.startsWith("field_") && c.value.t === "const") {
    const is: TicketPredicate = { kind: "field", name: c.source, value: c.value.v === null ? null : String(c.value.v) };
    return c.operator === "is_not" ? not(is) : is;
  }
  throw new Error(`condition ${c.source} ${c.operator} has no view predicate`);
}

/**
 * The storage predicate of a view's conditions for `viewer` at `now`: every
 * `all` condition, and one `any` condition unless `any` is empty, exactly as
 * the rule engine evaluates them on a ticket.
 */
export function viewPredicate(conditions: DecodedViewConditions, viewer: ViewViewer, now: number): TicketPredicate {
  const args = conditions.all.map((c) => conditionPredicate(c, viewer, now));
  if (conditions.any.length > 0) args.push({ kind: "or", args: conditions.any.map((c) => conditionPredicate(c, viewer, now)) });
  return { kind: "and", args };
}
