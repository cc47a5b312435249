import type { RoundRobinRepository } from "@helpdesk/core";
import { jsonList } from "./sql-helpers";
import type { Prepare } from "./sqlite-database";
import type { SyncRepository } from "./sync-repository";

/**
 * Each group's last round-robin pick. One connection runs one transaction at
 * a time and BEGIN IMMEDIATE holds the file's write lock, so reading the turns
 * inside a transaction already keeps every other assignment waiting.
 */
export function createRoundRobinRepository(prepare: Prepare): SyncRepository<RoundRobinRepository> {
  const turns = prepare(
    "SELECT group_id, last_agent_id FROM round_robin_turns WHERE tenant_id = ? AND group_id IN (SELECT value FROM json_each(?))",
  );
  const save = prepare(
    "INSERT INTO round_robin_turns (tenant_id, group_id, last_agent_id) VALUES (?, ?, ?) " +
      "ON CONFLICT (tenant_id, group_id) DO UPDATE SET last_agent_id = excluded.last_agent_id",
  );

  return {
    lockTurns(tenantId, groupIds) {
      const last = new Map<number, number | null>(groupIds.map((id) => [id, null]));
      if (groupIds.length === 0) return last;
      for (const row of turns.all(tenantId, jsonList(groupIds)) as Array<{ group_id: number; last_agent_id: number | null }>) {
        last.set(row.group_id, row.last_agent_id);
      }
      return last;
    },
    saveTurn(tenantId, groupId, agentId) {
      save.run(tenantId, groupId, agentId);
    },
  };
}
