import { HelpdeskError } from "../errors";
import { commentListQuerySchema, type CommentView } from "../domain/request";
import type { TicketComment } from "../domain/ticket";
import type { Storage } from "../storage";
import { attachmentsOfComments } from "./attachment-views";
import { renderCommentHtml } from "./comment-html";
import { parseQuery } from "./validation";

/**
 * Stored comments as the API shows them, in the order given, with their files
 * read in one query. The one place comment views are made, for agents and end
 * users alike.
 */
export async function toCommentViews(storage: Storage, tenantId: number, comments: readonly TicketComment[]): Promise<CommentView[]> {
  const files = await attachmentsOfComments(storage, tenantId, comments.map((comment) => comment.id));
  return comments.map((comment) => ({
    id: comment.id,
    author_id: comment.author_id,
    content: comment.content,
    html_content: renderCommentHtml(comment.content),
    public: comment.public,
    created_at: comment.created_at,
    attachments: files.get(comment.id) ?? [],
  }));
}

/**
 * The comments of ticket `ticketId` as views, by creation time then id in
 * `sort_order` (default asc); only the public ones when `publicOnly`.
 * Rejects a bad `sort_order` with REQUEST_QUERY_INVALID.
 */
export async function listCommentViews(storage: Storage, tenantId: number, ticketId: number, query: unknown, publicOnly: boolean): Promise<CommentView[]> {
  const { sort_order } = parseQuery(commentListQuerySchema, query);
  const stored = await storage.tickets.listComments(tenantId, ticketId);
  const shown = publicOnly ? stored.filter((comment) => comment.public) : stored;
  return toCommentViews(storage, tenantId, sort_order === "desc" ? shown.reverse() : shown);
}

/** Comment `commentId` of ticket `ticketId` as a view; COMMENT_NOT_FOUND when there is none (or it is private and `publicOnly`). */
export async function getCommentView(storage: Storage, tenantId: number, ticketId: number, commentId: number, publicOnly: boolean): Promise<CommentView> {
  const comment = await storage.tickets.getComment(tenantId, ticketId, commentId);
  if (!comment || (publicOnly && !comment.public)) throw new HelpdeskError("COMMENT_NOT_FOUND");
  const [view] = await toCommentViews(storage, tenantId, [comment]);
  return view!;
}
