import type { Clock } from "../clock";
import { HelpdeskError } from "../errors";
import { roleAtLeast, type Role, type User } from "../domain/user";
import type { Storage, TicketScope } from "../storage";
import type { RuleSetCache } from "./rule-sets";

/** What every actor-bound service works with. */
export interface ActorContext {
  tenantId: number;
  actor: User;
  storage: Storage;
  clock: Clock;
  /** Compiled rule sets, shared by every actor of one help desk. */
  rules: RuleSetCache;
}

/** Rejects with AUTH_FORBIDDEN unless the actor's role is at least `role`. */
export function requireRole(ctx: ActorContext, role: Role): void {
  if (!roleAtLeast(ctx.actor.role, role)) {
    throw new HelpdeskError("AUTH_FORBIDDEN", { description: `This operation requires the ${role} role` });
  }
}

/** The tickets the actor may see: admins all, agents per their `ticket_restriction`. */
export async function ticketScope(ctx: ActorContext, storage: Storage = ctx.storage): Promise<TicketScope> {
  const { actor } = ctx;
  if (actor.role === "admin" || actor.ticket_restriction === "all") return { kind: "all" };
  if (actor.ticket_restriction === "assigned") return { kind: "assigned", userId: actor.id };
  const groups = await storage.groups.listForUser(ctx.tenantId, actor.id);
  return { kind: "groups", userId: actor.id, groupIds: groups.map((g) => g.id) };
}
