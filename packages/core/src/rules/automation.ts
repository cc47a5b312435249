import type { Ticket } from "../domain/ticket";
import type { CompiledRule } from "./compile-rules";
import type { Effect, RoundRobin, RuleActor, RuleContext } from "./context";

/** The actor automations act as: not a user (id 0), with no groups, so `(current_user)` placeholders cannot apply. */
export const SYSTEM_ACTOR: RuleActor = Object.freeze({ id: 0, role: "admin", groupIds: Object.freeze([]) as readonly number[] });

/** The outcome of one automation on one ticket. */
export interface AutomationResult {
  matched: boolean;
  /** The ticket with the actions applied; the input ticket itself when nothing matched. */
  ticket: Ticket;
  effects: Effect[];
}

/** The context an automation's conditions see: the stored ticket as both before and after, at `now`, by the system actor. */
export function automationContext(ticket: Ticket, now: number): RuleContext {
  return { before: ticket, after: ticket, event: "updated", actor: SYSTEM_ACTOR, now, comment: null, requesterLanguage: null };
}

/**
 * Evaluates one compiled automation against one ticket at `now` and, when it
 * matches, applies its actions. Closed tickets never match (automations do
 * not run on them). Pure: the ticket is not mutated.
 */
export function evaluateAutomation(rule: CompiledRule, ticket: Ticket, input: { now: number; roundRobin?: RoundRobin; requesterLanguage?: string | null }): AutomationResult {
  if (ticket.status === "closed") return { matched: false, ticket, effects: [] };
  const ctx = { ...automationContext(ticket, input.now), requesterLanguage: input.requesterLanguage ?? null };
  if (!rule.matches(ctx)) return { matched: false, ticket, effects: [] };
  const result = rule.apply(ticket, { actor: SYSTEM_ACTOR, roundRobin: input.roundRobin ?? (() => null) });
  return { matched: true, ticket: result.ticket, effects: result.effects };
}
