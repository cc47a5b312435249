import { randomBytes } from "node:crypto";
import { HelpdeskError, type HelpDesk } from "@helpdesk/core";
import { DEFAULT_BODY_LIMIT } from "../request-body";
import { startServer } from "../start-server";
import { startAutomationSchedule } from "../delivery/automation-schedule";
import { startDeliveryWorker } from "../delivery/delivery-worker";
import { startMaintenanceSweep } from "../delivery/maintenance-sweep";
import { DEFAULT_ATTACHMENT_LIMIT } from "../raw-body";
import { DATABASE_USAGE, openDesk } from "./open-database";
import { COMMON_OPTIONS, integerOption, parseOptions } from "./parse-options";

export const SERVE_USAGE = `Usage: helpdesk serve [options]

Serves the /apiv2 API. On an empty database it creates a first tenant for host
"localhost" with admin admin@example.com and prints the generated password once.

Options:
  --port N               port to listen on (default 3000; 0 picks a free one)
  --host ADDR            address to bind (default 127.0.0.1)
  --body-limit BYTES     largest request body (default ${DEFAULT_BODY_LIMIT})
  --attachment-limit BYTES  largest attachment upload (default ${DEFAULT_ATTACHMENT_LIMIT})
  --smtp-url URL         send rule e-mails through this SMTP server (smtp://user:pass@host:port);
                         env SMTP_URL; without one, e-mails stay in the outbox (GET /apiv2/outbox.json)
  --mail-from ADDR       From address of those e-mails
  --automations-every S  run automations every S seconds (default 3600; 0 turns them off)
  --secure-cookies       mark the OAuth sign-in cookie Secure (the public address is https;
                         behind a proxy that sends X-Forwarded-Proto: https it is set anyway)
  -h, --help             show this help
${DATABASE_USAGE}`;

const FIRST_ADMIN_EMAIL = "admin@example.com";

/** Creates the first tenant when there is none; resolves to what to print about it, or null. */
async function ensureFirstTenant(desk: HelpDesk): Promise<{ host: string; email: string; password: string } | null> {
  if ((await desk.tenants.list()).length > 0) return null;
  // 18 random bytes: 24 URL-safe characters, typed into curl without quoting.
  const password = randomBytes(18).toString("base64url");
  try {
    await desk.tenants.create({ host: "localhost", name: "Help Desk", admin: { email: FIRST_ADMIN_EMAIL, password, name: "Admin" } });
  } catch (error) {
    // Another process starting on the same empty database created it first.
    if (error instanceof HelpdeskError && error.code === "TENANT_HOST_TAKEN") return null;
    throw error;
  }
  return { host: "localhost", email: FIRST_ADMIN_EMAIL, password };
}

export async function serveCommand(args: string[]): Promise<void> {
  const options = parseOptions(
    args,
    {
      ...COMMON_OPTIONS,
      port: { type: "string" },
      host: { type: "string" },
      "body-limit": { type: "string" },
      "smtp-url": { type: "string" },
      "mail-from": { type: "string" },
      "automations-every": { type: "string" },
      "attachment-limit": { type: "string" },
      "secure-cookies": { type: "boolean" },
    },
    SERVE_USAGE,
  );
  if (options.help) {
    console.log(SERVE_USAGE);
    return;
  }
  const port = integerOption(options.port, "port", 3000, SERVE_USAGE);
  const bodyLimit = integerOption(options["body-limit"], "body-limit", DEFAULT_BODY_LIMIT, SERVE_USAGE);
  const attachmentLimit = integerOption(options["attachment-limit"], "attachment-limit", DEFAULT_ATTACHMENT_LIMIT, SERVE_USAGE);
  const host = typeof options.host === "string" ? options.host : "127.0.0.1";
  const smtpUrl = typeof options["smtp-url"] === "string" ? options["smtp-url"] : process.env.SMTP_URL || undefined;
  const mailFrom = typeof options["mail-from"] === "string" ? options["mail-from"] : undefined;
  const automationsEvery = integerOption(options["automations-every"], "automations-every", 3600, SERVE_USAGE);

  const opened = await openDesk(options, SERVE_USAGE);
  let server;
  let first;
  try {
    first = await ensureFirstTenant(opened.desk);
    server = await startServer({ desk: opened.desk, port, host, bodyLimit, attachmentLimit, secureCookies: options["secure-cookies"] === true });
  } catch (error) {
    await opened.close();
    throw error;
  }

  console.log(`Help desk API listening on ${server.url}`);
  console.log(`Database: ${opened.location}`);
  const tenants = await opened.desk.tenants.list();
  const shown = tenants.slice(0, 5).map((t) => t.host);
  console.log(`Tenants: ${tenants.length} (${shown.join(", ")}${tenants.length > shown.length ? `, +${tenants.length - shown.length} more` : ""})`);
  if (first !== null) {
    console.log(`Created the first tenant for host ${first.host}`);
    console.log(`  admin e-mail: ${first.email}`);
    console.log(`  admin password: ${first.password}   (shown only this once)`);
    console.log(`  try: curl -u ${first.email}:${first.password} http://localhost:${server.port}/apiv2/users/me.json`);
  }

  const log = (line: string) => console.log(`[${new Date().toISOString()}] ${line}`);
  const worker = startDeliveryWorker({ storage: opened.storage, ...(smtpUrl ? { smtpUrl } : {}), ...(mailFrom ? { mailFrom } : {}), log });
  const schedule = automationsEvery > 0 ? startAutomationSchedule({ desk: opened.desk, storage: opened.storage, intervalMs: automationsEvery * 1000, log }) : null;
  const sweep = startMaintenanceSweep({ desk: opened.desk, log });
  console.log(`E-mail: ${smtpUrl ? `via ${smtpUrl.replace(/\/\/([^:@/]*):[^@/]*@/, "//$1:***@")}` : "kept in the outbox (no --smtp-url)"}`);
  console.log(`Automations: ${schedule ? `every ${automationsEvery} s` : "off"}`);

  const running = server;
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down`);
    Promise.all([running.close(), worker.stop(), schedule?.stop(), sweep.stop()])
      .catch((error: unknown) => console.error("error while closing the server:", error))
      .then(() => opened.close())
      .catch((error: unknown) => console.error("error while closing the database:", error))
      .finally(() => process.exit(0));
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}
