import { HelpdeskError, type TicketRepository } from "@helpdesk/core";
import type { Knex } from "knex";
import { TICKET_COLUMN_TYPES, ticketColumns, toNumber, toTicket, toTicketComment, uniqueSorted, type Int8, type TicketColumn, type TicketCommentRow, type TicketRow } from "./row-mappers";
import { orderBy, queryRows, selectPage } from "./sql-helpers";
import { collaboratorIds, TICKET_SELECT, TICKET_SORT, ticketQuery } from "./ticket-list-query";

const COLUMNS = Object.keys(TICKET_COLUMN_TYPES) as TicketColumn[];
const COMMENT_COLUMNS = "id, ticket_id, author_id, content, public, created_at";

// Every write below is one statement (data-modifying CTEs): atomic without a
// transaction of its own, and the tenant's counter row stays locked only for
// that statement when a create runs outside a transaction.

/**
 * Takes the tenant's next ticket number (the UPDATE's row lock makes
 * concurrent creates from any process wait, then each gets its own number)
 * and inserts the ticket, its collaborators and its first comment. The
 * parameters sit in a SELECT list, where Postgres cannot infer their types:
 * hence the casts. No row when the tenant does not exist.
 */
const INSERT_TICKET = `
WITH allocated AS (
  UPDATE tenants SET next_ticket_id = next_ticket_id + 1 WHERE id = ? RETURNING id AS tenant_id, next_ticket_id - 1 AS id
),
ticket AS (
  INSERT INTO tickets (tenant_id, id, ${COLUMNS.join(", ")})
  SELECT allocated.tenant_id, allocated.id, ${COLUMNS.map((c) => `?::${TICKET_COLUMN_TYPES[c]}`).join(", ")} FROM allocated
  RETURNING *
),
collaborators AS (
  INSERT INTO ticket_collaborators (tenant_id, ticket_id, user_id) SELECT ticket.tenant_id, ticket.id, u FROM ticket, unnest(?::bigint[]) AS u
),
first_comment AS (
  INSERT INTO ticket_comments (tenant_id, ticket_id, author_id, content, public, created_at)
  SELECT ticket.tenant_id, ticket.id, ?::bigint, ?::text, ?::boolean, ?::bigint FROM ticket
)
SELECT * FROM ticket`;

/** Replaces the collaborators of the ticket updated in CTE `ticket` (its row lock serializes concurrent replacements). */
const REPLACE_COLLABORATORS = `,
dropped AS (
  DELETE FROM ticket_collaborators c USING ticket
  WHERE c.tenant_id = ticket.tenant_id AND c.ticket_id = ticket.id AND c.user_id <> ALL(?::bigint[])
),
added AS (
  INSERT INTO ticket_collaborators (tenant_id, ticket_id, user_id) SELECT ticket.tenant_id, ticket.id, u FROM ticket, unnest(?::bigint[]) AS u
  ON CONFLICT DO NOTHING
)`;

// Selecting through tickets makes a missing ticket insert nothing (no foreign key error to decode).
const INSERT_COMMENT =
  "INSERT INTO ticket_comments (tenant_id, ticket_id, author_id, content, public, created_at) " +
  `SELECT t.tenant_id, t.id, ?::bigint, ?::text, ?::boolean, ?::bigint FROM tickets t WHERE t.tenant_id = ? AND t.id = ? RETURNING ${COMMENT_COLUMNS}`;

/**
 * Deletes the tickets (comments and collaborators cascade) and unlinks the
 * incidents of deleted problems. The UPDATE skips tickets being deleted: one
 * statement must not touch a row twice.
 */
const DELETE_TICKETS = `
WITH deleted AS (DELETE FROM tickets WHERE tenant_id = ? AND id = ANY(?::bigint[]) RETURNING tenant_id, id),
unlinked AS (
  UPDATE tickets t SET problem_id = NULL WHERE t.tenant_id = ? AND t.problem_id IN (SELECT id FROM deleted) AND t.id <> ALL(?::bigint[])
)
SELECT count(*) AS deleted FROM deleted`;

