/**
 * Throughput of the help desk on SQLite and on Postgres, against two
 * baselines measured in the same run: (a) a bare node:http server returning
 * the same JSON bytes from memory and (b) the same storage read served by a
 * plain Fastify route.
 *
 *   pnpm bench [--tickets 100000] [--duration 10] [--connections 16] [--no-postgres] [--write]
 *
 * `--write` records the figures in bench/RESULTS.md. Servers run in child
 * processes (the help desk as `helpdesk serve`); the load generator runs
 * here. Ratios, not absolute numbers, are what compare across these noisy machines.
 */
import autocannon from "autocannon";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createDatabase, type StorageKind } from "../test/support/database";
import { startServeProcess } from "../test/support/processes";
import { runAutomationBench } from "./automations";
import { runImportBench } from "./import";
import { runRulesBench } from "./rules-engine";
import { runViewsBench } from "./views";
import { ADMIN, BENCH_HOST, seed } from "./seed";

const { values: args } = parseArgs({
  options: {
    tickets: { type: "string", default: "100000" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "16" },
    "no-postgres": { type: "boolean", default: false },
    "http-only": { type: "boolean", default: false },
    write: { type: "boolean", default: false },
  },
});
const TICKETS = Number(args.tickets);
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const here = new URL(".", import.meta.url).pathname;
const auth = `Basic ${Buffer.from(`${ADMIN.email}:${ADMIN.password}`).toString("base64")}`;
const headers = { host: BENCH_HOST, authorization: auth };

/** Starts a baseline server script and resolves once it prints "listening". */
function startBaseline(script: string, argv: string[]): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", join(here, "servers", script), ...argv], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`${script} exited with ${code}`)));
    child.stdout!.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("listening")) resolve(child);
    });
  });
}

async function stopBaseline(child: ChildProcess): Promise<void> {
  child.removeAllListeners("exit");
  await new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

// The same pseudo-random ticket ids for every server.
const ids = Array.from({ length: 4096 }, (_, i) => 1 + ((i * 7919 + 13) % TICKETS));

/** Average req/s of GET /apiv2/tickets/{id}.json over the ids above, or of one fixed POST. */
async function load(port: number, post?: unknown): Promise<number> {
  let n = 0;
  const request: autocannon.Request =
    post === undefined
      ? { method: "GET", setupRequest: (req) => ({ ...req, path: `/apiv2/tickets/${ids[n++ % ids.length]}.json` }) }
      : { method: "POST", path: "/apiv2/tickets.json", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(post) };
  const result = await autocannon({ url: `http://127.0.0.1:${port}`, connections: CONNECTIONS, duration: DURATION, headers, requests: [request] });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`port ${port}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result.requests.average;
}

interface Figures {
  get: number;
  post: number;
  fastify: number;
}

/** Seeds a fresh database of `kind`, then measures the help desk and the Fastify baseline on it. */
async function measure(kind: StorageKind, bodyFile: string): Promise<Figures> {
  const database = await createDatabase(kind);
  try {
    const opened = await database.open();
    const { tenant } = await seed(opened.storage, TICKETS, kind).finally(() => opened.close());
    const ours = await startServeProcess(database.cliArgs);
    let get: number;
    let post: number;
    try {
      const sample = await fetch(`http://127.0.0.1:${ours.port}/apiv2/tickets/${ids[0]}.json`, { headers });
      writeFileSync(bodyFile, Buffer.from(await sample.arrayBuffer()));
      console.log(`${kind}: helpdesk GET and POST, ${DURATION}s each`);
      get = await load(ours.port);
      post = await load(ours.port, { ticket: { title: "Bench ticket", comment: { content: "Created by the benchmark" }, priority: "low" } });
    } finally {
      await ours.stop();
    }
    console.log(`${kind}: Fastify baseline`);
    const fastify = await startBaseline("fastify.ts", ["3103", String(tenant.id), ...database.cliArgs]);
    try {
      return { get, post, fastify: await load(3103) };
    } finally {
      await stopBaseline(fastify);
    }
  } finally {
    await database.drop();
  }
}

