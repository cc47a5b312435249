import type { RuleKind } from "../domain/rule";
import { HelpdeskError, type ErrorDetails } from "../errors";
import { actionSourceSpec, decodeActionValue, ACTION_SOURCES, type ActionValue } from "./action-table";
import {
  CHANGE_OPERATORS,
  CONDITION_SOURCES,
  conditionSourceSpec,
  decodeConditionValue,
  isHoursSource,
  type ConditionValue,
} from "./condition-table";
import { hasNullifyingCondition } from "./nullifying";

/** A condition as rule documents carry it. */
export interface ConditionInput {
  source: string;
  operator: string;
  value: string | null;
}

/** An action as rule documents carry it. */
export interface ActionInput {
  source: string;
  value: string | null;
  subject?: string | null | undefined;
  body?: string | null | undefined;
}

/** The part of a rule validation and compilation read. */
export interface RuleDefinition {
  conditions: { all: readonly ConditionInput[]; any: readonly ConditionInput[] };
  actions: readonly ActionInput[];
}

/** A condition with its value decoded against the spec's table. */
export interface DecodedCondition {
  source: string;
  operator: string;
  raw: string | null;
  value: ConditionValue;
}

/** An action with its value decoded against the spec's table. */
export interface DecodedAction {
  source: string;
  raw: string | null;
  value: ActionValue;
  subject: string | null;
  body: string | null;
}

/** A rule whose every element decoded. */
export interface DecodedRule {
  all: DecodedCondition[];
  any: DecodedCondition[];
  actions: DecodedAction[];
}

const CHANGE = CHANGE_OPERATORS as readonly string[];

function blank(text: string | null | undefined): boolean {
  return text === null || text === undefined || text === "";
}

/**
 * Decodes every condition and action of a rule of `kind` against the spec's
 * tables, returning the decoded rule or the problems keyed by element
 * (`conditions.all[2].operator`, `actions[0].value`).
 */
export function decodeRule(kind: RuleKind, rule: RuleDefinition): { ok: true; rule: DecodedRule } | { ok: false; details: ErrorDetails } {
  const details: ErrorDetails = {};
  const add = (key: string, description: string) => (details[key] ??= []).push({ description });
  const decoded: DecodedRule = { all: [], any: [], actions: [] };

  for (const list of ["all", "any"] as const) {
    rule.conditions[list].forEach((condition, i) => {
      const key = `conditions.${list}[${i}]`;
      const spec = conditionSourceSpec(condition.source);
      if (spec === undefined) {
        add(`${key}.source`, `unknown condition source "${condition.source}"; use one of ${CONDITION_SOURCES.join(", ")} or field_<id>`);
        return;
      }
      if (spec.scope === "trigger" && kind === "automation") return add(`${key}.source`, `${condition.source} is only available to triggers`);
      if (spec.scope === "automation" && kind === "trigger") return add(`${key}.source`, `${condition.source} (hours since) is only available to automations`);
      if (list === "any" && isHoursSource(condition.source)) return add(`${key}.source`, `${condition.source} (hours since) is only allowed in all, not in any`);
      if (!spec.operators.includes(condition.operator)) {
        return add(`${key}.operator`, `"${condition.operator}" is not an operator of ${condition.source}; use one of ${spec.operators.join(", ")}`);
      }
      if (kind === "automation" && CHANGE.includes(condition.operator)) {
        return add(`${key}.operator`, `${condition.operator} is only available to triggers: an automation sees no change`);
      }
      const value = decodeConditionValue(spec, condition.operator, condition.value, kind);
      if (typeof value === "string") return add(`${key}.value`, value);
      decoded[list].push({ source: condition.source, operator: condition.operator, raw: condition.value, value });
    });
  }

  if (rule.actions.length === 0) add("actions", "needs at least one action");
  rule.actions.forEach((action, i) => {
    const key = `actions[${i}]`;
    const spec = actionSourceSpec(action.source);
    if (spec === undefined) return add(`${key}.source`, `unknown action source "${action.source}"; use one of ${ACTION_SOURCES.join(", ")} or field_<id>`);
    if (spec.scope === "trigger" && kind === "automation") return add(`${key}.source`, `${action.source} is only available to triggers`);
    const value = decodeActionValue(spec, action.source, action.value, kind);
    if (typeof value === "string") add(`${key}.value`, value);
    if (!blank(action.subject) && !spec.templates?.subject) add(`${key}.subject`, `${action.source} takes no subject`);
    if (!blank(action.body) && spec.templates === null) add(`${key}.body`, `${action.source} takes no body`);
    if (blank(action.body) && spec.templates?.body === "required") add(`${key}.body`, `must not be empty for ${action.source}`);
    if (typeof value !== "string") decoded.actions.push({ source: action.source, raw: action.value, value, subject: action.subject ?? null, body: action.body ?? null });
  });

  if (Object.keys(details).length === 0 && kind === "automation" && !hasNullifyingCondition(decoded)) {
    add(
      "conditions.all",
      "an automation needs a condition its actions make false (e.g. status is 3 with action status 4, or tags not_contain x with action tags x), as Zendesk requires; otherwise it would fire again on every run",
    );
  }
  return Object.keys(details).length === 0 ? { ok: true, rule: decoded } : { ok: false, details };
}

/** Checks a rule of `kind` against the spec's condition and action tables; null when valid, else the problems keyed by element. */
export function validateRule(kind: RuleKind, rule: RuleDefinition): ErrorDetails | null {
  const result = decodeRule(kind, rule);
  return result.ok ? null : result.details;
}

/** Like `validateRule`, but throws `RECORD_INVALID` with the problems as details instead of returning them. */
export function assertValidRule(kind: RuleKind, rule: RuleDefinition): void {
  const details = validateRule(kind, rule);
  if (details === null) return;
  const [first] = Object.entries(details);
  const description = first ? `${first[0]}: ${first[1][0]?.description ?? "is invalid"}` : `invalid ${kind}`;
  throw new HelpdeskError("RECORD_INVALID", { description, details });
}
