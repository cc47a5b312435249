import { afterEach, describe, expect, it, vi } from "vitest";
import { oauthClientCommand } from "../../packages/http/src/cli/oauth-client-command";
import { dumpDatabase } from "../support/database-dump";
import type { TestServer, TestUser } from "../support/server";
import { exchange, issueCode, registerClient, serveWatchingLogs, tokenRequest, userinfo } from "../support/oauth";

// The admin API and command for OAuth clients, and checklist item 40 (no secret at rest or in logs).
const R1 = "https://client.test/cb";
let server: TestServer;
let user: TestUser;

const logs = serveWatchingLogs(async (started) => {
  server = started;
  user = await server.a.createEndUser({ name: "Ursula User" });
});
afterEach(() => vi.restoreAllMocks());

describe("/apiv2/oauth/clients", () => {
  it("create - 201 with the secret shown once, Location and the fields", async () => {
    const res = await server.a.admin.client.post("/apiv2/oauth/clients.json", { client: { name: "Partner", redirect_uris: [R1, "https://client.test/cb2"], require_pkce: true } });
    expect(res.status).toBe(201);
    const client = res.body.client;
    expect(Object.keys(client).sort()).toEqual(["client_id", "client_secret", "created_at", "id", "name", "redirect_uris", "require_pkce", "url"]);
    expect(client).toMatchObject({ name: "Partner", redirect_uris: [R1, "https://client.test/cb2"], require_pkce: true, created_at: "2024-03-01 12:00:00" });
    expect(res.headers.location).toBe(`http://a.test/apiv2/oauth/clients/${client.id}.json`);
    expect(client.url).toBe(res.headers.location);
    const read = await server.a.admin.client.get(`/apiv2/oauth/clients/${client.id}.json`);
    expect(read.status).toBe(200);
    expect(read.body.client).toEqual({ ...client, client_secret: undefined });
    expect(read.text).not.toContain(client.client_secret);
    const list = await server.a.admin.client.get("/apiv2/oauth/clients.json");
    expect(list.body.clients.map((c: { id: number }) => c.id)).toContain(client.id);
    expect(list.text).not.toContain(client.client_secret);
  });

  it("create - 422 for missing, relative, fragment or non-http redirect URIs and an empty name", async () => {
    for (const client of [
      { name: "X" },
      { name: "X", redirect_uris: [] },
      { name: "X", redirect_uris: ["/cb"] },
      { name: "X", redirect_uris: ["https://a.test/cb#f"] },
      { name: "X", redirect_uris: ["javascript:alert(1)"] },
      { name: " ", redirect_uris: [R1] },
    ]) {
      const res = await server.a.admin.client.post("/apiv2/oauth/clients.json", { client });
      expect(res.status, JSON.stringify(client)).toBe(422);
      expect(res.body.code).toBe("RECORD_INVALID");
    }
  });

  it("roles - agents and end users may not manage clients", async () => {
    const agent = await server.a.createAgent();
    for (const caller of [agent, user]) {
      expect((await caller.client.get("/apiv2/oauth/clients.json")).status).toBe(403);
      expect((await caller.client.post("/apiv2/oauth/clients.json", { client: { name: "X", redirect_uris: [R1] } })).status).toBe(403);
    }
  });

  it("tenancy - another tenant's client is a 404", async () => {
    const client = await registerClient(server.a, { redirect_uris: [R1] });
    expect((await server.b.admin.client.get(`/apiv2/oauth/clients/${client.id}.json`)).status).toBe(404);
    expect((await server.b.admin.client.delete(`/apiv2/oauth/clients/${client.id}.json`)).status).toBe(404);
    expect((await server.b.admin.client.get("/apiv2/oauth/clients.json")).body.clients).toEqual([]);
  });

  it("delete - the client and every token issued to it stop working", async () => {
    const client = await registerClient(server.a, { redirect_uris: [R1] });
    const tokens = await exchange(server, client, await issueCode(server, user, client));
    expect((await userinfo(server, tokens.access_token)).status).toBe(200);
    const res = await server.a.admin.client.delete(`/apiv2/oauth/clients/${client.id}.json`);
    expect(res.status).toBe(200);
    expect((await userinfo(server, tokens.access_token)).status).toBe(401);
    expect((await tokenRequest(server, { grant_type: "refresh_token", refresh_token: tokens.refresh_token }, { client })).status).toBe(401);
    expect((await server.a.admin.client.delete(`/apiv2/oauth/clients/${client.id}.json`)).status).toBe(404);
  });
});

