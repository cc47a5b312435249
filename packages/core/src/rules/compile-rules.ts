import type { Rule, RuleKind } from "../domain/rule";
import type { Ticket } from "../domain/ticket";
import { HelpdeskError, type ErrorDetails } from "../errors";
import { compileAction, type ActionEnv, type ActionFn } from "./actions";
import { compileCondition, type Predicate } from "./compile-conditions";
import type { ConditionTrace, Effect, RuleContext, RuleTrace } from "./context";
import { sourceReads } from "./read-sets";
import { decodeRule, type DecodedCondition } from "./rule-validation";
import { buildRuleIndex, guardFacts, indexAdmits, pickGuard, type RuleGuard, type RuleIndex } from "./rule-guards";

/** A rule compiled into closures: matching, tracing and acting never re-read the rule's JSON. */
export interface CompiledRule {
  readonly id: number;
  readonly title: string;
  readonly sort: number;
  readonly kind: RuleKind;
  /** The rule document it was compiled from. */
  readonly rule: Rule;
  /** True when every `all` condition holds and (if `any` is non-empty) at least one `any` condition does. */
  matches(ctx: RuleContext): boolean;
  /** Like `matches`, reporting every condition's outcome ("why did this fire?"). */
  trace(ctx: RuleContext): RuleTrace;
  /** Applies the actions in order to `ticket` (never mutated); returns the resulting ticket and the notifications asked for. */
  apply(ticket: Ticket, env: ActionEnv): { ticket: Ticket; effects: Effect[] };
  /** One cheap `all` condition checked before the others, so rule sets skip most rules without calling into them; null when the rule has none. */
  readonly guard: RuleGuard | null;
  /** The ticket fields its conditions read, as a `read-sets` mask. */
  readonly reads: number;
}

/** The enabled rules of one kind, compiled, in evaluation order. */
export interface CompiledRuleSet {
  readonly kind: RuleKind;
  /** Enabled, valid rules by `sort` descending, then `id` ascending. */
  readonly rules: readonly CompiledRule[];
  /** Group ids named by `inturn_assign` actions, ascending, so callers can lock their turns in one order before running. */
  readonly roundRobinGroups: readonly number[];
  /** Enabled rules left out because they no longer validate (with `onInvalid: "skip"`). */
  readonly invalid: ReadonlyArray<{ ruleId: number; details: ErrorDetails }>;
  /** The rules' guards and read sets in flat arrays, for the hot loops of set-level evaluation. */
  readonly index: RuleIndex;
}

/** How `compileRules` treats a stored rule that fails validation. */
export interface CompileOptions {
  /** `skip` (default) leaves it out and lists it in `invalid`, so one bad rule cannot block every ticket update; `throw` raises RECORD_INVALID. */
  onInvalid?: "skip" | "throw";
}

/** Evaluation order: `sort` descending, then `id` ascending, whatever the input order. */
export function compareRuleOrder(a: Pick<Rule, "sort" | "id">, b: Pick<Rule, "sort" | "id">): number {
  return b.sort - a.sort || a.id - b.id;
}

/** Joins the condition closures into one; short lists become straight `&&` chains, which V8 inlines better than a loop. */
function combine(all: Predicate[], any: Predicate[]): Predicate {
  const [a, b, c] = all;
  let allOf: Predicate;
  if (all.length === 0) allOf = () => true;
  else if (all.length === 1) allOf = a!;
  else if (all.length === 2) allOf = (ctx) => a!(ctx) && b!(ctx);
  else if (all.length === 3) allOf = (ctx) => a!(ctx) && b!(ctx) && c!(ctx);
  else {
    allOf = (ctx) => {
      for (let i = 0; i < all.length; i++) if (!all[i]!(ctx)) return false;
      return true;
    };
  }
  if (any.length === 0) return allOf;
  return (ctx) => {
    if (!allOf(ctx)) return false;
    for (let i = 0; i < any.length; i++) if (any[i]!(ctx)) return true;
    return false;
  };
}

function traceList(conditions: DecodedCondition[], predicates: Predicate[], ctx: RuleContext): ConditionTrace[] {
  return conditions.map((c, index) => ({ index, source: c.source, operator: c.operator, value: c.raw, matched: predicates[index]!(ctx) }));
}

/** Compiles one rule of `kind`; throws RECORD_INVALID (details keyed by element) when it does not validate. */
export function compileRule(kind: RuleKind, rule: Rule): CompiledRule {
  const decoded = decodeRule(kind, rule);
  if (!decoded.ok) {
    throw new HelpdeskError("RECORD_INVALID", { description: `${kind} ${rule.id} is invalid`, details: decoded.details });
  }
  const { all, any, actions } = decoded.rule;
  const allPredicates = all.map(compileCondition);
  const anyPredicates = any.map(compileCondition);
  const actionFns: ActionFn[] = actions.map((action) => compileAction(action, rule.id));

  const matches = combine(allPredicates, anyPredicates);

  return {
    id: rule.id,
    title: rule.title,
    sort: rule.sort,
    kind,
    rule,
    guard: pickGuard(all),
    reads: [...all, ...any].reduce((mask, c) => mask | sourceReads(c.source), 0),
    matches,
    trace(ctx) {
      const allTrace = traceList(all, allPredicates, ctx);
      const anyTrace = traceList(any, anyPredicates, ctx);
      const matched = allTrace.every((c) => c.matched) && (anyTrace.length === 0 || anyTrace.some((c) => c.matched));
      return { matched, all: allTrace, any: anyTrace };
    },
    apply(ticket, env) {
      const effects: Effect[] = [];
      let working = ticket;
      for (const fn of actionFns) working = fn(working, env, effects);
      return { ticket: working, effects };
    },
  };
}

/**
 * Compiles the enabled rules of `kind` once, in evaluation order (`sort`
 * descending, then `id` ascending); disabled rules are left out. Invalid
 * rules are skipped and listed in `invalid` unless `onInvalid` is `throw`.
 */
export function compileRules(kind: RuleKind, rules: readonly Rule[], options: CompileOptions = {}): CompiledRuleSet {
  const compiled: CompiledRule[] = [];
  const invalid: Array<{ ruleId: number; details: ErrorDetails }> = [];
  // Sort a copy: callers may pass frozen or shared arrays.
  for (const rule of [...rules].sort(compareRuleOrder)) {
    if (!rule.status) continue;
    try {
      compiled.push(compileRule(kind, rule));
    } catch (error) {
      if (options.onInvalid === "throw" || !(error instanceof HelpdeskError) || error.details === undefined) throw error;
      invalid.push({ ruleId: rule.id, details: error.details });
    }
  }
  const groups = new Set<number>();
  for (const rule of compiled) {
    for (const action of rule.rule.actions) if (action.source === "inturn_assign" && action.value !== null) groups.add(Number(action.value));
  }
  return { kind, rules: compiled, roundRobinGroups: [...groups].sort((a, b) => a - b), invalid, index: buildRuleIndex(compiled) };
}

/** The rules of a set whose conditions hold against `ctx`, in evaluation order (one pass, no actions). */
export function matchingRules(set: CompiledRuleSet, ctx: RuleContext): CompiledRule[] {
  const facts = guardFacts(ctx.after);
  const matched: CompiledRule[] = [];
  for (let i = 0; i < set.rules.length; i++) if (indexAdmits(set.index, i, facts) && set.rules[i]!.matches(ctx)) matched.push(set.rules[i]!);
  return matched;
}
