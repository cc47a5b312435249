import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { serveCommand } from "../../packages/http/src/cli/serve-command";
import { tenantCommand } from "../../packages/http/src/cli/tenant-command";
import { tokenCommand } from "../../packages/http/src/cli/token-command";
import { sendRequest } from "../support/http-client";

const ROOT = resolve(import.meta.dirname, "../..");
const MAIN = join(ROOT, "packages/http/src/cli/main.ts");
// `node --import tsx` starts one process where the tsx binary starts two.
const NODE_ARGS = ["--import", import.meta.resolve("tsx"), MAIN];
const dir = mkdtempSync(join(tmpdir(), "helpdesk-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

function start(args: string[], env: Record<string, string> = {}) {
  return spawn(process.execPath, [...NODE_ARGS, ...args], { cwd: dir, env: { ...process.env, DATABASE_URL: "", ...env } });
}

/** Runs `helpdesk …` as a real process to its end: for exit codes and signals. */
function helpdesk(args: string[], env: Record<string, string> = {}): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = start(args, env);
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((done) => child.on("close", (status) => done({ status, stdout, stderr })));
}

/** Runs a command in this process and returns what it printed. */
async function printed(run: () => Promise<void>): Promise<string> {
  const lines: string[] = [];
  vi.spyOn(console, "log").mockImplementation((line: unknown) => void lines.push(String(line)));
  await run();
  return lines.join("\n");
}

describe("helpdesk CLI commands", () => {
  it("--help - every command explains itself", async () => {
    expect(await printed(() => serveCommand(["--help"]))).toMatch(/^Usage: helpdesk serve/);
    expect(await printed(() => tenantCommand(["create", "--help"]))).toMatch(/^Usage: helpdesk tenant create/);
    expect(await printed(() => tokenCommand(["create", "--help"]))).toMatch(/^Usage: helpdesk token create/);
  });

  it("tenant create and token create - print JSON with API dates", async () => {
    const db = join(dir, "commands.db");
    const tenantArgs = ["create", "--db", db, "--host", "cli.test", "--name", "CLI", "--admin-email", "boss@cli.test", "--admin-password", "boss-password"];
    const tenant = JSON.parse(await printed(() => tenantCommand(tenantArgs)));
    expect(tenant.tenant).toMatchObject({ host: "cli.test", name: "CLI" });
    expect(tenant.tenant.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(tenant.admin).toMatchObject({ email: "boss@cli.test", role: "admin" });
    await expect(tenantCommand(tenantArgs)).rejects.toMatchObject({ code: "TENANT_HOST_TAKEN" });

    const token = JSON.parse(await printed(() => tokenCommand(["create", "--db", db, "--host", "cli.test"])));
    expect(token).toEqual({ token: expect.any(String), id: expect.any(Number) });
  });
});

describe("helpdesk CLI processes", () => {
  it("exit codes - 2 for usage mistakes, 1 for failures (an unreachable Postgres too, its password never shown); ./data/helpdesk.db by default", async () => {
    const [missing, unknown, postgres, noTenant] = await Promise.all([
      helpdesk(["tenant", "create", "--host", "x.test"]),
      helpdesk(["nonsense"]),
      helpdesk(["token", "create", "--host", "cli.test"], { DATABASE_URL: "postgres://user:secret@127.0.0.1:9/helpdesk" }),
      helpdesk(["token", "create", "--host", "unknown.test"]),
    ]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain("--name is required");
    expect(unknown.status).toBe(2);
    expect(postgres.status).toBe(1);
    expect(postgres.stderr).toMatch(/STORAGE_UNAVAILABLE/);
    expect(postgres.stderr).not.toContain("secret");
    expect(noTenant.status).toBe(1);
    expect(noTenant.stderr).toContain("TENANT_NOT_FOUND");
    expect(existsSync(join(dir, "data/helpdesk.db"))).toBe(true);
  });

  it("serve - creates a first tenant on an empty database, prints its admin once, stops on SIGTERM", async () => {
    const db = join(dir, "serve.db");
    const child = start(["serve", "--db", db, "--port", "0"]);
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((done) => child.on("exit", (code) => done(code)));
    try {
      await expect.poll(() => output, { timeout: 15_000 }).toMatch(/try: curl/);
      expect(output).toContain(`Database: ${db}`);
      const port = Number(/listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1]);
      const password = /admin password: (\S+)/.exec(output)?.[1] ?? "";
      expect(output).toContain(`curl -u admin@example.com:${password} http://localhost:${port}/apiv2/users/me.json`);
      const me = await sendRequest(port, "GET", "/apiv2/users/me.json", { host: `localhost:${port}`, auth: { email: "admin@example.com", password } });
      expect(me.status).toBe(200);
      expect(me.body.user.role).toBe("admin");
    } finally {
      child.kill("SIGTERM");
    }
    expect(await exited).toBe(0);
  }, 30_000);
});
