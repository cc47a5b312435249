/**
 * fast-check generators for the rule engine's tests: tickets with nulls,
 * missing custom fields and awkward tags, changes to them, contexts, and
 * rules that pass `validateRule` (only valid rules are generated).
 */
import fc from "fast-check";
import type { Action, Rule, RuleKind } from "../domain/rule";
import { TICKET_PRIORITIES, TICKET_SOURCES, TICKET_STATUSES, TICKET_TYPES, type Ticket } from "../domain/ticket";
import { CHANGE_OPERATORS, CONDITION_CHANNELS, conditionSourceSpec, HOURS_SOURCES, isHoursSource } from "./condition-table";
import type { RuleActor, RuleContext } from "./context";
import type { ActionInput, ConditionInput } from "./rule-validation";
import { validateRule } from "./rule-validation";
import { newTicket } from "../testing/fixtures";

/** A fixed "now" on an exact hour, so hour-boundary timestamps are easy to hit. */
export const NOW = Date.UTC(2024, 0, 10, 12, 0, 0);
export const H = 3_600_000;

export const TAG_POOL = ["vip", "VIP", "", "billing", "café", "日本", "__proto__", "toString", "constructor", "a", "b", "x"] as const;
const FIELD_NAMES = ["field_1", "field_2", "field_3", "__proto__", "constructor"] as const;
const FIELD_VALUES = ["a", "b", "true", "false", "5", "5.0", ""] as const;
const WORDS = ["refund", "Printer", "ON FIRE", "café", "日本語", "{{account.name}}", ""] as const;
const RECIPIENTS = ["support@example.com", "Sales@Example.com", "help@example.org"] as const;

/** A timestamp near NOW: whole hours away, sometimes a millisecond either side of the boundary. */
export const timestampArb = fc
  .tuple(fc.integer({ min: -200, max: 200 }), fc.constantFrom(0, 0, 1, -1, H / 2))
  .map(([hours, delta]) => NOW - hours * H + delta);
const nullableTime = fc.option(timestampArb, { nil: null, freq: 3 });

const customFieldArb = fc.record({
  name: fc.constantFrom(...FIELD_NAMES),
  value: fc.oneof(
    fc.constantFrom(...FIELD_VALUES),
    fc.constant(null),
    fc.boolean(),
    fc.constantFrom(5, 0, 5.5),
    fc.array(fc.constantFrom("a", "b", "5"), { maxLength: 3 }),
  ),
});

/** A ticket with small id ranges (so conditions often hit), nulls everywhere they are allowed, and odd tags and field names. */
export const ticketArb: fc.Arbitrary<Ticket> = fc.record({
  id: fc.integer({ min: 1, max: 3 }),
  title: fc.constantFrom("Printer", "{{account.name}}", "<b>x</b>"),
  description: fc.constantFrom(...WORDS),
  type: fc.option(fc.constantFrom(...TICKET_TYPES), { nil: null }),
  status: fc.constantFrom(...TICKET_STATUSES),
  priority: fc.option(fc.constantFrom(...TICKET_PRIORITIES), { nil: null }),
  recipient: fc.option(fc.constantFrom(...RECIPIENTS, " SUPPORT@example.com "), { nil: null }),
  requester_id: fc.integer({ min: 1, max: 5 }),
  assignee_id: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
  organization_id: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
  group_id: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
  problem_id: fc.constant(null),
  due_date: nullableTime,
  created_at: timestampArb,
  updated_at: timestampArb,
  assigneed_at: nullableTime,
  resolved_at: nullableTime,
  closed_at: nullableTime,
  pending_at: nullableTime,
  requester_updated_at: nullableTime,
  assignee_updated_at: nullableTime,
  source: fc.constantFrom(...TICKET_SOURCES),
  collaborator_ids: fc.uniqueArray(fc.integer({ min: 1, max: 5 }), { maxLength: 3 }),
  tags: fc.array(fc.constantFrom(...TAG_POOL), { maxLength: 5 }),
  custom_fields: fc.array(customFieldArb, { maxLength: 4 }),
  satisfaction_rating: fc.option(
    fc.record({ id: fc.integer({ min: 1, max: 3 }), score: fc.constantFrom("1", "2", "3", "4", "5", "x"), comment: fc.constantFrom("", "ok") }),
    { nil: null },
  ),
});

/** `before` with a random subset of fields taken from another random ticket (sometimes none: a no-op update). */
export const changeArb: fc.Arbitrary<{ before: Ticket; after: Ticket }> = fc
  .tuple(ticketArb, ticketArb, fc.array(fc.constantFrom<keyof Ticket>("status", "priority", "type", "group_id", "assignee_id", "organization_id", "tags", "custom_fields", "satisfaction_rating", "requester_id"), { maxLength: 5 }))
  .map(([before, other, keys]) => {
    const after: Record<string, unknown> = { ...before };
    for (const key of keys) after[key] = other[key];
    return { before, after: after as Ticket };
  });

