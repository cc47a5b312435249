import type { RuleKind } from "../domain/rule";
import type { TicketTimeField } from "../domain/ticket";
import {
  decodePriority,
  decodeScore,
  decodeStatus,
  decodeTypeId,
  isEmptyValue,
  parseHours,
  parseId,
  priorityRank,
  splitTags,
  statusRank,
} from "./value-codes";

/** Operators that compare the ticket before the update with the working copy. */
export const CHANGE_OPERATORS = ["changed", "changed_to", "changed_from", "not_changed", "not_changed_to", "not_changed_from"] as const;
/** Operators that order values (status, priority, score, hours). */
export const ORDER_OPERATORS = ["less_than", "greater_than"] as const;

/** Automation-only sources counting whole hours since (or until) a ticket timestamp; allowed only in `all`. */
export const HOURS_SOURCES = [
  "created",
  "assigneed",
  "pending",
  "resolved",
  "closed",
  "updated",
  "requester_updated",
  "assignee_updated",
  "before_due_date",
  "after_due_date",
] as const;
export type HoursSource = (typeof HOURS_SOURCES)[number];

/** The ticket timestamp each hours-since source reads. */
export const HOURS_SOURCE_FIELDS: Readonly<Record<HoursSource, TicketTimeField>> = {
  created: "created_at",
  assigneed: "assigneed_at",
  pending: "pending_at",
  resolved: "resolved_at",
  closed: "closed_at",
  updated: "updated_at",
  requester_updated: "requester_updated_at",
  assignee_updated: "assignee_updated_at",
  before_due_date: "due_date",
  after_due_date: "due_date",
};

/** The ticket channels a `source` condition may name (the spec's list, wider than the channels tickets have today). */
export const CONDITION_CHANNELS = ["web", "tab", "chat", "microblog", "api", "mobile", "email", "voicemail", "inbound", "outbound"] as const;

/**
 * A condition value decoded once, at validation and compile time: `const`
 * compares with a literal (`rank` set for ordered sources), `actor` /
 * `actor_groups` with the acting user's id or groups.
 */
export type ConditionValue =
  | { t: "none" }
  | { t: "const"; v: string | number | null; rank: number | null }
  | { t: "actor" }
  | { t: "actor_groups" }
  | { t: "tags"; v: string[] }
  | { t: "text"; v: string }
  | { t: "flag"; v: boolean }
  | { t: "hours"; v: number }
  | { t: "current_user"; v: "agent" | "enduser" | number };

/** Where a source may be used: both rule kinds, triggers only (T in the spec), or automations only (hours-since). */
export type SourceScope = "both" | "trigger" | "automation";

/** A row of the spec's condition table: the operators a source takes and how its value decodes (a string is an error description). */
export interface ConditionSourceSpec {
  operators: readonly string[];
  scope: SourceScope;
  decode(value: string | null, kind: RuleKind): ConditionValue | string;
}

const EQUALITY = ["is", "is_not", ...CHANGE_OPERATORS] as const;
const ORDERED = ["is", "is_not", ...ORDER_OPERATORS, ...CHANGE_OPERATORS] as const;
const NO_CURRENT_USER = "an automation has no current user: use a literal id";

function constant(v: string | number | null, rank: number | null = null): ConditionValue {
  return { t: "const", v, rank };
}

/** An id, `empty` (when allowed) or a placeholder (outside automations). */
function idValue(options: { empty: boolean; placeholder: "(current_user)" | "(current_groups)" | null; what: string }) {
  return (value: string | null, kind: RuleKind): ConditionValue | string => {
    if (options.placeholder !== null && value === options.placeholder) {
      if (kind === "automation") return NO_CURRENT_USER;
      return options.placeholder === "(current_user)" ? { t: "actor" } : { t: "actor_groups" };
    }
    if (options.empty && isEmptyValue(value)) return constant(null);
    const id = parseId(value);
    if (id !== null) return constant(id);
    const allowed = [options.empty ? "empty" : null, options.placeholder, `a ${options.what} id (positive integer)`].filter((x) => x !== null);
    return `must be ${allowed.join(", ")}`;
  };
}

