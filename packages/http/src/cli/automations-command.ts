import { formatApiDate, parseApiDate } from "@helpdesk/core";
import { UsageError } from "./cli-errors";
import { DATABASE_USAGE, openDesk } from "./open-database";
import { COMMON_OPTIONS, integerOption, parseOptions } from "./parse-options";

export const AUTOMATIONS_USAGE = `Usage: helpdesk automations run [--at "YYYY-MM-DD HH:MM:SS"]

Runs every tenant's enabled automations once, as of the given instant (UTC;
default now), prints progress per automation and then each firing as
"host  #ticket  automation". Running again for the same instant fires nothing
twice.

Options:
  --at TIME              the instant: YYYY-MM-DD HH:MM:SS, YYYY-MM-DD or Unix seconds
  --limit N              tickets one automation may act on in this run (default 1000)
  -h, --help             show this help
${DATABASE_USAGE}`;

export async function automationsCommand(args: string[]): Promise<void> {
  const [sub, ...rest] = args;
  if (sub === undefined || sub === "--help" || sub === "-h") {
    console.log(AUTOMATIONS_USAGE);
    return;
  }
  if (sub !== "run") throw new UsageError(`unknown command: automations ${sub}`, AUTOMATIONS_USAGE);
  const options = parseOptions(rest, { ...COMMON_OPTIONS, at: { type: "string" }, limit: { type: "string" } }, AUTOMATIONS_USAGE);
  if (options.help) {
    console.log(AUTOMATIONS_USAGE);
    return;
  }
  const at = typeof options.at === "string" ? parseApiDate(options.at) : Date.now();
  if (at === null) throw new UsageError("--at must be YYYY-MM-DD HH:MM:SS, YYYY-MM-DD or Unix seconds", AUTOMATIONS_USAGE);
  const limitPerAutomation = integerOption(options.limit, "limit", 1000, AUTOMATIONS_USAGE);

  const opened = await openDesk(options, AUTOMATIONS_USAGE);
  try {
    console.log(`Running automations as of ${formatApiDate(at)} UTC on ${opened.location}`);
    const report = await opened.desk.runAutomations({
      at,
      limitPerAutomation,
      onProgress: (p) => console.log(`  ${p.tenant.host}: "${p.title}" (#${p.automationId}): ${p.candidates} candidates, ${p.fired} fired`),
    });
    for (const f of report.fired) console.log(`fired  ${f.host}  #${f.ticketId}  ${f.title} (automation ${f.automationId})`);
    console.log(`${report.fired.length} firings from ${report.automations} automations in ${report.tenants} tenants`);
  } finally {
    await opened.close();
  }
}
