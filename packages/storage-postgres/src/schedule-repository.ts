import type { ScheduleRepository } from "@helpdesk/core";
import type { Knex } from "knex";
import { queryRows } from "./sql-helpers";

/**
 * Runs of scheduled jobs. The primary key (name, slot) lets exactly one insert
 * of a run succeed: a concurrent insert of the same run waits for the first
 * one's transaction, then does nothing and returns no row.
 */
const CLAIM = "INSERT INTO schedule_claims (name, slot, claimed_at) VALUES (?, ?, ?) ON CONFLICT (name, slot) DO NOTHING RETURNING 1 AS claimed";

export function createScheduleRepository(db: Knex): ScheduleRepository {
  return {
    async claim(name, slot, at) {
      return (await queryRows(db, CLAIM, [name, slot, at])).length === 1;
    },
  };
}
