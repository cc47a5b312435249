import { presentAttachmentView, type Attachment, type AttachmentView } from "../domain/attachment";
import type { Storage } from "../storage";

/** Groups attachments under their owners' ids, every owner present (with an empty list when it has none). */
function byOwner(ownerIds: number[], attachments: Attachment[], ownerOf: (attachment: Attachment) => number | null): Map<number, AttachmentView[]> {
  const grouped = new Map<number, AttachmentView[]>(ownerIds.map((id) => [id, []]));
  for (const attachment of attachments) {
    const owner = ownerOf(attachment);
    if (owner !== null) grouped.get(owner)?.push(presentAttachmentView(attachment));
  }
  return grouped;
}

/** The attachment views of each of `commentIds`, read with one indexed query: what comment views show as `attachments`. */
export async function attachmentsOfComments(storage: Storage, tenantId: number, commentIds: number[]): Promise<Map<number, AttachmentView[]>> {
  const attachments = commentIds.length === 0 ? [] : await storage.attachments.listForComments(tenantId, commentIds);
  return byOwner(commentIds, attachments, (attachment) => attachment.comment_id);
}

/** The attachment views of each of `postIds`, read with one indexed query: what post views show as `uploads`. */
export async function attachmentsOfPosts(storage: Storage, tenantId: number, postIds: number[]): Promise<Map<number, AttachmentView[]>> {
  const attachments = postIds.length === 0 ? [] : await storage.attachments.listForPosts(tenantId, postIds);
  return byOwner(postIds, attachments, (attachment) => attachment.post_id);
}
