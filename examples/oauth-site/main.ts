import { createServer } from "node:http";
import { parseArgs } from "node:util";
import { createSite } from "./site";

const USAGE = `Usage: pnpm oauth-site [--helpdesk URL] [--port N] (--admin EMAIL:PASSWORD | --client-id ID --client-secret SECRET)

Runs a tiny third-party site at http://localhost:N (default 4000) that signs
visitors in with the help desk at URL (default http://localhost:3000).
With --admin it registers itself as an OAuth client through the admin API;
otherwise give the id and secret printed by "pnpm helpdesk oauth-client create".`;

/** Registers this site as an OAuth client of the tenant, with an admin's credentials. */
async function register(helpdeskUrl: string, admin: string, redirectUri: string): Promise<{ client_id: string; client_secret: string }> {
  const res = await fetch(`${helpdeskUrl}/apiv2/oauth/clients.json`, {
    method: "POST",
    headers: { authorization: `Basic ${Buffer.from(admin).toString("base64")}`, "content-type": "application/json" },
    body: JSON.stringify({ client: { name: "Example site", redirect_uris: [redirectUri], require_pkce: true } }),
  });
  if (res.status !== 201) throw new Error(`registering the client failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { client: { client_id: string; client_secret: string } }).client;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      helpdesk: { type: "string", default: process.env.HELPDESK_URL ?? "http://localhost:3000" },
      port: { type: "string", default: "4000" },
      admin: { type: "string" },
      "client-id": { type: "string", default: process.env.OAUTH_CLIENT_ID },
      "client-secret": { type: "string", default: process.env.OAUTH_CLIENT_SECRET },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) return console.log(USAGE);
  const publicUrl = `http://localhost:${values.port}`;
  const helpdeskUrl = values.helpdesk.replace(/\/$/, "");
  const client = values.admin !== undefined
    ? await register(helpdeskUrl, values.admin, `${publicUrl}/callback`)
    : { client_id: values["client-id"], client_secret: values["client-secret"] };
  if (client.client_id === undefined || client.client_secret === undefined) {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  const server = createServer(createSite({ helpdeskUrl, clientId: client.client_id, clientSecret: client.client_secret, publicUrl }));
  server.listen(Number(values.port), "127.0.0.1", () => console.log(`Example site on ${publicUrl} (signing in with ${helpdeskUrl})`));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
