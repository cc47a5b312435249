import type { ScheduleRepository } from "@helpdesk/core";
import type { Prepare } from "./sqlite-database";
import type { SyncRepository } from "./sync-repository";

/** Runs of scheduled jobs: the primary key (name, slot) lets exactly one insert of a run succeed, whichever connection makes it. */
export function createScheduleRepository(prepare: Prepare): SyncRepository<ScheduleRepository> {
  const insert = prepare("INSERT INTO schedule_claims (name, slot, claimed_at) VALUES (?, ?, ?) ON CONFLICT (name, slot) DO NOTHING");
  return {
    claim(name, slot, at) {
      return insert.run(name, slot, at).changes === 1;
    },
  };
}
