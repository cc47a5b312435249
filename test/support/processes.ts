import { spawn, type ChildProcess } from "node:child_process";
import { join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

const ROOT = resolve(import.meta.dirname, "../..");
const MAIN = join(ROOT, "packages/http/src/cli/main.ts");

/** A `helpdesk serve` running as a real process of its own. */
export interface ServerProcess {
  port: number;
  output(): string;
  stop(): Promise<number | null>;
}

/** Starts `helpdesk serve <args> --port 0` and resolves once it listens. */
export async function startServeProcess(args: string[]): Promise<ServerProcess> {
  const child: ChildProcess = spawn(process.execPath, ["--import", import.meta.resolve("tsx"), MAIN, "serve", ...args, "--port", "0"], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: "" },
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((done) => child.once("exit", (code) => done((exitCode = code))));
  const listening = /listening on http:\/\/127\.0\.0\.1:(\d+)/;
  // Waiting for a child process to say it is ready: polling its output is the only signal there is.
  for (let waited = 0; !listening.test(output); waited += 50) {
    if (exitCode !== undefined || waited > 30_000) throw new Error(`helpdesk serve did not start:\n${output}`);
    await sleep(50);
  }
  const port = Number(listening.exec(output)![1]);
  return {
    port,
    output: () => output,
    stop: () => {
      child.kill("SIGTERM");
      return exited;
    },
  };
}

/** Runs `helpdesk <args>` as a real process to its end. */
export function runHelpdesk(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ["--import", import.meta.resolve("tsx"), MAIN, ...args], { cwd: ROOT, env: { ...process.env, DATABASE_URL: "" } });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((done) => child.on("close", (status) => done({ status, stdout, stderr })));
}
