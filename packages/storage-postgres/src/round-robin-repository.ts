import type { RoundRobinRepository } from "@helpdesk/core";
import type { Knex } from "knex";
import { toNullableNumber, toNumber, uniqueSorted, type Int8 } from "./row-mappers";
import { queryRows } from "./sql-helpers";

export interface RoundRobinRepositoryOptions {
  /** True on a transaction's connection: `lockTurns` then locks the turn rows until the transaction ends. */
  inTransaction: boolean;
}

// Both statements go through the groups in ascending id order, so two
// transactions locking overlapping groups wait for each other instead of deadlocking.
const ADD_MISSING_TURNS =
  "INSERT INTO round_robin_turns (tenant_id, group_id) SELECT ?, g FROM unnest(?::bigint[]) AS g ORDER BY g ON CONFLICT DO NOTHING";
const LOCK_TURNS =
  "SELECT group_id, last_agent_id FROM round_robin_turns WHERE tenant_id = ? AND group_id = ANY(?::bigint[]) ORDER BY group_id FOR UPDATE";
const READ_TURNS = "SELECT group_id, last_agent_id FROM round_robin_turns WHERE tenant_id = ? AND group_id = ANY(?::bigint[])";
const SAVE_TURN =
  "INSERT INTO round_robin_turns (tenant_id, group_id, last_agent_id) VALUES (?, ?, ?) " +
  "ON CONFLICT (tenant_id, group_id) DO UPDATE SET last_agent_id = excluded.last_agent_id";

/**
 * Each group's last round-robin pick, one row per group. Locking needs a row:
 * a group's first turn inserts it (a concurrent first turn waits on that
 * insert), then SELECT … FOR UPDATE holds every row until the transaction ends.
 */
export function createRoundRobinRepository(db: Knex, options: RoundRobinRepositoryOptions): RoundRobinRepository {
  return {
    async lockTurns(tenantId, groupIds) {
      const last = new Map<number, number | null>(groupIds.map((id) => [id, null]));
      const ids = uniqueSorted(groupIds);
      if (ids.length === 0) return last;
      // Outside a transaction a lock would end with the statement: a plain read is the same thing.
      if (options.inTransaction) await db.raw(ADD_MISSING_TURNS, [tenantId, ids]);
      const rows = await queryRows<{ group_id: Int8; last_agent_id: Int8 | null }>(db, options.inTransaction ? LOCK_TURNS : READ_TURNS, [tenantId, ids]);
      for (const row of rows) last.set(toNumber(row.group_id), toNullableNumber(row.last_agent_id));
      return last;
    },
    async saveTurn(tenantId, groupId, agentId) {
      await db.raw(SAVE_TURN, [tenantId, groupId, agentId]);
    },
  };
}
