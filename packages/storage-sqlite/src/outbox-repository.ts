import type { NewOutboxMessage, OutboxKind, OutboxMessage, OutboxRepository, Window } from "@helpdesk/core";
import { payloadText, toClaimedOutboxMessage, toOutboxMessage, type OutboxRow } from "./row-mappers";
import { jsonList, selectPage, Where } from "./sql-helpers";
import { atomicRead, atomicWrite, type Prepare, type SqliteDatabase } from "./sqlite-database";
import type { SyncRepository } from "./sync-repository";

const COLUMNS = "id, tenant_id, kind, payload, state, attempts, next_attempt_at, last_error, created_at, sent_at, ticket_id, rule_id";
const NEWEST_FIRST = { sql: "o.created_at DESC, o.id DESC", params: [] };

/**
 * The outbox. Claims take every tenant's messages; marking a message sent or
 * failed addresses it by its global id and touches only a pending message, so
 * a worker whose lease ran out cannot undo the outcome another worker recorded.
 */
export function createOutboxRepository(db: SqliteDatabase, prepare: Prepare): SyncRepository<OutboxRepository> {
  const insert = prepare(
    "INSERT INTO outbox (tenant_id, kind, payload, state, attempts, next_attempt_at, created_at, ticket_id, rule_id) " +
      `VALUES (?, ?, ?, 'pending', 0, ?, ?, ?, ?) RETURNING ${COLUMNS}`,
  );
  // The literal 'pending' lets SQLite use the partial index outbox_due.
  const due = prepare(
    `SELECT ${COLUMNS} FROM outbox WHERE state = 'pending' AND next_attempt_at <= ? AND kind IN (SELECT value FROM json_each(?)) ORDER BY next_attempt_at, id LIMIT ?`,
  );
  const lease = prepare("UPDATE outbox SET next_attempt_at = ? WHERE id IN (SELECT value FROM json_each(?))");
  const sent = prepare("UPDATE outbox SET state = 'sent', sent_at = ? WHERE id = ? AND state = 'pending'");
  const failed = prepare(
    "UPDATE outbox SET attempts = attempts + 1, last_error = ?, next_attempt_at = coalesce(?, next_attempt_at), state = ? " +
      "WHERE id = ? AND state = 'pending'",
  );

  return {
    enqueue: atomicWrite(db, (tenantId: number, messages: NewOutboxMessage[]) =>
      messages.map((m) =>
        toOutboxMessage(insert.get(tenantId, m.kind, payloadText(m.payload), m.next_attempt_at, m.created_at, m.ticket_id, m.rule_id) as OutboxRow),
      ),
    ),
    // One write transaction: no other connection can claim between the read and the lease.
    claim: atomicWrite(db, (now: number, leaseUntil: number, limit: number, kinds: readonly OutboxKind[]) => {
      const rows = due.all(now, JSON.stringify(kinds), limit) as OutboxRow[];
      if (rows.length === 0) return [];
      lease.run(leaseUntil, jsonList(rows.map((row) => row.id)));
      return rows.map((row) => toClaimedOutboxMessage({ ...row, next_attempt_at: leaseUntil }));
    }),
    markSent(id, at) {
      sent.run(at, id);
    },
    markFailed(id, error, retryAt) {
      failed.run(error, retryAt, retryAt === null ? "failed" : "pending", id);
    },
    list: atomicRead(db, (tenantId: number, filter: { state?: OutboxMessage["state"] }, window: Window) => {
      const where = new Where().add("o.tenant_id = ?", tenantId);
      if (filter.state !== undefined) where.add("o.state = ?", filter.state);
      return selectPage(prepare, { select: "o.*", from: "outbox o", where, order: NEWEST_FIRST, window, map: toOutboxMessage });
    }),
  };
}
