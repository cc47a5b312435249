import type { Attachment, AttachmentRepository, AttachmentTarget, NewAttachment } from "@helpdesk/core";
import { jsonList } from "./sql-helpers";
import type { Prepare } from "./sqlite-database";
import type { SyncRepository } from "./sync-repository";

const COLUMNS = "id, name, size, content_type, blob_key, uploader_id, ticket_id, comment_id, post_id, created_at, expires_at";
const IN_LIST = "IN (SELECT value FROM json_each(?))";

/** Rows are the record as is: every column is a number, a string or null. */
const toAttachment = (row: Attachment): Attachment => ({ ...row });

const targetColumns = (target: AttachmentTarget): [number | null, number | null, number | null] =>
  target.kind === "comment" ? [target.ticketId, target.commentId, null] : [null, null, target.postId];

/** Uploads and their bindings; tokens are kept as hashes and never read back. */
export function createAttachmentRepository(prepare: Prepare): SyncRepository<AttachmentRepository> {
  const insert = prepare(
    "INSERT INTO attachments (tenant_id, token_hash, name, size, content_type, blob_key, uploader_id, created_at, expires_at) " +
      `VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING ${COLUMNS}`,
  );
  const byId = prepare(`SELECT ${COLUMNS} FROM attachments WHERE tenant_id = ? AND id = ?`);
  const bind = prepare(
    "UPDATE attachments SET ticket_id = ?, comment_id = ?, post_id = ?, expires_at = NULL " +
      `WHERE tenant_id = ? AND token_hash ${IN_LIST} AND uploader_id = ? AND comment_id IS NULL AND post_id IS NULL AND expires_at > ? ` +
      "RETURNING token_hash",
  );
  const forComments = prepare(`SELECT ${COLUMNS} FROM attachments WHERE tenant_id = ? AND comment_id ${IN_LIST} ORDER BY comment_id, id`);
  const forPosts = prepare(`SELECT ${COLUMNS} FROM attachments WHERE tenant_id = ? AND post_id ${IN_LIST} ORDER BY post_id, id`);
  const remove = prepare(`DELETE FROM attachments WHERE tenant_id = ? AND id = ? RETURNING ${COLUMNS}`);
  const expireTickets = prepare(`UPDATE attachments SET expires_at = ? WHERE tenant_id = ? AND ticket_id ${IN_LIST}`);
  const expirePosts = prepare(`UPDATE attachments SET expires_at = ? WHERE tenant_id = ? AND post_id ${IN_LIST}`);
  const removeExpired = prepare(
    `DELETE FROM attachments WHERE id IN (SELECT id FROM attachments WHERE expires_at <= ? ORDER BY expires_at, id LIMIT ?) RETURNING ${COLUMNS}`,
  );

  return {
    create(tenantId, data: NewAttachment) {
      const row = insert.get(
        tenantId, data.token_hash, data.name, data.size, data.content_type, data.blob_key, data.uploader_id, data.created_at, data.expires_at,
      ) as Attachment;
      return toAttachment(row);
    },
    get(tenantId, id) {
      const row = byId.get(tenantId, id) as Attachment | undefined;
      return row === undefined ? null : toAttachment(row);
    },
    bind(tenantId, tokenHashes, { uploaderId, target, at }) {
      if (tokenHashes.length === 0) return [];
      const rows = bind.all(...targetColumns(target), tenantId, jsonList(tokenHashes), uploaderId, at) as Array<{ token_hash: string }>;
      return rows.map((row) => row.token_hash);
    },
    listForComments(tenantId, commentIds) {
      if (commentIds.length === 0) return [];
      return (forComments.all(tenantId, jsonList(commentIds)) as Attachment[]).map(toAttachment);
    },
    listForPosts(tenantId, postIds) {
      if (postIds.length === 0) return [];
      return (forPosts.all(tenantId, jsonList(postIds)) as Attachment[]).map(toAttachment);
    },
    delete(tenantId, id) {
      const row = remove.get(tenantId, id) as Attachment | undefined;
      return row === undefined ? null : toAttachment(row);
    },
    expireForTickets(tenantId, ticketIds, at) {
      return ticketIds.length === 0 ? 0 : expireTickets.run(at, tenantId, jsonList(ticketIds)).changes;
    },
    expireForPosts(tenantId, postIds, at) {
      return postIds.length === 0 ? 0 : expirePosts.run(at, tenantId, jsonList(postIds)).changes;
    },
    deleteExpired(now, limit) {
      return (removeExpired.all(now, limit) as Attachment[]).map(toAttachment);
    },
  };
}
