import type { Attachment, AttachmentRepository, AttachmentTarget } from "@helpdesk/core";
import type { Knex } from "knex";
import { toNullableNumber, toNumber, type Int8 } from "./row-mappers";
import { queryRows } from "./sql-helpers";

const COLUMNS = ["id", "name", "size", "content_type", "blob_key", "uploader_id", "ticket_id", "comment_id", "post_id", "created_at", "expires_at"];
const RETURNING = COLUMNS.join(", ");

type AttachmentRow = Omit<Attachment, "id" | "size" | "uploader_id" | "ticket_id" | "comment_id" | "post_id" | "created_at" | "expires_at"> & {
  id: Int8;
  size: Int8;
  uploader_id: Int8;
  ticket_id: Int8 | null;
  comment_id: Int8 | null;
  post_id: Int8 | null;
  created_at: Int8;
  expires_at: Int8 | null;
};

const toAttachment = (row: AttachmentRow): Attachment => ({
  id: toNumber(row.id),
  name: row.name,
  size: toNumber(row.size),
  content_type: row.content_type,
  blob_key: row.blob_key,
  uploader_id: toNumber(row.uploader_id),
  ticket_id: toNullableNumber(row.ticket_id),
  comment_id: toNullableNumber(row.comment_id),
  post_id: toNullableNumber(row.post_id),
  created_at: toNumber(row.created_at),
  expires_at: toNullableNumber(row.expires_at),
});

const targetColumns = (target: AttachmentTarget) =>
  target.kind === "comment" ? { ticket_id: target.ticketId, comment_id: target.commentId, post_id: null } : { ticket_id: null, comment_id: null, post_id: target.postId };

/**
 * A bind is one UPDATE: a second transaction binding the same row waits for
 * the first one's row lock, then re-checks `comment_id IS NULL` on the
 * committed row and skips it, so exactly one of them binds it.
 */
const BIND = `
UPDATE attachments SET ticket_id = ?, comment_id = ?, post_id = ?, expires_at = NULL
WHERE tenant_id = ? AND token_hash = ANY(?::text[]) AND uploader_id = ? AND comment_id IS NULL AND post_id IS NULL AND expires_at > ?
RETURNING token_hash`;

/** Rows locked by a concurrent sweep (or bind) are skipped: each expired row goes to exactly one sweeper. */
const DELETE_EXPIRED = `
DELETE FROM attachments WHERE id IN (
  SELECT id FROM attachments WHERE expires_at <= ? ORDER BY expires_at, id LIMIT ? FOR UPDATE SKIP LOCKED
) RETURNING ${RETURNING}`;

/** Uploads and their bindings; tokens are kept as hashes and never read back. */
export function createAttachmentRepository(db: Knex): AttachmentRepository {
  const expire = async (tenantId: number, column: "ticket_id" | "post_id", ids: number[], at: number) =>
    ids.length === 0 ? 0 : db("attachments").where("tenant_id", tenantId).whereIn(column, ids).update({ expires_at: at });

  return {
    async create(tenantId, data) {
      const rows: AttachmentRow[] = await db("attachments")
        .insert({ tenant_id: tenantId, ...data })
        .returning(COLUMNS);
      return toAttachment(rows[0]!);
    },
    async get(tenantId, id) {
      const row: AttachmentRow | undefined = await db("attachments").select(COLUMNS).where({ tenant_id: tenantId, id }).first();
      return row === undefined ? null : toAttachment(row);
    },
    async bind(tenantId, tokenHashes, { uploaderId, target, at }) {
      if (tokenHashes.length === 0) return [];
      const { ticket_id, comment_id, post_id } = targetColumns(target);
      const rows = await queryRows<{ token_hash: string }>(db, BIND, [ticket_id, comment_id, post_id, tenantId, tokenHashes, uploaderId, at]);
      return rows.map((row) => row.token_hash);
    },
    async listForComments(tenantId, commentIds) {
      if (commentIds.length === 0) return [];
      const rows: AttachmentRow[] = await db("attachments").select(COLUMNS).where("tenant_id", tenantId).whereIn("comment_id", commentIds).orderBy(["comment_id", "id"]);
      return rows.map(toAttachment);
    },
    async listForPosts(tenantId, postIds) {
      if (postIds.length === 0) return [];
      const rows: AttachmentRow[] = await db("attachments").select(COLUMNS).where("tenant_id", tenantId).whereIn("post_id", postIds).orderBy(["post_id", "id"]);
      return rows.map(toAttachment);
    },
    async delete(tenantId, id) {
      const rows: AttachmentRow[] = await db("attachments").where({ tenant_id: tenantId, id }).del().returning(COLUMNS);
      return rows[0] === undefined ? null : toAttachment(rows[0]);
    },
    expireForTickets: (tenantId, ticketIds, at) => expire(tenantId, "ticket_id", ticketIds, at),
    expireForPosts: (tenantId, postIds, at) => expire(tenantId, "post_id", postIds, at),
    async deleteExpired(now, limit) {
      return (await queryRows<AttachmentRow>(db, DELETE_EXPIRED, [now, limit])).map(toAttachment);
    },
  };
}
