import { closeSync, existsSync, openSync, writeSync } from "node:fs";
import { ReportedFailure, UsageError } from "./cli-errors";
import { createImportProgress, summaryLine } from "./import-progress";
import { DATABASE_USAGE, openDesk } from "./open-database";
import { COMMON_OPTIONS, integerOption, parseOptions, required } from "./parse-options";
import { tenantAdminDesk } from "./tenant-admin";
import { DEFAULT_IMPORT_BATCH, importTicketFile, type RejectedLine } from "./ticket-file-import";

export const IMPORT_USAGE = `Usage: helpdesk import tickets FILE.jsonl --host H [--rejects FILE] [--batch N]

Imports the tickets of FILE (JSON Lines: one ticket per line, as the body of
POST /apiv2/imports/tickets.json, with or without its "ticket" key) into the
tenant at host H, acting as its first admin. As with that route, times and
authors are kept as given, every named user must exist, and no trigger or
other rule acts on the tickets. Tickets are written in transactions of --batch
tickets; a line that is not JSON or is refused is reported on stderr with its
line number and does not stop the others.

Progress goes to stderr (a bar on a terminal, a line every 5 s otherwise);
the summary (imported, rejected, time, tickets/s) to stdout. Exit code 0 when
every line was imported, 1 when some were rejected.

Options:
  --host H               the tenant's host
  --rejects FILE         also write each rejected line to FILE as JSON
                         ({"line", "code", "message", "details", "text"})
  --batch N              tickets per transaction (default ${DEFAULT_IMPORT_BATCH})
  -h, --help             show this help
${DATABASE_USAGE}`;

/** `helpdesk import tickets FILE --host H`. */
export async function importCommand(args: string[]): Promise<void> {
  const [sub, file, ...rest] = args;
  if (sub === undefined || sub === "--help" || sub === "-h") {
    console.log(IMPORT_USAGE);
    return;
  }
  if (sub !== "tickets") throw new UsageError(`unknown command: import ${sub}`, IMPORT_USAGE);
  if (file === "--help" || file === "-h") {
    console.log(IMPORT_USAGE);
    return;
  }
  if (file === undefined || file.startsWith("-")) throw new UsageError("FILE is required", IMPORT_USAGE);
  const options = parseOptions(rest, { ...COMMON_OPTIONS, host: { type: "string" }, rejects: { type: "string" }, batch: { type: "string" } }, IMPORT_USAGE);
  if (options.help) {
    console.log(IMPORT_USAGE);
    return;
  }
  const host = required(options.host, "host", IMPORT_USAGE);
  const batchSize = integerOption(options.batch, "batch", DEFAULT_IMPORT_BATCH, IMPORT_USAGE);
  if (batchSize < 1) throw new UsageError("--batch must be at least 1", IMPORT_USAGE);
  if (!existsSync(file)) throw new UsageError(`no such file: ${file}`, IMPORT_USAGE);

  const opened = await openDesk(options, IMPORT_USAGE);
  let rejects: number | null = null;
  try {
    if (typeof options.rejects === "string") rejects = openForWriting(options.rejects);
    const desk = await tenantAdminDesk(opened, host);
    const progress = createImportProgress(process.stderr);
    const onRejected = (r: RejectedLine) => {
      progress.clear();
      process.stderr.write(`line ${r.line}: ${r.code}: ${r.message}\n`);
      if (rejects !== null) writeSync(rejects, `${JSON.stringify({ line: r.line, code: r.code, message: r.message, details: r.details, text: r.text })}\n`);
    };
    const summary = await importTicketFile({ imports: desk.imports, file, batchSize, onRejected, onProgress: progress.update });
    progress.clear();
    console.log(summaryLine(summary));
    if (summary.rejected > 0) throw new ReportedFailure(`${summary.rejected} lines were rejected`);
  } finally {
    if (rejects !== null) closeSync(rejects);
    await opened.close();
  }
}

/** Opens the --rejects file before anything is imported, so that an unwritable path is a usage error. */
function openForWriting(file: string): number {
  try {
    return openSync(file, "w");
  } catch (error) {
    throw new UsageError(`cannot write --rejects ${file}: ${error instanceof Error ? error.message : String(error)}`, IMPORT_USAGE);
  }
}
