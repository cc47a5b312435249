import {
  HelpdeskError,
  type NewTicket,
  type NewTicketComment,
  type SortKey,
  type Ticket,
  type TicketFilter,
  type TicketPatch,
  type TicketRepository,
  type Window,
} from "@helpdesk/core";
import { commentPublic, mergePatch, ticketParams, toNewTicket, toTicket, toTicketComment, type TicketCommentRow, type TicketRow } from "./row-mappers";
import { jsonList, orderBy, selectPage } from "./sql-helpers";
import { atomicRead, atomicWrite, type Prepare, type SqliteDatabase } from "./sqlite-database";
import type { SyncRepository } from "./sync-repository";
import { createTicketNumberAllocator } from "./tenant-repository";
import { TICKET_SELECT, TICKET_SORT, ticketWhere } from "./ticket-list-query";

const WRITABLE = [
  "title", "description", "type", "status", "priority", "recipient", "requester_id", "assignee_id",
  "organization_id", "group_id", "problem_id", "due_date", "created_at", "updated_at", "assigneed_at",
  "resolved_at", "closed_at", "pending_at", "requester_updated_at", "assignee_updated_at", "source", "tags",
  "custom_fields", "satisfaction_rating",
] as const;

const COMMENT_COLUMNS = "id, ticket_id, author_id, content, public, created_at";
const IN_IDS = "IN (SELECT value FROM json_each(?))";
const COLLABORATED = "IN (SELECT ticket_id FROM ticket_collaborators WHERE tenant_id = ? AND user_id = ?)";

