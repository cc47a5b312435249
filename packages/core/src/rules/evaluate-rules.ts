import type { Rule } from "../domain/rule";
import type { Ticket } from "../domain/ticket";
import { compileRules } from "./compile-rules";
import type { Effect, RoundRobin, RuleActor, RuleComment, RuleEvent } from "./context";
import { runTriggerCycle } from "./trigger-cycle";

/** Input of `evaluateRules`; everything but the triggers, the tickets and the actor has a default. */
export interface EvaluateRulesInput {
  triggers: readonly Rule[];
  /** The ticket before the update; null for a ticket being created. */
  before: Ticket | null;
  /** The ticket as the update leaves it, before triggers run. */
  after: Ticket;
  actor: RuleActor;
  /** Defaults to `created` when `before` is null, else `updated`. */
  event?: RuleEvent;
  /** Epoch milliseconds; defaults to `after.updated_at` so results never depend on the wall clock. */
  now?: number;
  comment?: RuleComment | null;
  requesterLanguage?: string | null;
  /** Defaults to "no agent available", which leaves `inturn_assign` without effect. */
  roundRobin?: RoundRobin;
}

/** What `evaluateRules` reports: the final ticket, the triggers that fired in order, and their notifications. */
export interface EvaluateRulesResult {
  ticket: Ticket;
  fired: Array<{ ruleId: number; title: string }>;
  effects: Effect[];
}

/**
 * Runs a set of triggers against one ticket change, exactly as the help desk
 * does on a write, with no storage involved: compiles the enabled triggers
 * (throwing RECORD_INVALID for an invalid one) and runs the trigger cycle.
 * Use it to test trigger logic in isolation.
 *
 * @example
 * const { fired, ticket } = evaluateRules({
 *   triggers: [{ id: 1, title: "Urgent to tier 2", status: true, sort: 0, created_at: 0, updated_at: 0,
 *     conditions: { all: [{ source: "priority", operator: "is", value: "3" }], any: [] },
 *     actions: [{ source: "group_id", value: "2", subject: null, body: null }] }],
 *   before: null,
 *   after: newTicket,
 *   actor: { id: 7, role: "agent", groupIds: [1] },
 * });
 */
export function evaluateRules(input: EvaluateRulesInput): EvaluateRulesResult {
  const set = compileRules("trigger", input.triggers, { onInvalid: "throw" });
  const result = runTriggerCycle(set, {
    ctx: {
      before: input.before,
      after: input.after,
      event: input.event ?? (input.before === null ? "created" : "updated"),
      actor: input.actor,
      now: input.now ?? input.after.updated_at,
      comment: input.comment ?? null,
      requesterLanguage: input.requesterLanguage ?? null,
    },
    roundRobin: input.roundRobin ?? (() => null),
  });
  return { ticket: result.ticket, fired: result.fired.map(({ ruleId, title }) => ({ ruleId, title })), effects: result.effects };
}
