import type { AttachmentTarget } from "../domain/attachment";
import { invalidField } from "../errors";
import { hashSecret } from "../security/secrets";
import type { Storage } from "../storage";

export interface UploadBinding {
  tenantId: number;
  /** Only the uploader may bind an upload: a token that leaked to someone else is useless to them. */
  uploaderId: number;
  tokens: readonly string[];
  target: AttachmentTarget;
  at: number;
  /** The input field the tokens came from, named in the 422 (`comment.uploads`, `uploads`). */
  field: string;
}

/**
 * Binds every upload token to `target`, inside the caller's transaction.
 * Rejects with RECORD_INVALID naming `field` when any token is unknown (or
 * another tenant's, or another user's), expired or bound already; the
 * transaction then rolls back, so nothing of the write is kept.
 */
export async function bindUploads(storage: Storage, binding: UploadBinding): Promise<void> {
  const tokens = [...new Set(binding.tokens)];
  if (tokens.length === 0) return;
  const hashes = tokens.map(hashSecret);
  const bound = new Set(await storage.attachments.bind(binding.tenantId, hashes, { uploaderId: binding.uploaderId, target: binding.target, at: binding.at }));
  const failed = tokens.filter((_, i) => !bound.has(hashes[i]!));
  if (failed.length > 0) throw invalidField(binding.field, `unknown, expired or already used upload tokens: ${failed.join(", ")}`);
}
