import { UsageError } from "./cli-errors";
import { DATABASE_USAGE, openDesk } from "./open-database";
import { COMMON_OPTIONS, parseOptions, required } from "./parse-options";
import { tenantAdminDesk } from "./tenant-admin";

export const TOKEN_USAGE = `Usage: helpdesk token create --host H

Creates an API token for the tenant at host H and prints {"token", "id"} as
JSON. The token is shown only this once; use it as Basic auth
"<email>/token:<token>".

Options:
  --host H               the tenant's host
  -h, --help             show this help
${DATABASE_USAGE}`;

export async function tokenCommand(args: string[]): Promise<void> {
  const [sub, ...rest] = args;
  if (sub === undefined || sub === "--help" || sub === "-h") {
    console.log(TOKEN_USAGE);
    return;
  }
  if (sub !== "create") throw new UsageError(`unknown command: token ${sub}`, TOKEN_USAGE);
  const options = parseOptions(rest, { ...COMMON_OPTIONS, host: { type: "string" } }, TOKEN_USAGE);
  if (options.help) {
    console.log(TOKEN_USAGE);
    return;
  }
  const host = required(options.host, "host", TOKEN_USAGE);

  const opened = await openDesk(options, TOKEN_USAGE);
  try {
    // Tokens are created by an admin; the CLI acts as the tenant's first one.
    const token = await (await tenantAdminDesk(opened, host)).apiTokens.create();
    console.log(JSON.stringify({ token: token.token, id: token.id }));
  } finally {
    await opened.close();
  }
}
