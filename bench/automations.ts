/**
 * An automation run's cost follows the tickets that match, not the size of
 * the table: "close tickets solved more than 24 hours ago" over 10,000 and
 * over 100,000 open tickets on SQLite, with the same 200 matching tickets.
 *
 *   pnpm tsx bench/automations.ts [--matches 200]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import { createHelpDesk } from "@helpdesk/core";
import { sqliteStorage } from "@helpdesk/storage-sqlite";
import { seed } from "./seed";

const HOUR = 3_600_000;
async function measure(size: number, matches: number): Promise<{ size: number; ms: number; fired: number }> {
  const dir = mkdtempSync(join(tmpdir(), "helpdesk-automation-bench-"));
  const db = new Database(join(dir, "bench.db"));
  try {
    const storage = sqliteStorage(db);
    const { tenant, admin } = await seed(storage, size, `${size} open tickets`, false);
    const desk = createHelpDesk({ storage, clock: () => Date.UTC(2025, 0, 1) });
    const as = desk.as(tenant.id, admin);
    for (let i = 0; i < matches; i++) {
      await as.tickets.create({ title: `solved ${i}`, comment: { content: "done" }, assignee_id: admin.id, status: "solved" });
    }
    await as.automations.create({
      title: "Close solved after a day",
      conditions: { all: [{ source: "status", operator: "is", value: "3" }, { source: "resolved", operator: "greater_than", value: "24" }] },
      actions: [{ source: "status", value: "4" }],
    });
    const at = Date.UTC(2025, 0, 1) + 48 * HOUR;
    const start = performance.now();
    const report = await desk.runAutomations({ at });
    return { size, ms: performance.now() - start, fired: report.fired.length };
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs both sizes and returns the markdown table. */
export async function runAutomationBench(matches = 200): Promise<string> {
  const small = await measure(10_000, matches);
  const large = await measure(100_000, matches);
  return [
    `| open tickets | matching | fired | run time |`,
    `|---:|---:|---:|---:|`,
    ...[small, large].map((r) => `| ${r.size} | ${matches} | ${r.fired} | ${r.ms.toFixed(0)} ms |`),
    "",
    `100,000 ÷ 10,000 run time: **${(large.ms / small.ms).toFixed(2)}** (1.00 = cost independent of table size)`,
  ].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { matches: { type: "string", default: "200" } } });
  console.log(await runAutomationBench(Number(values.matches)));
}
