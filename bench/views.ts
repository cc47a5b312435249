/**
 * `count_many` of 20 views over 100,000 tickets on SQLite (or Postgres), against a
 * baseline measured in the same run: one plain COUNT(*) of the tenant's
 * tickets through the same adapter. Each figure is the median of a few
 * rounds in which the measurements take turns.
 *
 *   pnpm tsx bench/views.ts [--tickets 100000] [--repeat 9] [--postgres]
 */
import { cpus, loadavg } from "node:os";
import { parseArgs } from "node:util";
import { createHelpDesk, type ConditionInput, type Storage } from "@helpdesk/core";
import { createDatabase, type StorageKind } from "../test/support/database";
import { seed } from "./seed";

const c = (source: string, operator: string, value: string | null = null): ConditionInput => ({ source, operator, value });

/** Twenty views an agent team might keep: by status, priority, assignee, group, requester, channel, age, several combined. */
const VIEWS: Array<{ all: ConditionInput[]; any?: ConditionInput[] }> = [
  { all: [c("status", "is", "0")] },
  { all: [c("status", "is", "1")] },
  { all: [c("status", "is", "2")] },
  { all: [c("status", "is", "3")] },
  { all: [c("status", "less_than", "3")] },
  { all: [c("status", "is_not", "4")] },
  { all: [c("status", "greater_than", "0")] },
  { all: [c("priority", "is", "1")] },
  { all: [c("priority", "is", "3"), c("status", "less_than", "3")] },
  { all: [c("assignee_id", "is", "(current_user)"), c("status", "is_not", "4")] },
  { all: [c("assignee_id", "is", "empty"), c("status", "less_than", "3")] },
  { all: [c("group_id", "is", "empty"), c("status", "is", "1")] },
  { all: [c("group_id", "is", "(current_groups)")] },
  { all: [c("organization", "is", "empty"), c("status", "less_than", "3")] },
  { all: [c("type_id", "is", "0"), c("status", "is", "2")] },
  { all: [c("status", "is", "0"), c("created", "greater_than", "24")] },
  { all: [c("status", "is", "3"), c("resolved", "greater_than", "48")] },
  { all: [c("requester_id", "is", "2"), c("status", "less_than", "3")] },
  { all: [c("status", "less_than", "2")], any: [c("priority", "is", "3"), c("assignee_id", "is", "(current_user)")] },
  { all: [c("source", "is", "api"), c("status", "is", "2")] },
];

/** Tags live in the ticket row (JSON), not in an index: such a view reads the rows of its status range. */
const TAG_VIEW = { all: [c("status", "is", "1"), c("tags", "contain_at_least_one", "t1 t2")] };

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Median time of each task over `repeat` rounds, after one warm-up round.
 * The tasks take turns within each round, so a burst of load from other
 * processes falls on all of them alike and the ratios stay fair.
 */
async function timedTogether(repeat: number, tasks: Array<() => Promise<unknown>>): Promise<number[]> {
  const times = tasks.map((): number[] => []);
  for (let round = 0; round <= repeat; round++) {
    for (const [i, task] of tasks.entries()) {
      const start = performance.now();
      await task();
      if (round > 0) times[i]!.push(performance.now() - start);
    }
  }
  return times.map(median);
}

interface ViewsFigures {
  tickets: number;
  baselineMs: number;
  countManyMs: number;
  countMs: number;
  tagCountMs: number;
}

async function measure(storage: Storage, tickets: number, repeat: number): Promise<ViewsFigures> {
  const { tenant, admin } = await seed(storage, tickets, `${tickets} tickets`);
  const desk = createHelpDesk({ storage, clock: () => Date.UTC(2024, 6, 1) }).as(tenant.id, admin);
  const ids: number[] = [];
  for (const [i, conditions] of VIEWS.entries()) ids.push((await desk.views.create({ title: `View ${i}`, conditions })).id);
  const tagView = await desk.views.create({ title: "Tagged", conditions: TAG_VIEW });
  const [baselineMs, countManyMs, countMs, tagCountMs] = await timedTogether(repeat, [
    () => storage.tickets.count(tenant.id, { scope: { kind: "all" } }),
    () => desk.views.countMany(ids),
    () => desk.views.count(ids[4]!),
    () => desk.views.count(tagView.id),
  ]);
  return { tickets, baselineMs: baselineMs!, countManyMs: countManyMs!, countMs: countMs!, tagCountMs: tagCountMs! };
}

/** Seeds a fresh database of `kind` (SQLite file or Postgres schema), measures, and returns the markdown table. */
export async function runViewsBench(tickets = 100_000, repeat = 9, kind: StorageKind = "sqlite"): Promise<string> {
  const database = await createDatabase(kind);
  const opened = await database.open();
  try {
    const f = await measure(opened.storage, tickets, repeat);
    return [
      `| ${kind}, ${f.tickets} tickets | median ms | ÷ one COUNT(*) |`,
      "|---|---:|---:|",
      `| baseline: one plain COUNT(*) of the tenant's tickets | ${f.baselineMs.toFixed(2)} | 1.00 |`,
      `| count of one view (status less_than 3) | ${f.countMs.toFixed(2)} | ${(f.countMs / f.baselineMs).toFixed(2)} |`,
      `| count_many of ${VIEWS.length} views | **${f.countManyMs.toFixed(2)}** | ${(f.countManyMs / f.baselineMs).toFixed(2)} |`,
      `| count of one view with a tag condition (open, tagged t1 or t2) | ${f.tagCountMs.toFixed(2)} | ${(f.tagCountMs / f.baselineMs).toFixed(2)} |`,
      "",
      `count_many of ${VIEWS.length} views: **${f.countManyMs.toFixed(1)} ms** (target: well under 100 ms)`,
      "",
      `Node ${process.version}, ${cpus().length} CPUs, load average ${loadavg().map((l) => l.toFixed(2)).join(" / ")} at the end of the run.`,
    ].join("\n");
  } finally {
    await opened.close();
    await database.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { tickets: { type: "string", default: "100000" }, repeat: { type: "string", default: "9" }, postgres: { type: "boolean", default: false } },
  });
  console.log(await runViewsBench(Number(values.tickets), Number(values.repeat), values.postgres ? "postgres" : "sqlite"));
}
