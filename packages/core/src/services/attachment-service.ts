import type { BlobStore } from "../blob-store";
import { keepHead, sniffContentType, specificContentType } from "../attachments/content-type";
import { attachmentTarget, attachmentUploadQuerySchema, presentAttachmentView, type Attachment } from "../domain/attachment";
import { HelpdeskError } from "../errors";
import type { AttachmentService } from "../help-desk-api";
import { hashSecret } from "../security/secrets";
import { generateAlphanumeric } from "../security/upload-tokens";
import { requireRole, type ActorContext } from "./actor-context";
import { canSeeAttachment } from "./attachment-access";
import { parseQuery } from "./validation";

export interface AttachmentSettings {
  /** Null when the host configured none: uploads and downloads then answer ATTACHMENT_STORE_MISSING. */
  blobs: BlobStore | null;
  /** How long an upload waits for its token to be used. */
  expiryMs: number;
}

export function createAttachmentService(ctx: ActorContext, settings: AttachmentSettings): AttachmentService {
  const { tenantId, storage, actor } = ctx;

  function blobStore(): BlobStore {
    if (settings.blobs === null) throw new HelpdeskError("ATTACHMENT_STORE_MISSING");
    return settings.blobs;
  }

  /** The attachment if the actor may see it, else ATTACHMENT_NOT_FOUND (never revealing that it exists). */
  async function visible(id: number): Promise<Attachment> {
    const attachment = await storage.attachments.get(tenantId, id);
    if (attachment === null || !(await canSeeAttachment(ctx, attachment))) throw new HelpdeskError("ATTACHMENT_NOT_FOUND");
    return attachment;
  }

  return {
    async upload(input) {
      requireRole(ctx, "end_user");
      const { filename } = parseQuery(attachmentUploadQuerySchema, { filename: input.filename });
      const blobs = blobStore();
      // The tenant in the key keeps one tenant's blobs together (a directory prefix, a key range).
      const key = `${tenantId}-${generateAlphanumeric(32)}`;
      const sniffed = keepHead(input.data);
      const size = await blobs.put(key, sniffed.stream);
      const token = generateAlphanumeric(32);
      const now = ctx.clock();
      try {
        const attachment = await storage.attachments.create(tenantId, {
          name: filename,
          size,
          content_type: specificContentType(input.contentType) ?? sniffContentType(sniffed.head()),
          blob_key: key,
          uploader_id: actor.id,
          created_at: now,
          expires_at: now + settings.expiryMs,
          token_hash: hashSecret(token),
        });
        return { attachment: presentAttachmentView(attachment), token };
      } catch (error) {
        await blobs.delete(key);
        throw error;
      }
    },

    async get(id) {
      requireRole(ctx, "agent");
      return presentAttachmentView(await visible(id));
    },

    async download(id) {
      requireRole(ctx, "end_user");
      const attachment = await visible(id);
      const data = await blobStore().get(attachment.blob_key);
      if (data === null) throw new HelpdeskError("ATTACHMENT_NOT_FOUND", { description: "The attachment's file is gone" });
      return { attachment: presentAttachmentView(attachment), data };
    },

    async delete(id) {
      requireRole(ctx, "end_user");
      const attachment = await visible(id);
      // End users may take back their own unused uploads; bound files are the agents' to remove.
      if (actor.role === "end_user" && attachmentTarget(attachment) !== null) throw new HelpdeskError("AUTH_FORBIDDEN");
      const blobs = blobStore();
      const deleted = await storage.attachments.delete(tenantId, id);
      if (deleted === null) throw new HelpdeskError("ATTACHMENT_NOT_FOUND");
      await blobs.delete(deleted.blob_key);
    },
  };
}
