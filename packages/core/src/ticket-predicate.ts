import type { TicketTimeField } from "./domain/ticket";

/** Ticket columns a predicate compares as one scalar each; `status` values are TicketStatus names. */
export const PREDICATE_SCALAR_FIELDS = ["status", "type", "priority", "group_id", "assignee_id", "requester_id", "organization_id", "source"] as const;
export type PredicateScalarField = (typeof PREDICATE_SCALAR_FIELDS)[number];

/**
 * A filter over tickets that storage runs as SQL: the rule engine's
 * conditions compiled into and / or / not of field tests. Every test is
 * two-valued: a null field equals nothing but a null in `values`, fails a
 * range, and has no tags, so `not` is plain negation (no SQL NULL logic leaks).
 * Adapters translate it into one parameterized WHERE; they never read a clock
 * (time conditions arrive as absolute bounds).
 */
export type TicketPredicate =
  | { kind: "and"; args: TicketPredicate[] }
  | { kind: "or"; args: TicketPredicate[] }
  | { kind: "not"; arg: TicketPredicate }
  /** The field equals one of `values`; a null in `values` matches a null field. An empty list matches nothing. */
  | { kind: "in"; field: PredicateScalarField; values: Array<string | number | null> }
  /** The timestamp is set and lies within the inclusive bounds given. */
  | { kind: "range"; field: TicketTimeField; from?: number; to?: number }
  /** The ticket has at least one of `tags` (tags are stored lower-case and compared exactly). */
  | { kind: "tags"; tags: string[] }
  /**
   * Custom field `name` has `value` (string form; an array value when any
   * element equals); `value` null means empty: no entry, null, "" or [].
   */
  | { kind: "field"; name: string; value: string | null };
