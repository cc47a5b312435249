import { attachmentTarget, type Attachment } from "../domain/attachment";
import { roleAtLeast } from "../domain/user";
import { ticketScope, type ActorContext } from "./actor-context";
import { readablePosts } from "./knowledge-base-visibility";
import { mayReadRequest } from "./request-access";
import { ticketInScope } from "./ticket-rules";

/**
 * Whether the actor may see an attachment: an unbound upload by its uploader
 * (and admins); a comment's file by agents who may see the ticket, and by
 * whoever may read the ticket as a request when the comment is public; a
 * post's file by whoever may read the post.
 */
export async function canSeeAttachment(ctx: ActorContext, attachment: Attachment): Promise<boolean> {
  const { actor, tenantId, storage } = ctx;
  const target = attachmentTarget(attachment);
  if (target === null) return attachment.uploader_id === actor.id || actor.role === "admin";
  if (target.kind === "post") return (await storage.posts.get(tenantId, target.postId, readablePosts(ctx))) !== null;
  const ticket = await storage.tickets.get(tenantId, target.ticketId);
  if (ticket === null) return false;
  if (roleAtLeast(actor.role, "agent")) return ticketInScope(await ticketScope(ctx), ticket);
  if (!(await mayReadRequest(storage, tenantId, actor, ticket))) return false;
  return (await storage.tickets.getComment(tenantId, ticket.id, target.commentId))?.public === true;
}
