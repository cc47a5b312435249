import type { Ticket } from "../domain/ticket";
import type { DecodedCondition } from "./rule-validation";
import { ticketTagSet } from "./ticket-readers";

/**
 * An equality (or tag) condition of a rule's `all` list, checked against the
 * ticket's `guardFacts`: when it fails the rule cannot match, so set-level
 * evaluation skips the rule's closures altogether. `slot` indexes GUARD_KEYS.
 */
export interface RuleGuard {
  slot: number;
  value: string | number | null;
  /** For a `contain_at_least_one` guard (slot of `tags`): the tags, any of which admits the ticket. */
  tags: readonly string[] | null;
}

/** The ticket fields guards read, in slot order; `tags` is last. */
export const GUARD_KEYS = ["group_id", "assignee_id", "requester_id", "organization_id", "type", "priority", "status", "tags"] as const;
const GUARD_SOURCES: readonly string[] = ["group_id", "assignee_id", "requester_id", "organization", "type_id", "priority", "status"];
const TAGS_SLOT = GUARD_KEYS.length - 1;
// Ids split tickets finely, tags fairly, type / priority / status barely: the most selective condition makes the best guard.
const GUARD_PREFERENCE = ["group_id", "assignee_id", "requester_id", "organization", "tags", "type_id", "priority", "status"] as const;

/** What guards compare with: the ticket's guard fields in slot order, then its lower-cased tag set. */
export type GuardFacts = [...Array<string | number | null>, ReadonlySet<string>];

/** Reads the guard fields of a ticket once, so each rule's guard is one array load and compare. */
export function guardFacts(ticket: Ticket): GuardFacts {
  return [ticket.group_id, ticket.assignee_id, ticket.requester_id, ticket.organization_id, ticket.type, ticket.priority, ticket.status, ticketTagSet(ticket)];
}

/** Picks the guard of a rule: its most selective constant `is` or `contain_at_least_one` condition in `all`; null when it has none. */
export function pickGuard(all: readonly DecodedCondition[]): RuleGuard | null {
  for (const source of GUARD_PREFERENCE) {
    for (const c of all) {
      if (c.source !== source) continue;
      if (source === "tags") {
        if (c.operator === "contain_at_least_one" && c.value.t === "tags") return { slot: TAGS_SLOT, value: null, tags: c.value.v };
      } else if (c.operator === "is" && c.value.t === "const") {
        return { slot: GUARD_SOURCES.indexOf(source), value: c.value.v, tags: null };
      }
    }
  }
  return null;
}

/**
 * The guards and read sets of a rule list as flat arrays (slot -1: no
 * guard), so a pass over thousands of rules reads contiguous memory instead
 * of chasing a pointer per rule.
 */
export interface RuleIndex {
  slots: Int8Array;
  values: ReadonlyArray<string | number | null>;
  tags: ReadonlyArray<readonly string[] | null>;
  /** Per rule, the `read-sets` mask of the ticket fields its conditions read. */
  reads: Int32Array;
}

/** Builds the flat index of a rule list (in evaluation order). */
export function buildRuleIndex(rules: ReadonlyArray<{ guard: RuleGuard | null; reads: number }>): RuleIndex {
  const slots = new Int8Array(rules.length);
  const reads = new Int32Array(rules.length);
  const values: Array<string | number | null> = [];
  const tags: Array<readonly string[] | null> = [];
  rules.forEach((rule, i) => {
    slots[i] = rule.guard === null ? -1 : rule.guard.slot;
    values.push(rule.guard?.value ?? null);
    tags.push(rule.guard?.tags ?? null);
    reads[i] = rule.reads;
  });
  return { slots, values, tags, reads };
}

/** True unless the guard of rule `i` rules out the ticket `facts` were read from. */
export function indexAdmits(index: RuleIndex, i: number, facts: GuardFacts): boolean {
  const slot = index.slots[i]!;
  if (slot < 0) return true;
  if (slot !== TAGS_SLOT) return facts[slot] === index.values[i];
  const set = facts[TAGS_SLOT] as ReadonlySet<string>;
  for (const tag of index.tags[i]!) if (set.has(tag)) return true;
  return false;
}
