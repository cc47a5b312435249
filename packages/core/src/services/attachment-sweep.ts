import type { BlobStore } from "../blob-store";
import type { Storage } from "../storage";

const BATCH = 500;

/**
 * Removes every attachment of every tenant whose expiry is at or before
 * `now` (unbound uploads left too long, files of deleted tickets), rows first,
 * then their blobs; resolves to how many. Safe to run in several processes at
 * once: each row is taken by one of them. Without a blob store it does nothing.
 */
export async function sweepExpiredAttachments(storage: Storage, blobs: BlobStore | null, now: number): Promise<number> {
  if (blobs === null) return 0;
  let removed = 0;
  for (;;) {
    const rows = await storage.attachments.deleteExpired(now, BATCH);
    await Promise.all(rows.map((row) => blobs.delete(row.blob_key)));
    removed += rows.length;
    if (rows.length < BATCH) return removed;
  }
}
