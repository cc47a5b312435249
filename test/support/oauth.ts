import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect } from "vitest";
import type { TestResponse } from "./http-client";
import { startTestServer, type TenantFixture, type TestServer, type TestUser } from "./server";

/** A registered OAuth client with its secret, as the admin API answers. */
export interface TestOAuthClient {
  id: number;
  client_id: string;
  client_secret: string;
  name: string;
  redirect_uris: string[];
}

/** Registers a client through the admin API of `tenant`. */
export async function registerClient(
  tenant: TenantFixture,
  fields: { name?: string; redirect_uris: string[]; require_pkce?: boolean },
): Promise<TestOAuthClient> {
  const res = await tenant.admin.client.post("/apiv2/oauth/clients.json", { client: { name: "Partner Site", ...fields } });
  expect(res.status, res.text).toBe(201);
  return res.body.client;
}

/** `Authorization: Basic` for a client, raw (as arctic sends it) or form-encoded per RFC 6749 §2.3.1 (as oauth4webapi does). */
export function basic(clientId: string, secret: string, encode = false): string {
  const enc = (s: string) => (encode ? encodeURIComponent(s).replace(/[-_.!~*'()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`) : s);
  return `Basic ${Buffer.from(`${enc(clientId)}:${enc(secret)}`).toString("base64")}`;
}

/** A PKCE verifier and its S256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

/** The hidden fields of the login or consent form in `html`. */
export function formFields(html: string): { interaction: string; csrf_token: string } {
  const value = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1];
  const interaction = value("interaction");
  const csrf = value("csrf_token");
  if (interaction === undefined || csrf === undefined) throw new Error(`no interaction form in: ${html.slice(0, 500)}`);
  return { interaction, csrf_token: csrf };
}

/** The query parameters of a redirect's Location. */
export function locationParams(res: TestResponse): URLSearchParams {
  const location = res.headers.location;
  if (typeof location !== "string") throw new Error(`expected a redirect, got ${res.status} ${res.text.slice(0, 300)}`);
  return new URL(location).searchParams;
}

/** A browser as far as the server can tell: one host, a cookie jar, forms posted as application/x-www-form-urlencoded. */
export class Browser {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly server: TestServer,
    readonly host: string,
    private readonly forwardedProto?: string,
  ) {}

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    return { ...(cookie === "" ? {} : { cookie }), ...(this.forwardedProto === undefined ? {} : { "x-forwarded-proto": this.forwardedProto }), ...extra };
  }

  private keep(res: TestResponse): TestResponse {
    const setCookie = res.headers["set-cookie"] ?? [];
    for (const line of setCookie) {
      const [pair] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      if (value === "" || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  async get(path: string): Promise<TestResponse> {
    return this.keep(await this.server.request("GET", path, { host: this.host, headers: this.headers() }));
  }

  async post(path: string, fields: Record<string, string>): Promise<TestResponse> {
    const rawBody = new URLSearchParams(fields).toString();
    const headers = this.headers({ "content-type": "application/x-www-form-urlencoded" });
    return this.keep(await this.server.request("POST", path, { host: this.host, headers, rawBody }));
  }

  /** Opens the authorize page with `params`. */
  authorize(params: Record<string, string>): Promise<TestResponse> {
    return this.get(`/authorize/start?${new URLSearchParams(params).toString()}`);
  }

  /** Signs in on a login page and follows to the consent page. */
  async login(loginPage: TestResponse, user: Pick<TestUser, "user" | "password">): Promise<TestResponse> {
    const res = await this.post("/authorize/login", { ...formFields(loginPage.text), email: user.user.email!, password: user.password });
    expect(res.status, res.text).toBe(303);
    return this.get(res.headers.location as string);
  }

  /** Answers a consent page; resolves to the redirect to the client. */
  decide(consentPage: TestResponse, decision: "allow" | "deny"): Promise<TestResponse> {
    return this.post("/authorize/decision", { ...formFields(consentPage.text), decision });
  }
}

/** Authorize, sign in as `user`, allow: the redirect to the client (a 303 carrying `code`). */
export async function approve(browser: Browser, user: TestUser, params: Record<string, string>): Promise<TestResponse> {
  let page = await browser.authorize(params);
  expect(page.status, page.text).toBe(200);
  if (page.text.includes('action="/authorize/login"')) page = await browser.login(page, user);
  expect(page.text).toContain('action="/authorize/decision"');
  return browser.decide(page, "allow");
}

/** A code for `client` approved by `user` (a fresh browser each time unless one is given). */
export async function issueCode(
  server: TestServer,
  user: TestUser,
  client: TestOAuthClient,
  extra: Record<string, string> = {},
  browser = new Browser(server, "a.test"),
): Promise<string> {
  const res = await approve(browser, user, { response_type: "code", client_id: client.client_id, redirect_uri: client.redirect_uris[0]!, ...extra });
  const code = locationParams(res).get("code");
  if (code === null) throw new Error(`no code in ${String(res.headers.location)}`);
  return code;
}

/** A form POST to a token endpoint with the client's Basic credentials (or a raw Authorization, or none). */
export function tokenRequest(
  server: TestServer,
  fields: Record<string, string>,
  options: { client?: TestOAuthClient; authorization?: string; host?: string; path?: string; query?: string } = {},
): Promise<TestResponse> {
  const authorization = options.authorization ?? (options.client === undefined ? undefined : basic(options.client.client_id, options.client.client_secret));
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
  if (authorization !== undefined) headers.authorization = authorization;
  const path = `${options.path ?? "/oauth/token"}${options.query === undefined ? "" : `?${options.query}`}`;
  return server.request("POST", path, { host: options.host ?? "a.test", headers, rawBody: new URLSearchParams(fields).toString() });
}

/** Exchanges a code; asserts the 200. */
export async function exchange(server: TestServer, client: TestOAuthClient, code: string, extra: Record<string, string> = {}) {
  const res = await tokenRequest(server, { grant_type: "authorization_code", code, ...extra }, { client });
  expect(res.status, res.text).toBe(200);
  return res.body as { access_token: string; refresh_token: string; expires_in: number; token_type: string; scope: string };
}

/** GET userinfo with a bearer token. */
export function userinfo(server: TestServer, accessToken: string, host = "a.test"): Promise<TestResponse> {
  return server.request("GET", "/oauth/resource/userinfo", { host, headers: { authorization: `Bearer ${accessToken}` } });
}

/** Asserts an OAuth JSON error (RFC 6749 §5.2) and returns its `error`. */
export function oauthError(res: TestResponse, status: number): string {
  expect(res.status, res.text).toBe(status);
  expect(res.headers["content-type"]).toMatch(/^application\/json/);
  expect(res.headers["cache-control"]).toBe("no-store");
  expect(typeof res.body.error).toBe("string");
  // RFC 6749 §5.2: error_description is %x20-21 / %x23-5B / %x5D-7E.
  if (res.body.error_description !== undefined) expect(res.body.error_description).toMatch(/^[\x20\x21\x23-\x5B\x5D-\x7E]*$/);
  return res.body.error;
}

/**
 * Collects everything the server process writes through console.* while a
 * test file runs (the server runs in the test's process), so tests can prove
 * that no code or token is ever logged.
 */
export function captureLogs(): { text(): string; restore(): void } {
  const lines: string[] = [];
  const methods = ["log", "info", "warn", "error", "debug"] as const;
  const originals = methods.map((name) => console[name]);
  for (const name of methods) {
    const original = console[name];
    console[name] = (...args: unknown[]) => {
      lines.push(args.map((a) => (a instanceof Error ? `${a.message}\n${a.stack}` : typeof a === "string" ? a : JSON.stringify(a))).join(" "));
      original.apply(console, args);
    };
  }
  return {
    text: () => lines.join("\n"),
    restore: () => methods.forEach((name, i) => (console[name] = originals[i]!)),
  };
}

/**
 * Registers hooks that capture the logs, start a test server and hand it to
 * `setup`, and after all close it and check that none of `secrets()` reached
 * the logs (checklist item 40). Returns the captured logs.
 */
export function serveWatchingLogs(setup: (server: TestServer) => Promise<void>, secrets: () => string[] = () => []): { text(): string } {
  let logs: ReturnType<typeof captureLogs> | undefined;
  let server: TestServer | undefined;
  beforeAll(async () => {
    logs = captureLogs();
    server = await startTestServer();
    await setup(server);
  });
  afterAll(async () => {
    await server?.close();
    logs?.restore();
    for (const secret of secrets()) expect(logs!.text()).not.toContain(secret);
  });
  return { text: () => logs!.text() };
}
