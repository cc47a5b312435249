import { HelpdeskError } from "@helpdesk/core";
import { UsageError } from "./cli-errors";
import { DATABASE_USAGE, openDesk } from "./open-database";
import { COMMON_OPTIONS, parseOptions, required } from "./parse-options";

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
    const tenant = await opened.desk.tenants.findByHost(host);
    if (tenant === null) throw new HelpdeskError("TENANT_NOT_FOUND", { description: `No tenant is served at host ${host}` });
    // Tokens are created by an admin; the CLI acts as the tenant's first one, read straight from storage.
    const { items } = await opened.storage.users.list(tenant.id, { roles: ["admin"] }, [{ by: "id", dir: "asc" }], { limit: 1, offset: 0 });
    const admin = items[0];
    if (admin === undefined) throw new HelpdeskError("USER_NOT_FOUND", { description: `Tenant ${host} has no admin` });
    const token = await opened.desk.as(tenant.id, admin).apiTokens.create();
    console.log(JSON.stringify({ token: token.token, id: token.id }));
  } finally {
    await opened.close();
  }
}
