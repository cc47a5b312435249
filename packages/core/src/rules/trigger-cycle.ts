import type { Ticket } from "../domain/ticket";
import type { CompiledRuleSet } from "./compile-rules";
import type { Effect, RoundRobin, RuleContext, RuleTrace } from "./context";
import { changedFields } from "./read-sets";
import { guardFacts, indexAdmits } from "./rule-guards";

/** A trigger that fired during a cycle, with the outcome of each of its conditions at the moment it fired. */
export interface FiredRule {
  ruleId: number;
  title: string;
  trace: RuleTrace;
}

/** The outcome of a trigger cycle: the final working ticket, what fired in order, and the notifications asked for in firing order. */
export interface TriggerCycleResult {
  ticket: Ticket;
  fired: FiredRule[];
  effects: Effect[];
}

/**
 * Runs the trigger cycle Zendesk describes: triggers are checked in order;
 * when one fires, its actions change the working ticket and the cycle
 * restarts from the top, skipping triggers that already fired (each fires at
 * most once per update); it ends after a pass in which nothing fires.
 * `ctx.before` stays the ticket before the whole update. Nothing fires when
 * the ticket was already closed before the update. Pure: inputs are not mutated.
 */
export function runTriggerCycle(set: CompiledRuleSet, input: { ctx: RuleContext; roundRobin: RoundRobin }): TriggerCycleResult {
  const { ctx, roundRobin } = input;
  const fired: FiredRule[] = [];
  const effects: Effect[] = [];
  if (ctx.before?.status === "closed") return { ticket: ctx.after, fired, effects };

  const { rules, index } = set;
  const done = new Uint8Array(rules.length);
  const env = { actor: ctx.actor, roundRobin };
  let working: RuleContext = ctx;
  let facts = guardFacts(ctx.after);
  // Restart-on-fire without re-reading everything: unfired triggers before `frontier` are known not to match
  // the working ticket, except those reading a field in `pending` (changed since they were last checked).
  let frontier = 0;
  let pending = 0;
  const admits = (i: number) => done[i] === 0 && indexAdmits(index, i, facts) && rules[i]!.matches(working);

  for (;;) {
    let next = -1;
    for (let i = 0; pending !== 0 && i < frontier; i++) {
      if ((index.reads[i]! & pending) !== 0 && admits(i)) {
        next = i;
        break;
      }
    }
    if (next < 0) {
      pending = 0;
      for (let i = frontier; i < rules.length; i++) {
        if (admits(i)) {
          next = i;
          break;
        }
      }
      frontier = next < 0 ? rules.length : next + 1;
    }
    if (next < 0) break;

    const rule = rules[next]!;
    done[next] = 1;
    fired.push({ ruleId: rule.id, title: rule.title, trace: rule.trace(working) });
    const result = rule.apply(working.after, env);
    for (const effect of result.effects) effects.push(effect);
    if (result.ticket === working.after) continue;
    pending |= changedFields(working.after, result.ticket);
    working = { ...working, after: result.ticket };
    facts = guardFacts(result.ticket);
  }
  return { ticket: working.after, fired, effects };
}