describe("helpdesk oauth-client create", () => {
  async function run(args: string[]): Promise<string> {
    const lines: string[] = [];
    vi.spyOn(console, "log").mockImplementation((line: unknown) => void lines.push(String(line)));
    await oauthClientCommand(["create", ...server.database.cliArgs, ...args]);
    return lines.join("\n");
  }

  it("create - prints the client id, secret and URIs as JSON; the client works", async () => {
    const printed = JSON.parse(await run(["--host", "a.test", "--name", "CLI Site", "--redirect-uri", R1, "--redirect-uri", "https://client.test/two", "--require-pkce"]));
    expect(Object.keys(printed).sort()).toEqual(["client_id", "client_secret", "redirect_uris"]);
    expect(printed.redirect_uris).toEqual([R1, "https://client.test/two"]);
    expect(printed.client_id).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(printed.client_secret).toMatch(/^[A-Za-z0-9_-]+$/);
    const listed = await server.a.admin.client.get("/apiv2/oauth/clients.json");
    expect(listed.body.clients.find((c: { client_id: string }) => c.client_id === printed.client_id)).toMatchObject({ name: "CLI Site", require_pkce: true });
    const auth = await tokenRequest(server, { grant_type: "authorization_code", code: "x" }, { client: { ...printed, id: 0, name: "" } });
    expect(auth.body.error).toBe("invalid_grant");
  });

  it("--help - explains the command", async () => {
    const lines: string[] = [];
    vi.spyOn(console, "log").mockImplementation((line: unknown) => void lines.push(String(line)));
    await oauthClientCommand(["create", "--help"]);
    expect(lines.join("\n")).toMatch(/^Usage: helpdesk oauth-client create --host H --name N --redirect-uri URI/);
  });

  it("create - usage errors name what is missing; an unknown host fails", async () => {
    await expect(run(["--host", "a.test", "--name", "X"])).rejects.toThrow(/--redirect-uri is required/);
    await expect(run(["--name", "X", "--redirect-uri", R1])).rejects.toThrow(/--host is required/);
    await expect(run(["--host", "nowhere.test", "--name", "X", "--redirect-uri", R1])).rejects.toThrow(/No tenant/);
    await expect(run(["--host", "a.test", "--name", "X", "--redirect-uri", "not a url"])).rejects.toThrow(/validation/);
  });
});

describe("checklist H", () => {
  it("item 40 - after a full flow no code, token or client secret is stored or logged in plain text", async () => {
    const client = await registerClient(server.a, { redirect_uris: [R1] });
    const code = await issueCode(server, user, client);
    const tokens = await exchange(server, client, code);
    const rotated = (await tokenRequest(server, { grant_type: "refresh_token", refresh_token: tokens.refresh_token }, { client, path: "/oauth/token/refresh" })).body;
    expect((await userinfo(server, rotated.access_token)).status).toBe(200);
    // A failed replay and a failed refresh are logged nowhere either.
    await tokenRequest(server, { grant_type: "authorization_code", code }, { client });
    await tokenRequest(server, { grant_type: "refresh_token", refresh_token: tokens.refresh_token }, { client });
    const secrets = [code, tokens.access_token, tokens.refresh_token, rotated.access_token, rotated.refresh_token, client.client_secret];
    const dump = await dumpDatabase(server.database);
    expect(dump).toContain(client.client_id);
    for (const secret of secrets) {
      expect(dump).not.toContain(secret);
      expect(dump).not.toContain(secret.slice(4));
      expect(logs.text()).not.toContain(secret.slice(4));
    }
  });
});
