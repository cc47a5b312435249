import type { Ticket } from "../domain/ticket";
import type { User } from "../domain/user";
import { runTriggerCycle, type CompiledRuleSet, type RuleComment, type RuleEvent, type RoundRobin } from "../rules";
import type { Storage } from "../storage";
import { effectsToMessages } from "./rule-effects";
import type { RuleSetCache } from "./rule-sets";

/**
 * Round robin over each group's agents, in id order, continuing after the
 * agent the group assigned last. The turns are read locked, so concurrent
 * assignments in any process take turns; the caller saves the picks.
 */
async function roundRobinFor(storage: Storage, tenantId: number, set: CompiledRuleSet) {
  const picks = new Map<number, number>();
  if (set.roundRobinGroups.length === 0) return { roundRobin: (() => null) as RoundRobin, picks };
  const last = await storage.roundRobin.lockTurns(tenantId, [...set.roundRobinGroups]);
  const groups = (await Promise.all(set.roundRobinGroups.map((id) => storage.groups.get(tenantId, id)))).filter((g) => g !== null);
  const agents = await storage.users.getMany(tenantId, [...new Set(groups.flatMap((g) => g.agent_ids))]);
  // Only active agents and admins take turns.
  const eligible = new Set(agents.filter((u) => u.role !== "end_user" && u.status === "active").map((u) => u.id));
  const members = new Map(groups.map((g) => [g.id, g.agent_ids.filter((id) => eligible.has(id)).sort((a, b) => a - b)]));
  const roundRobin: RoundRobin = (groupId) => {
    const candidates = members.get(groupId) ?? [];
    if (candidates.length === 0) return null;
    const previous = picks.get(groupId) ?? last.get(groupId) ?? null;
    const next = candidates.find((id) => previous === null || id > previous) ?? candidates[0]!;
    picks.set(groupId, next);
    return next;
  };
  return { roundRobin, picks };
}

export interface TriggerRun {
  storage: Storage;
  tenantId: number;
  actor: User;
  rules: RuleSetCache;
  before: Ticket | null;
  after: Ticket;
  event: RuleEvent;
  comment: RuleComment | null;
  now: number;
}

/**
 * Runs the tenant's triggers on a ticket write inside its transaction and
 * queues their notifications in the outbox of that same transaction, so
 * nothing is sent for a write that rolls back. Resolves to the ticket as the
 * triggers left it (not yet saved).
 */
export async function runTriggers(run: TriggerRun): Promise<Ticket> {
  const { storage, tenantId, actor } = run;
  const set = await run.rules.get(storage, tenantId, "trigger");
  if (set.rules.length === 0) return run.after;
  const [{ roundRobin, picks }, groups, requester] = await Promise.all([
    roundRobinFor(storage, tenantId, set),
    storage.groups.listForUser(tenantId, actor.id),
    storage.users.get(tenantId, run.after.requester_id),
  ]);
  const result = runTriggerCycle(set, {
    ctx: {
      before: run.before,
      after: run.after,
      event: run.event,
      actor: { id: actor.id, role: actor.role, groupIds: groups.map((g) => g.id) },
      now: run.now,
      comment: run.comment,
      requesterLanguage: requester?.language ?? null,
    },
    roundRobin,
  });
  for (const [groupId, agentId] of picks) await storage.roundRobin.saveTurn(tenantId, groupId, agentId);
  const messages = await effectsToMessages(storage, tenantId, result.ticket, actor, result.effects, run.now);
  if (messages.length > 0) await storage.outbox.enqueue(tenantId, messages);
  return result.ticket;
}
