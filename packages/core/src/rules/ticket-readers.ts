import type { Ticket } from "../domain/ticket";
import { HOURS_SOURCE_FIELDS, type HoursSource } from "./condition-table";
import type { RuleComment } from "./context";

/** One hour in milliseconds. */
export const HOUR_MS = 3_600_000;

// Tickets are never mutated by the engine, so per-object caches stay valid; WeakMaps let them go with the ticket.
const tagSets = new WeakMap<Ticket, Set<string>>();
const lowerDescriptions = new WeakMap<Ticket, string>();
const lowerComments = new WeakMap<RuleComment, string>();

/** The ticket's tags, lower-cased, as a set (cached per ticket object). */
export function ticketTagSet(ticket: Ticket): Set<string> {
  let set = tagSets.get(ticket);
  if (set === undefined) {
    set = new Set(ticket.tags.map((tag) => tag.toLowerCase()));
    tagSets.set(ticket, set);
  }
  return set;
}

/** The ticket's description, lower-cased (cached per ticket object). */
export function lowerDescription(ticket: Ticket): string {
  let text = lowerDescriptions.get(ticket);
  if (text === undefined) {
    text = ticket.description.toLowerCase();
    lowerDescriptions.set(ticket, text);
  }
  return text;
}

/** The comment's content, lower-cased (cached per comment object). */
export function lowerComment(comment: RuleComment): string {
  let text = lowerComments.get(comment);
  if (text === undefined) {
    text = comment.content.toLowerCase();
    lowerComments.set(comment, text);
  }
  return text;
}

/** The satisfaction score as a number; null when there is no rating or its score is not numeric. */
export function scoreOf(ticket: Ticket): number | null {
  const score = ticket.satisfaction_rating?.score;
  if (score === undefined || score.trim() === "") return null;
  const n = Number(score);
  return Number.isFinite(n) ? n : null;
}

/**
 * True when custom field `name` has value `expected` in string form (booleans
 * as true / false, arrays when any element equals); `expected` null means
 * empty: no entry, null, "" or an empty array.
 */
export function customFieldIs(ticket: Ticket, name: string, expected: string | null): boolean {
  const value = ticket.custom_fields.find((field) => field.name === name)?.value ?? null;
  if (expected === null) return value === null || value === "" || (Array.isArray(value) && value.length === 0);
  if (value === null) return false;
  if (Array.isArray(value)) return value.includes(expected);
  return String(value) === expected;
}

/**
 * Whole hours since (or, for before_due_date, until) the timestamp an
 * hours-since source reads, floor((now − t) / 1h); null when the timestamp is
 * unset, when `pending` is read off a ticket that is not pending, or when the
 * due date lies on the other side of `now`.
 */
export function hoursOf(source: HoursSource, ticket: Ticket, now: number): number | null {
  switch (source) {
    case "pending":
      return ticket.status === "pending" && ticket.pending_at !== null ? Math.floor((now - ticket.pending_at) / HOUR_MS) : null;
    case "before_due_date":
      return ticket.due_date !== null && ticket.due_date > now ? Math.floor((ticket.due_date - now) / HOUR_MS) : null;
    case "after_due_date":
      return ticket.due_date !== null && now >= ticket.due_date ? Math.floor((now - ticket.due_date) / HOUR_MS) : null;
    default: {
      const at = ticket[HOURS_SOURCE_FIELDS[source]];
      return at === null ? null : Math.floor((now - at) / HOUR_MS);
    }
  }
}

/** Normalizes a language tag for `{language}`: lower case, `-` as `_`. */
export function normalizeLanguage(language: string): string {
  return language.trim().toLowerCase().replace(/-/g, "_");
}
