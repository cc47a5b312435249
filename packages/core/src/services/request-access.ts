import type { Ticket } from "../domain/ticket";
import type { User } from "../domain/user";
import type { Storage } from "../storage";

/**
 * Whether `user` may read a ticket as a request (and its public comments and
 * their files): their own, or one of their organization's when the
 * organization shares its requests (`shared_tickets`).
 */
export async function mayReadRequest(storage: Storage, tenantId: number, user: User, ticket: Ticket): Promise<boolean> {
  if (ticket.requester_id === user.id) return true;
  if (ticket.organization_id === null || ticket.organization_id !== user.organization_id) return false;
  return (await storage.organizations.get(tenantId, ticket.organization_id))?.shared_tickets === true;
}
