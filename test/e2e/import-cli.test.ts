import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { importCommand } from "../../packages/http/src/cli/import-command";
import { runHelpdesk } from "../support/processes";
import { startTestServer, type TestServer, type TestUser } from "../support/server";

let server: TestServer;
let agent: TestUser;
let customer: TestUser;
const dir = mkdtempSync(join(tmpdir(), "helpdesk-import-cli-"));

beforeAll(async () => {
  server = await startTestServer();
  agent = await server.a.createAgent();
  customer = await server.a.createEndUser();
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const line = (title: string, authorId: number, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    ticket: {
      requester_id: customer.user.id,
      title,
      created_at: "2018-02-01 10:00:00",
      comments: [
        { author_id: customer.user.id, content: `${title}: the question`, created_at: "2018-02-01 10:00:00" },
        { author_id: authorId, content: `${title}: the answer`, public: false, created_at: "2018-02-02 11:00:00" },
      ],
      ...extra,
    },
  });

function writeFile(name: string, lines: string[]): string {
  const file = join(dir, name);
  writeFileSync(file, `${lines.join("\n")}\n`);
  return file;
}

const importArgs = (file: string, ...more: string[]) => ["import", "tickets", file, "--host", "a.test", ...server.database.cliArgs, ...more];

describe("helpdesk import tickets", () => {
  it("import - a bad line in a batch is reported with its number and reason; every other line is imported; exit code 1", async () => {
    const file = writeFile("mixed.jsonl", [
      line("First", agent.user.id),
      line("Second", agent.user.id),
      line("Unknown author", 999_999),
      "",
      "{not json",
      line("Third", agent.user.id, { status: "pending" }),
    ]);
    const rejects = join(dir, "rejects.jsonl");
    const before = (await server.a.admin.client.get("/apiv2/tickets.json")).body.count as number;
    // Batches of two: the bad line shares its batch with a good one.
    const run = await runHelpdesk(importArgs(file, "--batch", "2", "--rejects", rejects));
    expect(run.status, run.stderr).toBe(1);
    expect(run.stdout).toMatch(/^Imported 3 tickets, rejected 2, in \d+\.\d\d s \(\d[\d,]* tickets\/s\)\n$/);
    expect(run.stderr).toContain("line 3: RECORD_INVALID: Record validation errors: comments[1].author_id: no user with id 999999");
    expect(run.stderr).toMatch(/line 5: INVALID_JSON: Not JSON/);
    expect(run.stderr).toMatch(/^progress: +\d+% +\d+ imported/m);
    expect(run.stderr.indexOf("line 3:")).toBeLessThan(run.stderr.indexOf("line 5:"));
    const rejected = readFileSync(rejects, "utf8").trim().split("\n").map((l) => JSON.parse(l));
    expect(rejected.map((r) => [r.line, r.code])).toEqual([
      [3, "RECORD_INVALID"],
      [5, "INVALID_JSON"],
    ]);
    expect(rejected[0].details).toHaveProperty(["comments[1].author_id"]);
    expect(rejected[1].text).toBe("{not json");

    const list = await server.a.admin.client.get("/apiv2/tickets.json?per_page=100");
    expect(list.body.count).toBe(before + 3);
    const imported = list.body.tickets.slice(-3);
    expect(imported.map((t: { title: string }) => t.title)).toEqual(["First", "Second", "Third"]);
    expect(imported.map((t: { id: number }) => t.id - imported[0].id)).toEqual([0, 1, 2]);
    expect(imported[2]).toMatchObject({ status: "pending", created_at: "2018-02-01 10:00:00", updated_at: "2018-02-02 11:00:00", description: "Third: the question" });
    const comments = await server.a.admin.client.get(`/apiv2/tickets/${imported[2].id}/comments.json`);
    expect(comments.body.comments.map((c: Record<string, unknown>) => [c.author_id, c.public, c.created_at])).toEqual([
      [customer.user.id, true, "2018-02-01 10:00:00"],
      [agent.user.id, false, "2018-02-02 11:00:00"],
    ]);
  }, 60_000);

  it("import - exit code 0 when every line is imported; usage mistakes are usage errors", async () => {
    const file = writeFile("clean.jsonl", [line("Clean one", agent.user.id), line("Clean two", customer.user.id)]);
    const clean = await runHelpdesk(importArgs(file));
    expect(clean.status, clean.stderr).toBe(0);
    expect(clean.stdout).toMatch(/^Imported 2 tickets, rejected 0/);
    await expect(importCommand(["tickets", file, ...server.database.cliArgs])).rejects.toThrow("--host is required");
    await expect(importCommand(["tickets", "--host", "a.test"])).rejects.toThrow("FILE is required");
    await expect(importCommand(["tickets", join(dir, "missing.jsonl"), "--host", "a.test"])).rejects.toThrow("no such file");
    await expect(importCommand(["tickets", file, "--host", "a.test", "--batch", "0"])).rejects.toThrow("--batch must be at least 1");
    await expect(importCommand(["tickets", file, "--host", "a.test", "--rejects", join(dir, "no/such/dir.jsonl"), ...server.database.cliArgs])).rejects.toThrow("cannot write --rejects");
  }, 60_000);

  it("--help - explains the command", async () => {
    const lines: string[] = [];
    vi.spyOn(console, "log").mockImplementation((text: unknown) => void lines.push(String(text)));
    try {
      await importCommand(["tickets", "--help"]);
    } finally {
      vi.restoreAllMocks();
    }
    expect(lines.join("\n")).toMatch(/^Usage: helpdesk import tickets FILE\.jsonl --host H/);
  });
});
