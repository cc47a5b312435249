import { TICKET_PRIORITIES, TICKET_STATUSES, type TicketPriority, type TicketStatus, type TicketType } from "../domain/ticket";

/** Rule value code → ticket status: 0 new … 4 closed, the lifecycle order `less_than` / `greater_than` follow. */
export const STATUS_CODES: readonly TicketStatus[] = TICKET_STATUSES;

/** Rule value code → ticket priority: 0 low … 3 urgent. */
export const PRIORITY_CODES: readonly TicketPriority[] = TICKET_PRIORITIES;

/**
 * Rule value code → ticket type. The spec labels the codes question, mistake,
 * fault, task and does not say how they map to the ticket's type strings; we
 * read "mistake" as incident and "fault" as problem.
 */
export const TYPE_ID_CODES: readonly TicketType[] = ["question", "incident", "problem", "task"];

/** The placeholders rule values may hold instead of a literal id. */
export const RULE_PLACEHOLDERS = ["(current_user)", "(current_groups)", "(requester)", "(assignee)", "(assigned_group)"] as const;
export type RulePlaceholder = (typeof RULE_PLACEHOLDERS)[number];

/** True when a rule value means "no value" (`"empty"` or the empty string). */
export function isEmptyValue(value: string | null): boolean {
  return value === null || value === "" || value === "empty";
}

/** The code as an integer when `value` is exactly one of `0 … max` (no sign, no leading zeros), else null. */
export function parseCode(value: string | null, max: number): number | null {
  if (value === null || !/^(0|[1-9][0-9]?)$/.test(value)) return null;
  const n = Number(value);
  return n <= max ? n : null;
}

/** A positive safe integer written in decimal without leading zeros, else null. */
export function parseId(value: string | null): number | null {
  if (value === null || !/^[1-9][0-9]{0,15}$/.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : null;
}

/** A non-negative whole number of hours (at most ten years, so bounds stay exact), else null. */
export function parseHours(value: string | null): number | null {
  if (value === null || !/^(0|[1-9][0-9]{0,5})$/.test(value)) return null;
  const n = Number(value);
  return n <= 87_600 ? n : null;
}

/** Decodes a status code (0-4); null when invalid. */
export function decodeStatus(value: string | null): TicketStatus | null {
  const code = parseCode(value, STATUS_CODES.length - 1);
  return code === null ? null : (STATUS_CODES[code] ?? null);
}

/** Decodes a priority code: `{ok, value}` where value null means empty; ok false when invalid. */
export function decodePriority(value: string | null): { ok: true; value: TicketPriority | null } | { ok: false } {
  if (isEmptyValue(value)) return { ok: true, value: null };
  const code = parseCode(value, PRIORITY_CODES.length - 1);
  const priority = code === null ? undefined : PRIORITY_CODES[code];
  return priority === undefined ? { ok: false } : { ok: true, value: priority };
}

/** Decodes a type_id code: `{ok, value}` where value null means empty; ok false when invalid. */
export function decodeTypeId(value: string | null): { ok: true; value: TicketType | null } | { ok: false } {
  if (isEmptyValue(value)) return { ok: true, value: null };
  const code = parseCode(value, TYPE_ID_CODES.length - 1);
  const type = code === null ? undefined : TYPE_ID_CODES[code];
  return type === undefined ? { ok: false } : { ok: true, value: type };
}

/** Decodes a satisfaction score (1-5): `{ok, value}` where value null means empty; ok false when invalid. */
export function decodeScore(value: string | null): { ok: true; value: number | null } | { ok: false } {
  if (isEmptyValue(value)) return { ok: true, value: null };
  const code = parseCode(value, 5);
  return code === null || code < 1 ? { ok: false } : { ok: true, value: code };
}

/** Splits a space-separated tag list and normalizes each tag the way ticket tags are stored (lower-case, no duplicates). */
export function splitTags(value: string | null): string[] {
  if (value === null) return [];
  return [...new Set(value.split(/\s+/).map((t) => t.toLowerCase()).filter((t) => t !== ""))];
}

/** Status code of a ticket status (its lifecycle rank). */
export function statusRank(status: TicketStatus): number {
  return STATUS_CODES.indexOf(status);
}

/** Priority code of a ticket priority (its rank); null for no priority. */
export function priorityRank(priority: TicketPriority | null): number | null {
  return priority === null ? null : PRIORITY_CODES.indexOf(priority);
}
