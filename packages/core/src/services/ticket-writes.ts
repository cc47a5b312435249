import type { Ticket } from "../domain/ticket";
import type { User } from "../domain/user";
import type { RuleComment, RuleEvent } from "../rules";
import type { Storage, TicketPatch } from "../storage";
import type { RuleSetCache } from "./rule-sets";
import { runTriggers } from "./ticket-triggers";
import { checkTransition, transitionStamps } from "./ticket-rules";

export interface TicketWrite {
  storage: Storage;
  tenantId: number;
  actor: User;
  rules: RuleSetCache;
  /** The ticket as stored now (for a create: as just inserted). */
  stored: Ticket;
  /** The ticket before the whole update; null on create. */
  before: Ticket | null;
  /** The ticket with the write's own changes applied. */
  after: Ticket;
  event: RuleEvent;
  comment: RuleComment | null;
  now: number;
}

const sameValue = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * Finishes a ticket write inside its transaction: runs the triggers on it,
 * then saves the final ticket with the timestamps its transitions set, the
 * actor's activity stamps and `updated_at`. Every ticket write path ends here
 * (imports excepted), so triggers run on all of them.
 */
export async function finishTicketWrite(write: TicketWrite): Promise<Ticket> {
  const { storage, tenantId, actor, stored, now } = write;
  let final = await runTriggers(write);
  // A trigger that assigns a new ticket opens it, as an agent assigning it by hand does.
  if (final.status === "new" && write.after.status === "new" && final.assignee_id !== null && final.assignee_id !== write.after.assignee_id) {
    final = { ...final, status: "open" };
  }
  // The triggers' result obeys the same lifecycle rules as the write itself: a trigger that would, say, solve an unassigned ticket fails the write.
  checkTransition(write.before, final);
  const patch: Partial<TicketPatch> = {};
  for (const key of Object.keys(final) as Array<keyof Ticket>) {
    if (key !== "id" && key !== "created_at" && !sameValue(stored[key], final[key])) Object.assign(patch, { [key]: final[key] });
  }
  Object.assign(patch, transitionStamps(stored, final, now));
  // A create carries its activity stamps from the insert: only triggers' changes make it write again.
  const touched = Object.keys(patch).length > 0 || (write.before !== null && write.comment !== null);
  if (!touched) return stored;
  if (actor.id === final.requester_id) patch.requester_updated_at = now;
  if (actor.id === final.assignee_id) patch.assignee_updated_at = now;
  return (await storage.tickets.update(tenantId, stored.id, { ...patch, updated_at: now }))!;
}
