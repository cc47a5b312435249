import type { OutboxRepository } from "@helpdesk/core";
import type { Knex } from "knex";
import { json, toClaimedOutboxMessage, toOutboxMessage, type OutboxRow } from "./row-mappers";
import { queryRows, selectPage } from "./sql-helpers";

const COLUMNS = ["id", "tenant_id", "kind", "payload", "state", "attempts", "next_attempt_at", "last_error", "created_at", "sent_at", "ticket_id", "rule_id"];

/**
 * Locks up to `limit` due messages, skipping those another worker has locked
 * this instant, and leases them; once the lease is committed their
 * `next_attempt_at` lies ahead and no claim picks them until it passes. The
 * literal 'pending' lets Postgres use the partial index outbox_due.
 * MATERIALIZED keeps the locking SELECT a single step whatever the planner does.
 */
const CLAIM = `
WITH picked AS MATERIALIZED (
  SELECT id, next_attempt_at AS due FROM outbox
  WHERE state = 'pending' AND next_attempt_at <= ? AND kind = ANY(?::text[])
  ORDER BY next_attempt_at, id LIMIT ?
  FOR UPDATE SKIP LOCKED
),
claimed AS (
  UPDATE outbox o SET next_attempt_at = ? FROM picked WHERE o.id = picked.id RETURNING o.*, picked.due
)
SELECT * FROM claimed ORDER BY due, id`;

/**
 * The outbox. Claims take every tenant's messages; marking a message sent or
 * failed addresses it by its global id and touches only a pending message, so
 * a worker whose lease ran out cannot undo the outcome another worker recorded.
 */
export function createOutboxRepository(db: Knex): OutboxRepository {
  return {
    async enqueue(tenantId, messages) {
      if (messages.length === 0) return [];
      const rows: OutboxRow[] = await db("outbox")
        .insert(
          messages.map((m) => ({
            tenant_id: tenantId,
            kind: m.kind,
            payload: json(m.payload),
            state: "pending",
            attempts: 0,
            next_attempt_at: m.next_attempt_at,
            created_at: m.created_at,
            ticket_id: m.ticket_id,
            rule_id: m.rule_id,
          })),
        )
        .returning(COLUMNS);
      // Identity values follow the VALUES order; RETURNING's order is not promised.
      return rows.map(toOutboxMessage).sort((a, b) => a.id - b.id);
    },
    async claim(now, leaseUntil, limit, kinds) {
      const rows = await queryRows<OutboxRow>(db, CLAIM, [now, [...kinds], limit, leaseUntil]);
      return rows.map(toClaimedOutboxMessage);
    },
    async markSent(id, at) {
      await db("outbox").where({ id, state: "pending" }).update({ state: "sent", sent_at: at });
    },
    async markFailed(id, error, retryAt) {
      await db("outbox")
        .where({ id, state: "pending" })
        .update({
          attempts: db.raw("attempts + 1"),
          last_error: error,
          state: retryAt === null ? "failed" : "pending",
          next_attempt_at: retryAt ?? db.raw("next_attempt_at"),
        });
    },
    async list(tenantId, filter, window) {
      const filtered = db("outbox as o").where("o.tenant_id", tenantId);
      if (filter.state !== undefined) filtered.where("o.state", filter.state);
      return selectPage(db, { filtered, select: "o.*", order: { joins: [], terms: "o.created_at DESC, o.id DESC" }, window, map: toOutboxMessage });
    },
  };
}
