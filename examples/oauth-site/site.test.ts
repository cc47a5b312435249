import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Database from "better-sqlite3";
import { createHelpDesk } from "@helpdesk/core";
import { startServer, type RunningServer } from "@helpdesk/http";
import { sqliteStorage } from "@helpdesk/storage-sqlite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSite } from "./site";

// The example site against a real help desk on localhost, driven like a browser: fetch without following redirects, one cookie jar.
let db: Database.Database;
let helpdesk: RunningServer;
let site: Server;
let siteUrl: string;

beforeAll(async () => {
  db = new Database(":memory:");
  const desk = createHelpDesk({ storage: sqliteStorage(db) });
  const { tenant, admin } = await desk.tenants.create({ host: "localhost", name: "Help Desk", admin: { email: "admin@example.com", password: "admin-password" } });
  const adminDesk = desk.as(tenant.id, admin);
  await adminDesk.users.create({ name: "Sam Customer", email: "sam@example.com", password: "sam-password", role: "end_user" });
  helpdesk = await startServer({ desk, port: 0 });
  site = createServer();
  await new Promise<void>((done) => site.listen(0, "127.0.0.1", done));
  siteUrl = `http://localhost:${(site.address() as AddressInfo).port}`;
  const client = await adminDesk.oauthClients.create({ name: "Example site", redirect_uris: [`${siteUrl}/callback`], require_pkce: true });
  site.on("request", createSite({ helpdeskUrl: `http://localhost:${helpdesk.port}`, clientId: client.client_id, clientSecret: client.client_secret, publicUrl: siteUrl }));
});
afterAll(async () => {
  await new Promise<void>((done) => site.close(() => done()));
  await helpdesk.close();
  db.close();
});

/** A visitor's browser: a cookie jar (names differ between the two sites) and manual redirects. */
function visitor() {
  const jar = new Map<string, string>();
  return async (url: string, form?: Record<string, string>) => {
    const res = await fetch(url, {
      method: form === undefined ? "GET" : "POST",
      redirect: "manual",
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "), ...(form === undefined ? {} : { "content-type": "application/x-www-form-urlencoded" }) },
      ...(form === undefined ? {} : { body: new URLSearchParams(form) }),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const [name, value] = [pair!.slice(0, pair!.indexOf("=")), pair!.slice(pair!.indexOf("=") + 1)];
      jar.set(name, value);
    }
    return { status: res.status, location: res.headers.get("location"), text: await res.text() };
  };
}

const hidden = (html: string) => ({
  interaction: /name="interaction" value="([^"]*)"/.exec(html)![1]!,
  csrf_token: /name="csrf_token" value="([^"]*)"/.exec(html)![1]!,
});

/** Signs in at the help desk from the site's login link and answers the consent page; resolves to the site's page afterwards. */
async function signIn(decision: "allow" | "deny") {
  const go = visitor();
  expect((await go(`${siteUrl}/`)).text).toContain("Sign in with the help desk");
  const toHelpdesk = await go(`${siteUrl}/login`);
  expect(toHelpdesk.status).toBe(303);
  const helpdeskBase = new URL(toHelpdesk.location!).origin;
  const login = await go(toHelpdesk.location!);
  const signedIn = await go(`${helpdeskBase}/authorize/login`, { ...hidden(login.text), email: "sam@example.com", password: "sam-password" });
  const consent = await go(`${helpdeskBase}${signedIn.location!}`);
  expect(consent.text).toContain("Example site");
  const back = await go(`${helpdeskBase}/authorize/decision`, { ...hidden(consent.text), decision });
  expect(back.location!.startsWith(`${siteUrl}/callback?`)).toBe(true);
  const landed = await go(back.location!);
  return landed.status === 303 ? go(`${siteUrl}${landed.location!}`) : landed;
}

describe("examples/oauth-site", () => {
  it("oauth-site - signs a help desk user in and greets them by name", async () => {
    const home = await signIn("allow");
    expect(home.text).toContain("Hello, Sam Customer!");
    expect(home.text).toContain("sam@example.com");
  });

  it("oauth-site - a declined consent is reported, nobody is signed in", async () => {
    const page = await signIn("deny");
    expect(page.text).toContain("Sign-in cancelled (access_denied)");
  });
});
