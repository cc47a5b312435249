import { invalidField } from "../errors";
import type { Ticket } from "../domain/ticket";
import type { User } from "../domain/user";
import { roleAtLeast } from "../domain/user";
import type { Storage } from "../storage";
import { existingUser } from "./user-records";

/** The ids a ticket write may point at; each is checked to exist in the tenant. */
export interface TicketReferences {
  assignee_id: number | null;
  group_id: number | null;
  problem_id: number | null;
  collaborator_ids: number[];
}

/**
 * Checks that the assignee is an agent (a member of the group when one is
 * set), the group exists, the problem is a problem ticket other than this
 * one, and every collaborator exists. Rejects with RECORD_INVALID naming the field.
 */
export async function checkTicketReferences(storage: Storage, tenantId: number, refs: TicketReferences, ticketId: number | null): Promise<void> {
  let assignee: User | null = null;
  if (refs.assignee_id !== null) {
    assignee = await existingUser(storage, tenantId, refs.assignee_id, "assignee_id");
    if (!roleAtLeast(assignee.role, "agent")) throw invalidField("assignee_id", "must be an agent or an admin");
  }
  if (refs.group_id !== null) {
    const group = await storage.groups.get(tenantId, refs.group_id);
    if (!group) throw invalidField("group_id", `no group with id ${refs.group_id}`);
    if (assignee && !group.agent_ids.includes(assignee.id)) throw invalidField("assignee_id", "must be a member of the ticket's group");
  }
  if (refs.problem_id !== null) {
    if (refs.problem_id === ticketId) throw invalidField("problem_id", "a ticket cannot be its own problem");
    const problem: Ticket | null = await storage.tickets.get(tenantId, refs.problem_id);
    if (!problem || problem.type !== "problem") throw invalidField("problem_id", `no problem ticket with id ${refs.problem_id}`);
  }
  if (refs.collaborator_ids.length > 0) {
    const found = await storage.users.getMany(tenantId, refs.collaborator_ids);
    const missing = refs.collaborator_ids.filter((id) => !found.some((u) => u.id === id));
    if (missing.length > 0) throw invalidField("collaborator_ids", `no users with ids ${missing.join(", ")}`);
  }
}
