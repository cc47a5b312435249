import type { TicketComment } from "../domain/ticket";
import type { NewTicketComment, Storage } from "../storage";
import { bindUploads } from "./attachment-binding";

/** Binds upload tokens to a comment just written, as its author: every comment write path calls this in its transaction. */
export async function bindCommentUploads(storage: Storage, tenantId: number, comment: TicketComment, uploads: readonly string[] | undefined): Promise<void> {
  if (uploads === undefined || uploads.length === 0) return;
  await bindUploads(storage, {
    tenantId,
    uploaderId: comment.author_id,
    tokens: uploads,
    target: { kind: "comment", ticketId: comment.ticket_id, commentId: comment.id },
    at: comment.created_at,
    field: "comment.uploads",
  });
}

/** Binds upload tokens to the first comment of a ticket just created (which `tickets.create` wrote). */
export async function bindFirstCommentUploads(storage: Storage, tenantId: number, ticketId: number, uploads: readonly string[] | undefined): Promise<void> {
  if (uploads === undefined || uploads.length === 0) return;
  const [first] = await storage.tickets.listComments(tenantId, ticketId);
  await bindCommentUploads(storage, tenantId, first!, uploads);
}

/** Adds a comment to a ticket and binds its uploads to it, inside the caller's transaction. */
export async function addTicketComment(
  storage: Storage,
  tenantId: number,
  ticketId: number,
  comment: NewTicketComment,
  uploads: readonly string[] | undefined,
): Promise<TicketComment> {
  const written = await storage.tickets.addComment(tenantId, ticketId, comment);
  await bindCommentUploads(storage, tenantId, written, uploads);
  return written;
}