/** The tickets `user` collaborates on (alias `t`); the parameters are tenant and user. */
const COLLABORATES = "EXISTS (SELECT 1 FROM ticket_collaborators c WHERE c.tenant_id = t.tenant_id AND c.ticket_id = t.id AND c.user_id = ?)";

/**
 * One UPDATE for requested and collaborated tickets (two would touch a ticket
 * that is both twice); the CASEs read the row's old values. Copying and
 * dropping collaborations touch disjoint rows since `from` is not `to`.
 */
const REASSIGN_USER = `
WITH moved AS (
  UPDATE tickets t SET
    requester_id = CASE WHEN t.requester_id = ? THEN ? ELSE t.requester_id END,
    organization_id = CASE WHEN t.requester_id = ? THEN ? ELSE t.organization_id END,
    updated_at = ?
  WHERE t.tenant_id = ? AND (t.requester_id = ? OR ${COLLABORATES})
),
authored AS (UPDATE ticket_comments SET author_id = ? WHERE tenant_id = ? AND author_id = ?),
copied AS (
  INSERT INTO ticket_collaborators (tenant_id, ticket_id, user_id)
  SELECT tenant_id, ticket_id, ?::bigint FROM ticket_collaborators WHERE tenant_id = ? AND user_id = ?
  ON CONFLICT DO NOTHING
),
dropped AS (DELETE FROM ticket_collaborators WHERE tenant_id = ? AND user_id = ?)
SELECT 1`;

const RELEASE_USER = `
WITH released AS (
  UPDATE tickets t SET assignee_id = CASE WHEN t.assignee_id = ? THEN NULL ELSE t.assignee_id END, updated_at = ?
  WHERE t.tenant_id = ? AND (t.assignee_id = ? OR ${COLLABORATES})
),
dropped AS (DELETE FROM ticket_collaborators WHERE tenant_id = ? AND user_id = ?)
SELECT 1`;

export interface TicketRepositoryOptions {
  /** True on a transaction's connection: `getForUpdate` then locks the row until the transaction ends. */
  inTransaction: boolean;
}

