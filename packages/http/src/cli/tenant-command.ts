import { UsageError } from "./cli-errors";
import { DATABASE_USAGE, openDesk } from "./open-database";
import { presentTenantWithAdmin } from "./present-records";
import { COMMON_OPTIONS, parseOptions, required } from "./parse-options";

export const TENANT_USAGE = `Usage: helpdesk tenant create --host H --name N --admin-email E --admin-password P

Creates a tenant served at host H (as clients send it in the Host header; a
tenant without a port also answers on any port) with its first admin, and
prints {tenant, admin} as JSON.

Options:
  --host H               host name, optionally with :port
  --name N               display name of the help desk
  --admin-email E        the first admin's e-mail address
  --admin-password P     the first admin's password (at least 8 characters)
  --admin-name NAME      the first admin's name (optional)
  -h, --help             show this help
${DATABASE_USAGE}`;

export async function tenantCommand(args: string[]): Promise<void> {
  const [sub, ...rest] = args;
  if (sub === undefined || sub === "--help" || sub === "-h") {
    console.log(TENANT_USAGE);
    return;
  }
  if (sub !== "create") throw new UsageError(`unknown command: tenant ${sub}`, TENANT_USAGE);
  const options = parseOptions(
    rest,
    {
      ...COMMON_OPTIONS,
      host: { type: "string" },
      name: { type: "string" },
      "admin-email": { type: "string" },
      "admin-password": { type: "string" },
      "admin-name": { type: "string" },
    },
    TENANT_USAGE,
  );
  if (options.help) {
    console.log(TENANT_USAGE);
    return;
  }
  const host = required(options.host, "host", TENANT_USAGE);
  const name = required(options.name, "name", TENANT_USAGE);
  const email = required(options["admin-email"], "admin-email", TENANT_USAGE);
  const password = required(options["admin-password"], "admin-password", TENANT_USAGE);
  const adminName = typeof options["admin-name"] === "string" ? options["admin-name"] : undefined;

  const opened = await openDesk(options, TENANT_USAGE);
  try {
    const admin = adminName === undefined ? { email, password } : { email, password, name: adminName };
    const created = await opened.desk.tenants.create({ host, name, admin });
    console.log(JSON.stringify(presentTenantWithAdmin(created.tenant, created.admin), null, 2));
  } finally {
    await opened.close();
  }
}
