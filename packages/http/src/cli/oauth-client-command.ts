import { HelpdeskError } from "@helpdesk/core";
import { UsageError } from "./cli-errors";
import { DATABASE_USAGE, openDesk } from "./open-database";
import { COMMON_OPTIONS, parseOptions, required } from "./parse-options";

export const OAUTH_CLIENT_USAGE = `Usage: helpdesk oauth-client create --host H --name N --redirect-uri URI [--redirect-uri URI…] [--require-pkce]

Registers an OAuth client (a third-party site that signs users in with the
tenant at host H) and prints {"client_id", "client_secret", "redirect_uris"}
as JSON. The secret is shown only this once. Redirect URIs are matched
exactly, byte for byte.

Options:
  --host H               the tenant's host
  --name N               the site's name, shown on the consent page
  --redirect-uri URI     an address the site receives codes at (repeatable)
  --require-pkce         refuse authorization requests without a PKCE S256 challenge
  -h, --help             show this help
${DATABASE_USAGE}`;

export async function oauthClientCommand(args: string[]): Promise<void> {
  const [sub, ...rest] = args;
  if (sub === undefined || sub === "--help" || sub === "-h") {
    console.log(OAUTH_CLIENT_USAGE);
    return;
  }
  if (sub !== "create") throw new UsageError(`unknown command: oauth-client ${sub}`, OAUTH_CLIENT_USAGE);
  const options = parseOptions(
    rest,
    {
      ...COMMON_OPTIONS,
      host: { type: "string" },
      name: { type: "string" },
      "redirect-uri": { type: "string", multiple: true },
      "require-pkce": { type: "boolean" },
    },
    OAUTH_CLIENT_USAGE,
  );
  if (options.help) {
    console.log(OAUTH_CLIENT_USAGE);
    return;
  }
  const host = required(options.host, "host", OAUTH_CLIENT_USAGE);
  const name = required(options.name, "name", OAUTH_CLIENT_USAGE);
  const redirectUris = options["redirect-uri"] ?? [];
  if (redirectUris.length === 0) throw new UsageError("--redirect-uri is required", OAUTH_CLIENT_USAGE);

  const opened = await openDesk(options, OAUTH_CLIENT_USAGE);
  try {
    const tenant = await opened.desk.tenants.findByHost(host);
    if (tenant === null) throw new HelpdeskError("TENANT_NOT_FOUND", { description: `No tenant is served at host ${host}` });
    // Clients are registered by an admin; the CLI acts as the tenant's first one, read straight from storage.
    const { items } = await opened.storage.users.list(tenant.id, { roles: ["admin"] }, [{ by: "id", dir: "asc" }], { limit: 1, offset: 0 });
    const admin = items[0];
    if (admin === undefined) throw new HelpdeskError("USER_NOT_FOUND", { description: `Tenant ${host} has no admin` });
    const client = await opened.desk
      .as(tenant.id, admin)
      .oauthClients.create({ name, redirect_uris: redirectUris, require_pkce: options["require-pkce"] === true });
    console.log(JSON.stringify({ client_id: client.client_id, client_secret: client.client_secret, redirect_uris: client.redirect_uris }));
  } finally {
    await opened.close();
  }
}