const NOTES = `## Reading the figures

- Baseline (b) runs the adapter's own \`tickets.get\` (SQLite or Postgres) (the same query and row mapping the help desk runs) in a Fastify route with no tenancy, no authentication and Fastify's default serializer. The help desk additionally resolves the tenant from \`Host\`, checks Basic credentials (a cached scrypt verification revalidated by one narrow indexed read of the user's password hash and version, so a changed password fails at once in every process), checks the actor's role and ticket restriction, and writes dates and urls.
- On these 2-core machines the load generator shares the CPU with the server, and per-request CPU (not I/O) bounds every server; Fastify itself reaches well under half of the bare server here, so the "half of bare node:http" target is out of reach for any server that reads SQLite per request on this hardware.`;

const dir = mkdtempSync(join(tmpdir(), "helpdesk-bench-"));
try {
  const bodyFile = join(dir, "body.json");
  const kinds: StorageKind[] = args["no-postgres"] ? ["sqlite"] : ["sqlite", "postgres"];
  const figures = new Map<StorageKind, Figures>();
  for (const kind of kinds) figures.set(kind, await measure(kind, bodyFile));
  console.log("bare node:http baseline");
  const bare = await startBaseline("bare.ts", [bodyFile, "3102"]);
  const bareGet = await load(3102).finally(() => stopBaseline(bare));

  const rows = [`| bare node:http, bytes from memory (a) | ${Math.round(bareGet)} | | |`];
  for (const [kind, f] of figures) {
    rows.push(`| ${kind}: Fastify route, same storage read (b) | ${Math.round(f.fastify)} | | |`);
    rows.push(`| ${kind}: helpdesk GET /apiv2/tickets/{id}.json | ${Math.round(f.get)} | **${(f.get / f.fastify).toFixed(2)}** | **${(f.get / bareGet).toFixed(2)}** |`);
    rows.push(`| ${kind}: helpdesk POST /apiv2/tickets.json | ${Math.round(f.post)} | | |`);
  }
  const table = ["| server | req/s | ÷ Fastify (target ≥ 1.00) | ÷ bare (target ≥ 0.50) |", "|---|---:|---:|---:|", ...rows].join("\n");
  console.log(`\n${table}`);
  let rules = "";
  if (!args["http-only"]) {
    console.log("rule engine");
    const engine = await runRulesBench();
    console.log(engine);
    console.log("automation run");
    const automations = await runAutomationBench();
    console.log(automations);
    const views: string[] = [];
    for (const kind of kinds) {
      console.log(`${kind}: view counts`);
      views.push(await runViewsBench(TICKETS, 9, kind));
      console.log(views.at(-1));
    }
    rules =
      `\n\n## Rule engine (\`pnpm tsx bench/rules-engine.ts\`)\n\n${engine}\n\n## Automation run over SQLite (\`pnpm tsx bench/automations.ts\`)\n\n${automations}` +
      `\n\n## View counts (\`pnpm tsx bench/views.ts [--postgres]\`)\n\n${views.join("\n\n")}`;
    console.log("ticket import");
    const imports = await runImportBench();
    console.log(imports);
    rules += `\n\n## Ticket import over SQLite (\`pnpm tsx bench/import.ts\`)\n\n${imports}`;
  }
  if (args.write) {
    const when = new Date().toISOString().slice(0, 16).replace("T", " ");
    const setup = `${TICKETS} tickets, ${CONNECTIONS} connections, ${DURATION} s per measurement, 2-core machine; servers in child processes (the help desk as \`helpdesk serve\`), autocannon in the parent`;
    writeFileSync(join(here, "RESULTS.md"), `# Benchmark results\n\nMeasured ${when} UTC with \`pnpm bench --write\` (${setup}).\n\n## HTTP\n\n${table}\n\n${NOTES}${rules}\n`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