const SOURCES = new Map<string, ConditionSourceSpec>([
  [
    "status",
    {
      operators: ORDERED,
      scope: "both",
      decode: (value) => {
        const status = decodeStatus(value);
        return status === null ? "must be a status code 0-4 (new, open, pending, solved, closed)" : constant(status, statusRank(status));
      },
    },
  ],
  [
    "type_id",
    {
      operators: EQUALITY,
      scope: "both",
      decode: (value) => {
        const type = decodeTypeId(value);
        return type.ok ? constant(type.value) : "must be empty or a type code 0-3 (question, incident, problem, task)";
      },
    },
  ],
  [
    "priority",
    {
      operators: ORDERED,
      scope: "both",
      decode: (value) => {
        const priority = decodePriority(value);
        return priority.ok ? constant(priority.value, priorityRank(priority.value)) : "must be empty or a priority code 0-3 (low, medium, high, urgent)";
      },
    },
  ],
  ["group_id", { operators: EQUALITY, scope: "both", decode: idValue({ empty: true, placeholder: "(current_groups)", what: "group" }) }],
  ["requester_id", { operators: EQUALITY, scope: "both", decode: idValue({ empty: false, placeholder: "(current_user)", what: "user" }) }],
  ["assignee_id", { operators: EQUALITY, scope: "both", decode: idValue({ empty: true, placeholder: "(current_user)", what: "user" }) }],
  ["organization", { operators: EQUALITY, scope: "both", decode: idValue({ empty: true, placeholder: null, what: "organization" }) }],
  [
    "source",
    {
      operators: ["is", "is_not"],
      scope: "both",
      decode: (value) =>
        value !== null && (CONDITION_CHANNELS as readonly string[]).includes(value) ? constant(value) : `must be one of ${CONDITION_CHANNELS.join(", ")}`,
    },
  ],
  [
    "recipient",
    {
      operators: ["is"],
      scope: "both",
      // Addresses compare case-insensitively: mail systems treat them so in practice.
      decode: (value) => (value !== null && value.trim() !== "" ? constant(value.trim().toLowerCase()) : "must be an address"),
    },
  ],
  [
    "score",
    {
      operators: ORDERED,
      scope: "both",
      decode: (value) => {
        const score = decodeScore(value);
        return score.ok ? constant(score.value, score.value) : "must be empty or a score 1-5";
      },
    },
  ],
  [
    "tags",
    {
      operators: ["contain_at_least_one", "not_contain"],
      scope: "both",
      decode: (value) => {
        const tags = splitTags(value);
        return tags.length > 0 ? { t: "tags", v: tags } : "must name at least one tag";
      },
    },
  ],
  [
    "{language}",
    {
      operators: ["is", "is_not"],
      scope: "both",
      decode: (value) => (value === "zh_cn" || value === "en" ? constant(value) : "must be zh_cn or en"),
    },
  ],
  [
    "description",
    {
      operators: ["contain", "not_contain"],
      scope: "trigger",
      decode: (value) => (value !== null && value !== "" ? { t: "text", v: value.toLowerCase() } : "must not be empty"),
    },
  ],
  [
    "comment_is_public",
    { operators: ["is"], scope: "trigger", decode: (value) => (value === "1" || value === "0" ? { t: "flag", v: value === "1" } : "must be 1 (public) or 0 (private)") },
  ],
  [
    "{ticket}",
    {
      operators: ["is"],
      scope: "trigger",
      decode: (value) => (value === "created" || value === "updated" || value === "pushed" ? constant(value) : "must be created, updated or pushed"),
    },
  ],
  [
    "{current_user}",
    {
      operators: ["is"],
      scope: "trigger",
      decode: (value) => {
        if (value === "agent" || value === "enduser") return { t: "current_user", v: value };
        const id = parseId(value);
        return id === null ? "must be agent, enduser or a user id" : { t: "current_user", v: id };
      },
    },
  ],
]);

const HOURS_SPEC: ConditionSourceSpec = {
  operators: ["is", "less_than", "greater_than"],
  scope: "automation",
  decode: (value) => {
    const hours = parseHours(value);
    return hours === null ? "must be a whole number of hours (0-87600)" : { t: "hours", v: hours };
  },
};

const FIELD_SPEC: ConditionSourceSpec = {
  operators: ["is", "is_not"],
  scope: "both",
  decode: (value) => constant(isEmptyValue(value) ? null : value),
};

/** Custom field names as rules and tickets write them. */
export const CUSTOM_FIELD_NAME = /^field_[1-9][0-9]{0,15}$/;

/** True when `source` is an hours-since source. */
export function isHoursSource(source: string): source is HoursSource {
  return (HOURS_SOURCES as readonly string[]).includes(source);
}

/** The table row of a condition source, or undefined for an unknown source (never read from an object, so `__proto__` is just unknown). */
export function conditionSourceSpec(source: string): ConditionSourceSpec | undefined {
  if (isHoursSource(source)) return HOURS_SPEC;
  if (CUSTOM_FIELD_NAME.test(source)) return FIELD_SPEC;
  return SOURCES.get(source);
}

/** Every fixed condition source name (custom fields aside), for documentation and generators. */
export const CONDITION_SOURCES: readonly string[] = [...SOURCES.keys(), ...HOURS_SOURCES];

/**
 * Decodes a condition's value for its operator: change operators without a
 * value take none, ordering operators need a defined value. Returns an error
 * description when the value is invalid. Assumes source and operator are valid.
 */
export function decodeConditionValue(spec: ConditionSourceSpec, operator: string, value: string | null, kind: RuleKind): ConditionValue | string {
  if (operator === "changed" || operator === "not_changed") return value === null || value === "" ? { t: "none" } : "must be empty: this operator takes no value";
  const decoded = spec.decode(value, kind);
  if (typeof decoded !== "string" && (operator === "less_than" || operator === "greater_than") && decoded.t === "const" && decoded.rank === null) {
    return `${operator} needs a value: empty has no order`;
  }
  return decoded;
}
