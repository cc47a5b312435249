import type { Rule } from "../domain/rule";
import type { TicketStatus, TicketTimeField } from "../domain/ticket";
import type { TicketTimeBound } from "../storage";
import { HOURS_SOURCE_FIELDS, isHoursSource } from "./condition-table";
import { HOUR_MS } from "./ticket-readers";
import { decodeStatus, parseHours, STATUS_CODES, statusRank } from "./value-codes";

/** Index-friendly bounds a store can use to find an automation's candidate tickets. */
export interface AutomationCandidateFilter {
  /** Only these statuses can match; absent when the rule does not narrow them; empty when no status can match. */
  statuses?: TicketStatus[];
  excludeStatuses: ["closed"];
  /** Inclusive epoch-ms bounds, at most one per field; a ticket whose field is null cannot match a bound. */
  timeBounds: TicketTimeBound[];
}

/** Inclusive epoch-ms bounds; infinite ends are open. */
export type Range = { from: number; to: number };

/** Millisecond range of the ticket timestamp for which an hours-since condition holds at `now` (views reuse it). */
export function hoursRange(source: string, operator: string, n: number, now: number): Range {
  const inf = Number.POSITIVE_INFINITY;
  if (source === "before_due_date") {
    // hours = floor((due − now) / 1h), defined only while due > now.
    if (operator === "greater_than") return { from: now + (n + 1) * HOUR_MS, to: inf };
    if (operator === "less_than") return { from: now + 1, to: now + n * HOUR_MS - 1 };
    return { from: Math.max(now + 1, now + n * HOUR_MS), to: now + (n + 1) * HOUR_MS - 1 };
  }
  // hours = floor((now − t) / 1h); after_due_date is defined only while due ≤ now.
  const upper = source === "after_due_date" ? now : inf;
  if (operator === "greater_than") return { from: -inf, to: Math.min(upper, now - (n + 1) * HOUR_MS) };
  if (operator === "less_than") return { from: now - n * HOUR_MS + 1, to: upper };
  return { from: now - (n + 1) * HOUR_MS + 1, to: Math.min(upper, now - n * HOUR_MS) };
}

/** The statuses a `status` condition admits. */
function statusesFor(operator: string, value: string | null): TicketStatus[] | null {
  const status = decodeStatus(value);
  if (status === null) return null;
  const rank = statusRank(status);
  switch (operator) {
    case "is":
      return [status];
    case "is_not":
      return STATUS_CODES.filter((s) => s !== status);
    case "less_than":
      return STATUS_CODES.filter((s) => statusRank(s) < rank);
    case "greater_than":
      return STATUS_CODES.filter((s) => statusRank(s) > rank);
    default:
      return null;
  }
}

/**
 * Turns an automation's `all` conditions into store bounds at `now`: a
 * superset of the tickets the automation matches (the caller still evaluates
 * every candidate). Conditions it cannot express (and every `any`
 * condition) are left out, which only widens the set. Closed tickets are
 * always excluded because automations never run on them.
 */
export function automationCandidateFilter(rule: Pick<Rule, "conditions">, now: number): AutomationCandidateFilter {
  let statuses: Set<TicketStatus> | null = null;
  const narrow = (allowed: readonly TicketStatus[]) => {
    statuses = new Set(statuses === null ? allowed : allowed.filter((s) => statuses!.has(s)));
  };
  const ranges = new Map<TicketTimeField, Range>();

  for (const condition of rule.conditions.all) {
    if (condition.source === "status") {
      const allowed = statusesFor(condition.operator, condition.value);
      if (allowed !== null) narrow(allowed);
      continue;
    }
    if (!isHoursSource(condition.source)) continue;
    const n = parseHours(condition.value);
    if (n === null || !["is", "less_than", "greater_than"].includes(condition.operator)) continue;
    // Hours since pending only count while the ticket is pending.
    if (condition.source === "pending") narrow(["pending"]);
    const field = HOURS_SOURCE_FIELDS[condition.source];
    const range = hoursRange(condition.source, condition.operator, n, now);
    const previous = ranges.get(field);
    ranges.set(field, previous === undefined ? range : { from: Math.max(previous.from, range.from), to: Math.min(previous.to, range.to) });
  }

  const timeBounds: TicketTimeBound[] = [];
  for (const [field, range] of ranges) {
    const bound: TicketTimeBound = { field };
    if (Number.isFinite(range.from)) bound.from = range.from;
    if (Number.isFinite(range.to)) bound.to = range.to;
    timeBounds.push(bound);
  }
  const filter: AutomationCandidateFilter = { excludeStatuses: ["closed"], timeBounds };
  const narrowed = statuses as Set<TicketStatus> | null;
  if (narrowed !== null) filter.statuses = STATUS_CODES.filter((s) => s !== "closed" && narrowed.has(s));
  return filter;
}
