import { HelpdeskError } from "@helpdesk/core";
import { EXIT_FAILURE, EXIT_USAGE, ReportedFailure, UsageError } from "./cli-errors";
import { DATABASE_USAGE } from "./open-database";
import { serveCommand } from "./serve-command";
import { tenantCommand } from "./tenant-command";
import { tokenCommand } from "./token-command";
import { automationsCommand } from "./automations-command";
import { importCommand } from "./import-command";
import { oauthClientCommand } from "./oauth-client-command";

const USAGE = `Usage: helpdesk <command> [options]

Commands:
  serve                serve the /apiv2 API over HTTP
  tenant create        create a tenant and its first admin
  token create         create an API token for a tenant
  automations run      run every tenant's automations once (--at for another instant)
  import tickets       import tickets from a JSON Lines file, without running rules
  oauth-client create  register an OAuth client (a site that signs users in)

Run "helpdesk <command> --help" for the options of a command.
${DATABASE_USAGE}`;

const COMMANDS: Record<string, (args: string[]) => Promise<void>> = {
  serve: serveCommand,
  tenant: tenantCommand,
  token: tokenCommand,
  automations: automationsCommand,
  import: importCommand,
  "oauth-client": oauthClientCommand,
};

async function main(argv: string[]): Promise<void> {
  const [name, ...args] = argv;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    console.log(USAGE);
    return;
  }
  const command = COMMANDS[name];
  if (command === undefined) throw new UsageError(`unknown command: ${name}`, USAGE);
  await command(args);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError) {
    console.error(error.usage === "" ? `error: ${error.message}` : `error: ${error.message}\n\n${error.usage}`);
    process.exitCode = EXIT_USAGE;
  } else if (error instanceof ReportedFailure) {
    process.exitCode = EXIT_FAILURE;
  } else if (error instanceof HelpdeskError) {
    const details = error.details === undefined ? "" : `\n${JSON.stringify(error.details, null, 2)}`;
    console.error(`error: ${error.message} (${error.code})${details}`);
    process.exitCode = EXIT_FAILURE;
  } else {
    console.error(error);
    process.exitCode = EXIT_FAILURE;
  }
});
