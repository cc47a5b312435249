/**
 * Ticket import throughput on SQLite: `helpdesk import tickets`' own path
 * (the file streamed line by line, JSON parsed, validated by the core,
 * written 500 tickets per transaction) against raw inserts of the same
 * tickets through the storage's `tickets.create` and `addComment`, measured
 * in the same run. Every ticket has two comments.
 *
 *   pnpm tsx bench/import.ts [--tickets 20000]
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import { createHelpDesk, type NewTicket, type Storage, type Tenant, type User } from "@helpdesk/core";
import { importTicketFile } from "../packages/http/src/cli/ticket-file-import";
import { sqliteStorage } from "@helpdesk/storage-sqlite";
import { seed } from "./seed";

const BATCH = 500;

/** Wall time and this process's CPU time of `fn`, in ms: on a shared, loaded machine the second is the steadier figure. */
async function timed(fn: () => Promise<void>): Promise<{ wall: number; cpu: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  await fn();
  const used = process.cpuUsage(cpu);
  return { wall: performance.now() - started, cpu: (used.user + used.system) / 1000 };
}
const START = Date.UTC(2020, 0, 1);

/** The i-th ticket of the file: a requester's question and the admin's answer, a minute apart. */
function ticketLine(i: number, requesterId: number, adminId: number): string {
  const at = START + i * 60_000;
  return JSON.stringify({
    ticket: {
      requester_id: requesterId,
      title: `Imported ticket ${i}: the printer does not print`,
      tags: ["imported", `t${i % 10}`],
      created_at: at / 1000,
      status: "open",
      assignee_id: adminId,
      comments: [
        { author_id: requesterId, content: `Question of ticket ${i}`, created_at: at / 1000 },
        { author_id: adminId, content: `Answer to ticket ${i}`, public: true, created_at: at / 1000 + 60 },
      ],
    },
  });
}

/** The same ticket as storage records, for the raw baseline. */
function ticketRecord(i: number, requesterId: number, adminId: number): NewTicket {
  const at = START + i * 60_000;
  return {
    title: `Imported ticket ${i}: the printer does not print`,
    description: `Question of ticket ${i}`,
    type: null,
    status: "open",
    priority: null,
    recipient: null,
    requester_id: requesterId,
    assignee_id: adminId,
    organization_id: null,
    group_id: null,
    problem_id: null,
    due_date: null,
    created_at: at,
    updated_at: at + 60_000,
    assigneed_at: at + 60_000,
    resolved_at: null,
    closed_at: null,
    pending_at: null,
    requester_updated_at: at,
    assignee_updated_at: at + 60_000,
    source: "api",
    collaborator_ids: [],
    tags: ["imported", `t${i % 10}`],
    custom_fields: [],
    satisfaction_rating: null,
  };
}

/** A fresh SQLite database with the bench tenant, its admin and 50 requesters. */
async function freshBank<T>(dir: string, name: string, run: (storage: Storage, tenant: Tenant, admin: User, requesters: number[]) => Promise<T>): Promise<T> {
  const db = new Database(join(dir, `${name}.db`));
  try {
    const storage = sqliteStorage(db);
    const { tenant, admin } = await seed(storage, 0, name);
    const { items } = await storage.users.list(tenant.id, { roles: ["end_user"] }, [{ by: "id", dir: "asc" }], { limit: 100, offset: 0 });
    return await run(storage, tenant, admin, items.map((u) => u.id));
  } finally {
    db.close();
  }
}

/** Runs the import and the raw baseline over `count` tickets and returns the markdown table. */
export async function runImportBench(count = 20_000): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "helpdesk-import-bench-"));
  try {
    const imported = await freshBank(dir, "import", async (storage, tenant, admin, requesters) => {
      const file = join(dir, "tickets.jsonl");
      writeFileSync(file, Array.from({ length: count }, (_, i) => ticketLine(i, requesters[i % requesters.length]!, admin.id)).join("\n"));
      const imports = createHelpDesk({ storage }).as(tenant.id, admin).imports;
      return timed(async () => {
        const summary = await importTicketFile({ imports, file, batchSize: BATCH });
        if (summary.imported !== count) throw new Error(`imported ${summary.imported} of ${count}: ${summary.rejected} rejected`);
      });
    });
    const raw = await freshBank(dir, "raw", (storage, tenant, admin, requesters) =>
      timed(async () => {
        for (let done = 0; done < count; done += BATCH) {
          await storage.transaction(async (tx) => {
            for (let i = done; i < Math.min(count, done + BATCH); i++) {
              const requester = requesters[i % requesters.length]!;
              const record = ticketRecord(i, requester, admin.id);
              const first = { author_id: requester, content: record.description, public: true, created_at: record.created_at };
              const ticket = await tx.tickets.create(tenant.id, record, first);
              await tx.tickets.addComment(tenant.id, ticket.id, { author_id: admin.id, content: `Answer to ticket ${i}`, public: true, created_at: record.updated_at });
            }
          });
        }
      }),
    );
    const rate = (ms: number) => Math.round((count * 1000) / ms);
    const row = (name: string, t: { wall: number; cpu: number }, target: string) =>
      `| ${name} | ${count} | ${(t.wall / 1000).toFixed(2)} s | **${rate(t.wall)}** | ${rate(t.cpu)} | ${target} |`;
    return [
      "| SQLite, tickets with 2 comments each | tickets | wall time | tickets/s | tickets per CPU-second | target |",
      "|---|---:|---:|---:|---:|---|",
      row(`\`helpdesk import tickets\` path: stream, JSON.parse, core validation, ${BATCH} per transaction`, imported, "≥ 2,000/s"),
      row(`baseline: raw \`tickets.create\` + \`addComment\`, ${BATCH} per transaction`, raw, ""),
      "",
      `import ÷ raw inserts: **${(raw.wall / imported.wall).toFixed(2)}** wall, ${(raw.cpu / imported.cpu).toFixed(2)} CPU. ` +
        `Load average ${loadavg().map((l) => l.toFixed(2)).join(" / ")} on ${cpus().length} CPUs at the end of the run.`,
    ].join("\n");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { tickets: { type: "string", default: "20000" } } });
  console.log(await runImportBench(Number(values.tickets)));
}