export const actorArb: fc.Arbitrary<RuleActor> = fc.record({
  id: fc.integer({ min: 1, max: 5 }),
  role: fc.constantFrom("end_user" as const, "agent" as const, "admin" as const),
  groupIds: fc.uniqueArray(fc.integer({ min: 1, max: 4 }), { maxLength: 3 }),
});

/** A trigger context: a create (before null) or an update, with or without a comment. */
export const contextArb: fc.Arbitrary<RuleContext> = fc
  .record({
    change: changeArb,
    create: fc.boolean(),
    event: fc.constantFrom("created" as const, "updated" as const, "pushed" as const),
    actor: actorArb,
    now: fc.oneof(fc.constant(NOW), timestampArb),
    comment: fc.option(fc.record({ content: fc.constantFrom(...WORDS), public: fc.boolean() }), { nil: null }),
    requesterLanguage: fc.option(fc.constantFrom("en", "en-US", "zh_CN", "zh_cn", "fr", "english"), { nil: null }),
  })
  .map(({ change, create, ...rest }) => ({ ...rest, before: create ? null : change.before, after: change.after }));

function valueArb(source: string, operator: string, kind: RuleKind): fc.Arbitrary<string | null> {
  const codes = (max: number, empty: boolean) => fc.constantFrom(...(empty ? ["empty", ""] : []), ...Array.from({ length: max + 1 }, (_, i) => String(i)));
  const ordered = operator === "less_than" || operator === "greater_than";
  const ids = (max: number) => fc.integer({ min: 1, max }).map(String);
  const placeholder = (p: string) => (kind === "trigger" ? [fc.constant(p)] : []);
  if (operator === "changed" || operator === "not_changed") return fc.constantFrom(null, "");
  if (isHoursSource(source)) return fc.integer({ min: 0, max: 210 }).map(String);
  if (source.startsWith("field_")) return fc.constantFrom("empty", ...FIELD_VALUES);
  switch (source) {
    case "status":
      return codes(4, false);
    case "type_id":
      return codes(3, true);
    case "priority":
      return codes(3, !ordered);
    case "score":
      return ordered ? fc.integer({ min: 1, max: 5 }).map(String) : fc.oneof(fc.constant("empty"), fc.integer({ min: 1, max: 5 }).map(String));
    case "group_id":
      return fc.oneof(fc.constant("empty"), ids(4), ...placeholder("(current_groups)"));
    case "requester_id":
      return fc.oneof(ids(5), ...placeholder("(current_user)"));
    case "assignee_id":
      return fc.oneof(fc.constant("empty"), ids(5), ...placeholder("(current_user)"));
    case "organization":
      return fc.oneof(fc.constant("empty"), ids(3));
    case "source":
      return fc.constantFrom(...CONDITION_CHANNELS);
    case "recipient":
      return fc.constantFrom(...RECIPIENTS);
    case "tags":
      return fc.uniqueArray(fc.constantFrom(...TAG_POOL.filter((t) => t !== "")), { minLength: 1, maxLength: 3 }).map((tags) => tags.join(" "));
    case "{language}":
      return fc.constantFrom("zh_cn", "en");
    case "description":
      return fc.constantFrom(...WORDS.filter((w) => w !== ""), "fire", "É");
    case "comment_is_public":
      return fc.constantFrom("0", "1");
    case "{ticket}":
      return fc.constantFrom("created", "updated", "pushed");
    case "{current_user}":
      return fc.oneof(fc.constantFrom("agent", "enduser"), ids(5));
    default:
      throw new Error(`no value generator for ${source}`);
  }
}

const TRIGGER_SOURCES = ["status", "type_id", "priority", "group_id", "requester_id", "assignee_id", "organization", "source", "recipient", "score", "tags", "{language}", "field_1", "field_2", "description", "comment_is_public", "{ticket}", "{current_user}"];
const AUTOMATION_SOURCES = [...TRIGGER_SOURCES.filter((s) => conditionSourceSpec(s)!.scope !== "trigger"), ...HOURS_SOURCES];

/** A valid condition of a rule of `kind`, for its `all` or `any` list. */
export function conditionArb(kind: RuleKind, list: "all" | "any" = "all"): fc.Arbitrary<ConditionInput> {
  const sources = kind === "trigger" ? TRIGGER_SOURCES : AUTOMATION_SOURCES.filter((s) => list === "all" || !isHoursSource(s));
  return fc.constantFrom(...sources).chain((source) => {
    const operators = conditionSourceSpec(source)!.operators.filter((op) => kind === "trigger" || !(CHANGE_OPERATORS as readonly string[]).includes(op));
    return fc.constantFrom(...operators).chain((operator) => valueArb(source, operator, kind).map((value) => ({ source, operator, value })));
  });
}

const body = { subject: "Ticket {{ticket.id}}", body: "Hello {{ticket.requester.name}}" };

