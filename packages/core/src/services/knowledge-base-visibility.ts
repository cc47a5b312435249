import { ROLE_VIEWS, type RoleView } from "../domain/knowledge-base";
import { roleAtLeast } from "../domain/user";
import type { PostFilter, Visibility } from "../knowledge-base-storage";
import type { ActorContext } from "./actor-context";

const isStaff = (ctx: ActorContext): boolean => roleAtLeast(ctx.actor.role, "agent");

/**
 * The `role_view`s the actor reaches. Every /apiv2 caller is signed in, so
 * end users reach `all` and `logged_in`; agents and admins reach every forum.
 */
export function visibilityOf(ctx: ActorContext): Visibility {
  const roleViews: readonly RoleView[] = isStaff(ctx) ? ROLE_VIEWS : ["all", "logged_in"];
  return { roleViews };
}

/** Sees every forum: what admin writes check existence with. */
export const EVERYTHING: Visibility = { roleViews: ROLE_VIEWS };

/** The posts the actor may open one by one: visible forums, and drafts for agents and admins only. */
export function readablePosts(ctx: ActorContext): PostFilter {
  return { ...visibilityOf(ctx), drafts: isStaff(ctx) ? "include" : "exclude" };
}

/** Published posts of the forums the actor sees: what the lists show. */
export function publishedPosts(ctx: ActorContext): PostFilter {
  return { ...visibilityOf(ctx), drafts: "exclude" };
}
