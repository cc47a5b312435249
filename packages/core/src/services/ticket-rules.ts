import { HelpdeskError, invalidField } from "../errors";
import type { Ticket, TicketStatus } from "../domain/ticket";
import type { TicketPatch, TicketScope } from "../storage";

/** True when a ticket lies within an agent's scope. */
export function ticketInScope(scope: TicketScope, ticket: Pick<Ticket, "assignee_id" | "group_id">): boolean {
  switch (scope.kind) {
    case "all":
      return true;
    case "assigned":
      return ticket.assignee_id === scope.userId;
    case "groups":
      return ticket.assignee_id === scope.userId || (ticket.group_id !== null && scope.groupIds.includes(ticket.group_id));
  }
}

/** The writable state rules check, before and after a change. */
type RuleState = Pick<Ticket, "status" | "assignee_id" | "type" | "problem_id" | "due_date" | "assigneed_at" | "resolved_at" | "closed_at">;

export type TransitionStamps = Pick<TicketPatch, "assigneed_at" | "resolved_at" | "closed_at" | "pending_at">;

/**
 * Rejects a change from `before` (null on create) to `after` that sends a
 * ticket back to new, solves it without an assignee, or links a problem or a
 * due date to the wrong type.
 */
export function checkTransition(before: RuleState | null, after: RuleState): void {
  if (before && before.status !== "new" && after.status === "new") throw new HelpdeskError("TICKET_STATUS_BACK_TO_NEW");
  const becomesSolved = after.status === "solved" && before?.status !== "solved";
  if (after.status === "solved" && after.assignee_id === null && (becomesSolved || before?.assignee_id !== null)) {
    throw new HelpdeskError("TICKET_SOLVED_WITHOUT_ASSIGNEE", {
      details: { assignee_id: [{ description: "must not be empty when the ticket is solved" }] },
    });
  }
  if (after.problem_id !== null && after.type !== "incident") throw invalidField("problem_id", "only an incident can link to a problem");
  if (after.due_date !== null && after.type !== "task") throw invalidField("due_at", "only a task can have a due date");
}

/** The timestamps a change from `before` to `after` sets: first assignment, becoming pending, solved or closed. */
export function transitionStamps(before: RuleState | null, after: RuleState, now: number): TransitionStamps {
  const becomes = (status: TicketStatus) => after.status === status && before?.status !== status;
  const stamps: TransitionStamps = {};
  if (after.assignee_id !== null && (before?.assigneed_at ?? null) === null) stamps.assigneed_at = now;
  if (becomes("pending")) stamps.pending_at = now;
  if (becomes("solved")) stamps.resolved_at = now;
  if (becomes("closed")) {
    stamps.closed_at = now;
    // A ticket closed straight from an open state was resolved at the same moment.
    if ((before?.resolved_at ?? null) === null) stamps.resolved_at = now;
  }
  return stamps;
}

/** `checkTransition`, then `transitionStamps`. */
export function lifecycleStamps(before: RuleState | null, after: RuleState, now: number): TransitionStamps {
  checkTransition(before, after);
  return transitionStamps(before, after, now);
}
