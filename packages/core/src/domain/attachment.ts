import { z } from "zod";
import { idSchema, timestampSchema } from "./common";

/** An uploaded file as stored: its bytes live in the blob store under `blob_key`. */
export const attachmentSchema = z.object({
  id: idSchema,
  name: z.string(),
  size: z.number().int().nonnegative(),
  content_type: z.string(),
  blob_key: z.string(),
  uploader_id: idSchema,
  /** Set, with `comment_id`, when bound to a ticket comment. */
  ticket_id: idSchema.nullable(),
  comment_id: idSchema.nullable(),
  /** Set when bound to a knowledge-base post. */
  post_id: idSchema.nullable(),
  created_at: timestampSchema,
  /** When an unbound upload (or one whose owner was deleted) is swept; null once bound. */
  expires_at: timestampSchema.nullable(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/** What an upload's token binds it to: exactly one ticket comment (or request comment, the same thing) or post. */
export type AttachmentTarget = { kind: "comment"; ticketId: number; commentId: number } | { kind: "post"; postId: number };

/** An attachment as the API shows it (the HTTP layer adds `url`, `content_url` and `token`). */
export const attachmentViewSchema = attachmentSchema.pick({ id: true, name: true, size: true, content_type: true });
export type AttachmentView = z.infer<typeof attachmentViewSchema>;

/** The fields of an attachment anyone allowed to see it may see. */
export function presentAttachmentView(attachment: Attachment): AttachmentView {
  return { id: attachment.id, name: attachment.name, size: attachment.size, content_type: attachment.content_type };
}

/** What an attachment is bound to, or null while it is an unbound upload. */
export function attachmentTarget(attachment: Attachment): AttachmentTarget | null {
  if (attachment.comment_id !== null && attachment.ticket_id !== null) return { kind: "comment", ticketId: attachment.ticket_id, commentId: attachment.comment_id };
  if (attachment.post_id !== null) return { kind: "post", postId: attachment.post_id };
  return null;
}

/** Strips directories (either slash) and control characters; empty when nothing is left. */
export function cleanFileName(raw: string): string {
  const base = raw.slice(Math.max(raw.lastIndexOf("/"), raw.lastIndexOf("\\")) + 1);
  return base.replace(/[\u0000-\u001f\u007f]/g, "").trim();
}

/** The upload's query: `filename` is required and must still name a file once its directories are stripped. */
export const attachmentUploadQuerySchema = z.object({
  filename: z
    .string({ error: "is required" })
    .transform(cleanFileName)
    .pipe(z.string().min(1, "must name a file").max(255).refine((name) => name !== "." && name !== "..", "must name a file")),
});