/** Tickets with their comments and collaborators; ids are per-tenant numbers from the tenant's counter. */
export function createTicketRepository(db: Knex, options: TicketRepositoryOptions): TicketRepository {
  const select = async (tenantId: number, id: number, lock: boolean) => {
    // NO KEY UPDATE: what the following UPDATE takes anyway; unlike FOR UPDATE it lets comments referencing the ticket be inserted meanwhile.
    const sql = `SELECT ${TICKET_SELECT} FROM tickets t WHERE t.tenant_id = ? AND t.id = ?${lock ? " FOR NO KEY UPDATE OF t" : ""}`;
    const [row] = await queryRows<TicketRow>(db, sql, [tenantId, id]);
    return row === undefined ? null : toTicket(row);
  };

  return {
    async create(tenantId, data, firstComment) {
      const columns = ticketColumns(data);
      const collaborators = uniqueSorted(data.collaborator_ids);
      const params = [tenantId, ...COLUMNS.map((c) => columns[c] ?? null), collaborators];
      params.push(firstComment.author_id, firstComment.content, firstComment.public, firstComment.created_at);
      const [row] = await queryRows<Omit<TicketRow, "collaborator_ids">>(db, INSERT_TICKET, params);
      if (row === undefined) throw new HelpdeskError("TENANT_NOT_FOUND");
      return toTicket({ ...row, collaborator_ids: collaborators });
    },
    get: (tenantId, id) => select(tenantId, id, false),
    // Outside a transaction a lock would end with the statement: a plain read is the same thing.
    getForUpdate: (tenantId, id) => select(tenantId, id, options.inTransaction),
    async update(tenantId, id, patch) {
      // Only the patched columns are written, so concurrent updates of different fields both survive.
      const columns = ticketColumns(patch);
      const names = COLUMNS.filter((c) => c in columns);
      const params: unknown[] = [...names.map((c) => columns[c]), tenantId, id];
      const collaborators = patch.collaborator_ids === undefined ? undefined : uniqueSorted(patch.collaborator_ids);
      if (collaborators !== undefined) params.push(collaborators, collaborators);
      const sql =
        `WITH ticket AS (UPDATE tickets SET ${names.map((c) => `${c} = ?`).join(", ")} WHERE tenant_id = ? AND id = ? RETURNING *)` +
        (collaborators === undefined ? "" : REPLACE_COLLABORATORS) +
        // The statement's own collaborator changes are invisible to its SELECT, hence the replaced list from here.
        ` SELECT ticket.*, ${collaborators === undefined ? collaboratorIds("ticket") : "NULL AS collaborator_ids"} FROM ticket`;
      const [row] = await queryRows<TicketRow>(db, sql, params);
      if (row === undefined) return null;
      return toTicket(collaborators === undefined ? row : { ...row, collaborator_ids: collaborators });
    },
    async addComment(tenantId, ticketId, comment) {
      const params = [comment.author_id, comment.content, comment.public, comment.created_at, tenantId, ticketId];
      const [row] = await queryRows<TicketCommentRow>(db, INSERT_COMMENT, params);
      if (row === undefined) throw new HelpdeskError("TICKET_NOT_FOUND");
      return toTicketComment(row);
    },
    async listComments(tenantId, ticketId) {
      const rows: TicketCommentRow[] = await db("ticket_comments")
        .select(db.raw(COMMENT_COLUMNS))
        .where({ tenant_id: tenantId, ticket_id: ticketId })
        .orderBy([{ column: "created_at" }, { column: "id" }]);
      return rows.map(toTicketComment);
    },
    async delete(tenantId, ids) {
      if (ids.length === 0) return 0;
      const [row] = await queryRows<{ deleted: string }>(db, DELETE_TICKETS, [tenantId, ids, tenantId, ids]);
      return Number(row?.deleted ?? 0);
    },
    async list(tenantId, filter, sort, window) {
      const filtered = ticketQuery(db, tenantId, filter);
      return selectPage(db, { filtered, select: TICKET_SELECT, order: orderBy(sort, TICKET_SORT), window, map: toTicket });
    },
    async countRequestedBy(tenantId, userId) {
      const [row] = await queryRows<{ count: string }>(db, "SELECT count(*) AS count FROM tickets WHERE tenant_id = ? AND requester_id = ?", [tenantId, userId]);
      return Number(row?.count ?? 0);
    },
    async reassignUser(tenantId, fromId, toId, organizationId, at) {
      if (fromId === toId) return;
      await db.raw(REASSIGN_USER, [
        fromId, toId, fromId, organizationId, at, tenantId, fromId, fromId,
        toId, tenantId, fromId,
        toId, tenantId, fromId,
        tenantId, fromId,
      ]);
    },
    async releaseUser(tenantId, userId, at) {
      await db.raw(RELEASE_USER, [userId, at, tenantId, userId, userId, tenantId, userId]);
    },
    async getComment(tenantId, ticketId, commentId) {
      const sql = `SELECT ${COMMENT_COLUMNS} FROM ticket_comments WHERE id = ? AND tenant_id = ? AND ticket_id = ?`;
      const [row] = await queryRows<TicketCommentRow>(db, sql, [commentId, tenantId, ticketId]);
      return row === undefined ? null : toTicketComment(row);
    },
    async count(tenantId, filter) {
      const [row] = (await ticketQuery(db, tenantId, filter).count({ count: "*" })) as Array<{ count: Int8 }>;
      return row === undefined ? 0 : toNumber(row.count);
    },
  };
}