/** Tickets with their comments and collaborators; ids are per-tenant numbers from the tenant's counter. */
export function createTicketRepository(db: SqliteDatabase, prepare: Prepare): SyncRepository<TicketRepository> {
  const nextTicketId = createTicketNumberAllocator(prepare);
  const insert = prepare(
    `INSERT INTO tickets (tenant_id, id, ${WRITABLE.join(", ")}) VALUES (@key_tenant, @key_id, ${WRITABLE.map((c) => `@${c}`).join(", ")})`,
  );
  const update = prepare(`UPDATE tickets SET ${WRITABLE.map((c) => `${c} = @${c}`).join(", ")} WHERE tenant_id = @key_tenant AND id = @key_id`);
  const byId = prepare(`SELECT ${TICKET_SELECT} FROM tickets t WHERE t.tenant_id = ? AND t.id = ?`);
  const exists = prepare("SELECT 1 FROM tickets WHERE tenant_id = ? AND id = ?");
  const addCollaborators = prepare("INSERT OR IGNORE INTO ticket_collaborators (tenant_id, ticket_id, user_id) SELECT ?, ?, value FROM json_each(?)");
  const clearCollaborators = prepare("DELETE FROM ticket_collaborators WHERE tenant_id = ? AND ticket_id = ?");
  const insertComment = prepare(
    `INSERT INTO ticket_comments (tenant_id, ticket_id, author_id, content, public, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING ${COMMENT_COLUMNS}`,
  );
  const comments = prepare(`SELECT ${COMMENT_COLUMNS} FROM ticket_comments WHERE tenant_id = ? AND ticket_id = ? ORDER BY created_at, id`);
  const commentById = prepare(`SELECT ${COMMENT_COLUMNS} FROM ticket_comments WHERE id = ? AND tenant_id = ? AND ticket_id = ?`);
  const unlinkIncidents = prepare(`UPDATE tickets SET problem_id = NULL WHERE tenant_id = ? AND problem_id ${IN_IDS}`);
  // Comments and collaborators go with their ticket through ON DELETE CASCADE.
  const deleteTickets = prepare(`DELETE FROM tickets WHERE tenant_id = ? AND id ${IN_IDS}`);
  const countRequested = prepare("SELECT COUNT(*) AS count FROM tickets WHERE tenant_id = ? AND requester_id = ?");
  const touchCollaborated = prepare(`UPDATE tickets SET updated_at = ? WHERE tenant_id = ? AND id ${COLLABORATED}`);
  const moveRequested = prepare(
    "UPDATE tickets SET requester_id = ?, organization_id = ?, updated_at = ? WHERE tenant_id = ? AND requester_id = ?",
  );
  const moveAuthorship = prepare("UPDATE ticket_comments SET author_id = ? WHERE tenant_id = ? AND author_id = ?");
  const copyCollaborations = prepare(
    "INSERT OR IGNORE INTO ticket_collaborators (tenant_id, ticket_id, user_id) " +
      "SELECT tenant_id, ticket_id, ? FROM ticket_collaborators WHERE tenant_id = ? AND user_id = ?",
  );
  const dropCollaborations = prepare("DELETE FROM ticket_collaborators WHERE tenant_id = ? AND user_id = ?");
  const unassign = prepare("UPDATE tickets SET assignee_id = NULL, updated_at = ? WHERE tenant_id = ? AND assignee_id = ?");

  const get = (tenantId: number, id: number): Ticket | null => {
    const row = byId.get(tenantId, id) as TicketRow | undefined;
    return row === undefined ? null : toTicket(row);
  };
  const addComment = (tenantId: number, ticketId: number, comment: NewTicketComment) =>
    toTicketComment(
      insertComment.get(tenantId, ticketId, comment.author_id, comment.content, commentPublic(comment.public), comment.created_at) as TicketCommentRow,
    );

  return {
    create: atomicWrite(db, (tenantId: number, data: NewTicket, firstComment: NewTicketComment) => {
      const id = nextTicketId(tenantId);
      insert.run({ ...ticketParams(data), key_tenant: tenantId, key_id: id });
      addCollaborators.run(tenantId, id, jsonList(data.collaborator_ids));
      addComment(tenantId, id, firstComment);
      return get(tenantId, id)!;
    }),
    get,
    // One connection and serialized transactions: every read inside one is already exclusive.
    getForUpdate: get,
    update: atomicWrite(db, (tenantId: number, id: number, patch: TicketPatch) => {
      const row = byId.get(tenantId, id) as TicketRow | undefined;
      if (row === undefined) return null;
      update.run({ ...ticketParams(mergePatch(toNewTicket(row), patch)), key_tenant: tenantId, key_id: id });
      if (patch.collaborator_ids !== undefined) {
        clearCollaborators.run(tenantId, id);
        addCollaborators.run(tenantId, id, jsonList(patch.collaborator_ids));
      }
      return get(tenantId, id);
    }),
    addComment: atomicWrite(db, (tenantId: number, ticketId: number, comment: NewTicketComment) => {
      if (exists.get(tenantId, ticketId) === undefined) throw new HelpdeskError("TICKET_NOT_FOUND");
      return addComment(tenantId, ticketId, comment);
    }),
    listComments(tenantId, ticketId) {
      return (comments.all(tenantId, ticketId) as TicketCommentRow[]).map(toTicketComment);
    },
    delete: atomicWrite(db, (tenantId: number, ids: number[]) => {
      if (ids.length === 0) return 0;
      const list = jsonList(ids);
      unlinkIncidents.run(tenantId, list);
      return deleteTickets.run(tenantId, list).changes;
    }),
    list: atomicRead(db, (tenantId: number, filter: TicketFilter, sort: SortKey[], window: Window) => {
      const where = ticketWhere(tenantId, filter);
      return selectPage(prepare, { select: TICKET_SELECT, from: "tickets t", where, order: orderBy(sort, TICKET_SORT), window, map: toTicket });
    }),
    countRequestedBy(tenantId, userId) {
      return (countRequested.get(tenantId, userId) as { count: number }).count;
    },
    reassignUser: atomicWrite(db, (tenantId: number, fromId: number, toId: number, organizationId: number | null, at: number) => {
      if (fromId === toId) return;
      touchCollaborated.run(at, tenantId, tenantId, fromId);
      moveRequested.run(toId, organizationId, at, tenantId, fromId);
      moveAuthorship.run(toId, tenantId, fromId);
      copyCollaborations.run(toId, tenantId, fromId);
      dropCollaborations.run(tenantId, fromId);
    }),
    releaseUser: atomicWrite(db, (tenantId: number, userId: number, at: number) => {
      unassign.run(at, tenantId, userId);
      touchCollaborated.run(at, tenantId, tenantId, userId);
      dropCollaborations.run(tenantId, userId);
    }),
    getComment(tenantId, ticketId, commentId) {
      const row = commentById.get(commentId, tenantId, ticketId) as TicketCommentRow | undefined;
      return row === undefined ? null : toTicketComment(row);
    },
    count(tenantId, filter) {
      const where = ticketWhere(tenantId, filter);
      return (prepare(`SELECT COUNT(*) AS count FROM tickets t WHERE ${where.sql}`).get(...where.params) as { count: number }).count;
    },
  };
}