/** A valid action of a rule of `kind`. */
export function actionArb(kind: RuleKind): fc.Arbitrary<Action> {
  const plain = (source: string, value: fc.Arbitrary<string>): fc.Arbitrary<Action> => value.map((v) => ({ source, value: v, subject: null, body: null }));
  const options = [
    plain("status", fc.constantFrom("1", "2", "3", "4")),
    plain("type_id", fc.constantFrom("empty", "0", "1", "2", "3")),
    plain("priority", fc.constantFrom("empty", "0", "1", "2", "3")),
    plain("group_id", fc.constantFrom("empty", "1", "2", "4", ...(kind === "trigger" ? ["(current_groups)"] : []))),
    plain("assignee_id", fc.constantFrom("empty", "1", "3", ...(kind === "trigger" ? ["(current_user)"] : []))),
    plain("field_1", fc.constantFrom("empty", "a", "b", "true", "5")),
    plain("tags", fc.constantFrom("vip", "x", "VIP billing", "café", "toString")),
    plain("ccs", fc.constantFrom("(assignee)", "2", "5")),
    plain("score", fc.constantFrom("empty", "1", "5")),
    fc.constantFrom("(requester)", "(assignee)", "3").map((value): Action => ({ source: "email_user", value, ...body })),
    fc.constantFrom("(assigned_group)", "2").map((value): Action => ({ source: "message_user", value, ...body })),
    fc.constant<Action>({ source: "target", value: "1", subject: null, body: "{{ticket.title}}" }),
  ];
  if (kind === "trigger") options.push(plain("inturn_assign", fc.constantFrom("1", "2")));
  return fc.oneof(...options);
}

/** A valid rule document of `kind` with the given id (automations get a nullifying status pair when they lack one). */
export function ruleArb(kind: RuleKind, id: number): fc.Arbitrary<Rule> {
  return fc
    .record({
      title: fc.constantFrom("A", "B", "rule"),
      status: fc.constantFrom(true, true, true, false),
      sort: fc.integer({ min: -2, max: 2 }),
      all: fc.array(conditionArb(kind, "all"), { maxLength: 3 }),
      any: fc.array(conditionArb(kind, "any"), { maxLength: 2 }),
      actions: fc.array(actionArb(kind), { minLength: 1, maxLength: 3 }),
      nullifier: fc.constantFrom("0", "1", "2", "3"),
    })
    .map(({ title, status, sort, all, any, actions, nullifier }) => {
      const rule: Rule = { id, title, status, sort, conditions: { all, any }, actions, created_at: 0, updated_at: 0 };
      if (kind === "automation" && validateRule(kind, rule) !== null) {
        // Zendesk's pattern: "status is s" with an action moving the ticket on.
        rule.conditions.all = [{ source: "status", operator: "is", value: nullifier }, ...all];
        rule.actions = [...actions.filter((a) => a.source !== "status"), { source: "status", value: String(Number(nullifier) + 1), subject: null, body: null }];
      }
      return rule;
    })
    .filter((rule) => validateRule(kind, rule) === null);
}

/** A set of valid rules with distinct ids 1…n. */
export function ruleSetArb(kind: RuleKind, maxLength = 8): fc.Arbitrary<Rule[]> {
  return fc.integer({ min: 0, max: maxLength }).chain((n) => (n === 0 ? fc.constant([]) : fc.tuple(...Array.from({ length: n }, (_, i) => ruleArb(kind, i + 1)))));
}

/** Freezes an object graph, so a test fails if anything writes to it. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

/** A rule document with defaults, for fixed examples. */
export function rule(id: number, partial: { title?: string; status?: boolean; sort?: number; all?: ConditionInput[]; any?: ConditionInput[]; actions: Array<Partial<ActionInput> & { source: string; value: string | null }> }): Rule {
  return {
    id,
    title: partial.title ?? `rule ${id}`,
    status: partial.status ?? true,
    sort: partial.sort ?? 0,
    conditions: { all: partial.all ?? [], any: partial.any ?? [] },
    actions: partial.actions.map((a) => ({ source: a.source, value: a.value, subject: a.subject ?? null, body: a.body ?? null })),
    created_at: 0,
    updated_at: 0,
  };
}

/** Shorthand for a condition. */
export function cond(source: string, operator: string, value: string | null = null): ConditionInput {
  return { source, operator, value };
}

/** A plain open ticket for fixed examples. */
export function baseTicket(overrides: Partial<Ticket> = {}): Ticket {
  return {
    id: 1,
    ...newTicket(10, { description: "Smoke from the tray", status: "open", source: "web", created_at: NOW - 10 * H, updated_at: NOW - 10 * H }),
    ...overrides,
  };
}

/** Sources a view may filter on: the automation ones but score, recipient and language, plus placeholders (decoded as for triggers). */
const VIEW_SOURCES = AUTOMATION_SOURCES.filter((s) => !["score", "recipient", "{language}"].includes(s));

/** A valid view condition for its `all` or `any` list. */
export function viewConditionArb(list: "all" | "any"): fc.Arbitrary<ConditionInput> {
  const sources = VIEW_SOURCES.filter((s) => list === "all" || !isHoursSource(s));
  return fc.constantFrom(...sources).chain((source) => {
    const operators = conditionSourceSpec(source)!.operators.filter((op) => !(CHANGE_OPERATORS as readonly string[]).includes(op));
    return fc.constantFrom(...operators).chain((operator) => valueArb(source, operator, "trigger").map((value) => ({ source, operator, value })));
  });
}
