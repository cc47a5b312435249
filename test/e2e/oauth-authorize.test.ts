import { describe, expect, it } from "vitest";
import type { TestServer, TestUser } from "../support/server";
import { approve, Browser, exchange, formFields, issueCode, locationParams, registerClient, serveWatchingLogs, tokenRequest, type TestOAuthClient } from "../support/oauth";

// Checklist section A: the authorization endpoint and the redirect URI (items 1 to 12).
const R1 = "https://client.test/cb";
let server: TestServer;
let user: TestUser;
let c1: TestOAuthClient;
let c2: TestOAuthClient;
const issued: string[] = [];

// Item 40: nothing issued here ever reached the logs.
serveWatchingLogs(
  async (started) => {
    server = started;
    user = await server.a.createEndUser({ name: "Ursula User" });
    c1 = await registerClient(server.a, { name: "Client One", redirect_uris: [R1] });
    c2 = await registerClient(server.a, { name: "Client Two", redirect_uris: ["https://two.test/a", "https://two.test/b"] });
  },
  () => [...issued, c1.client_secret, c2.client_secret],
);

const browser = () => new Browser(server, "a.test");
const start = (params: Record<string, string>) => browser().authorize(params);

/** A 400 page that neither redirects nor points anywhere else. */
function expectErrorPage(res: Awaited<ReturnType<typeof start>>) {
  expect(res.status, res.text).toBe(400);
  expect(res.headers.location).toBeUndefined();
  expect(res.headers["content-type"]).toMatch(/^text\/html/);
  expect(res.text).not.toMatch(/http-equiv|<script|evil\.test/i);
}

/** A redirect to R1 carrying `error` and no code. */
function expectErrorRedirect(res: Awaited<ReturnType<typeof start>>, error: string, state: string | null = "xyz") {
  expect([302, 303]).toContain(res.status);
  expect(String(res.headers.location).startsWith(`${R1}?`)).toBe(true);
  const params = locationParams(res);
  expect(params.get("error")).toBe(error);
  expect(params.get("error_description")).toEqual(expect.any(String));
  expect(params.get("state")).toBe(state);
  expect(params.has("code")).toBe(false);
}

describe("checklist A: authorization endpoint", () => {
  it("item 1 - an unknown, missing or other tenant's client_id never redirects", async () => {
    const b = await registerClient(server.b, { redirect_uris: ["https://evil.test/cb"] });
    for (const params of [
      { response_type: "code", client_id: "nope", redirect_uri: "https://evil.test/cb", state: "s" },
      { response_type: "code", redirect_uri: "https://evil.test/cb", state: "s" },
      { response_type: "code", client_id: b.client_id, redirect_uri: "https://evil.test/cb", state: "s" },
    ]) {
      expectErrorPage(await start(params));
    }
  });

  it("item 2 - an unregistered redirect_uri never redirects, checked before response_type", async () => {
    expectErrorPage(await start({ response_type: "code", client_id: c1.client_id, redirect_uri: "https://evil.test/cb" }));
    expectErrorPage(await start({ response_type: "token", client_id: c1.client_id, redirect_uri: "https://evil.test/cb" }));
  });

  it("item 3 - redirect URIs match exactly: every look-alike of R1 is refused without a redirect", async () => {
    const variants = [
      "https://client.test/cb/", "https://client.test/c", "HTTPS://client.test/cb", "https://CLIENT.test/cb", "https://client.test:443/cb",
      "http://client.test/cb", "https://client.test/cb/x", "https://client.test/cb/../x", "https://client.test/cb%2e%2e%2f",
      "https://client.test/cb%252e%252e%252f", "https://client.test/cb/;/../", "https://client.test/cb%0A%0D/../", "https://client.test/cb?a=b",
      "https://client.test/cb#x", "https://client.test@evil.test/", "https://client.test.evil.test/cb",
    ];
    for (const redirect_uri of variants) {
      const res = await start({ response_type: "code", client_id: c1.client_id, redirect_uri, state: "s" });
      expect(res.status, redirect_uri).toBe(400);
      expect(res.headers.location, redirect_uri).toBeUndefined();
    }
  });

  it("item 4 - an omitted redirect_uri means the only registered one; with two registered it is a page", async () => {
    const res = await approve(browser(), user, { response_type: "code", client_id: c1.client_id, state: "s" });
    expect(String(res.headers.location).startsWith(`${R1}?`)).toBe(true);
    expect(locationParams(res).get("code")).toBeTruthy();
    expectErrorPage(await start({ response_type: "code", client_id: c2.client_id, state: "s" }));
  });

  it("item 5 - a registered query is kept, parameters appear once, fragments cannot be registered", async () => {
    const withQuery = await registerClient(server.a, { redirect_uris: ["https://cb.test/x?tenant=7"] });
    const res = await approve(browser(), user, { response_type: "code", client_id: withQuery.client_id, redirect_uri: "https://cb.test/x?tenant=7", state: "st" });
    const params = locationParams(res);
    expect(String(res.headers.location).startsWith("https://cb.test/x?tenant=7&")).toBe(true);
    for (const name of ["tenant", "code", "state"]) expect(params.getAll(name)).toHaveLength(1);
    issued.push(params.get("code")!);
    const fragment = await server.a.admin.client.post("/apiv2/oauth/clients.json", { client: { name: "F", redirect_uris: ["https://cb.test/x#frag"] } });
    expect(fragment.status).toBe(422);
    expectErrorPage(await start({ response_type: "code", client_id: c1.client_id, redirect_uri: `${R1}?code=attacker` }));
  });

  it("item 6 - once the redirect URI is trusted, errors go back to it with state and without a code", async () => {
    const base = { client_id: c1.client_id, redirect_uri: R1, state: "xyz" };
    expectErrorRedirect(await start({ ...base, response_type: "token" }), "unsupported_response_type");
    expectErrorRedirect(await start({ ...base, response_type: "code", scope: "admin" }), "invalid_scope");
    expectErrorRedirect(await start(base), "invalid_request");
  });

  it("item 7 - scope is comma- or space-separated, only user:read exists and an omitted scope means it", async () => {
    for (const scope of ["user:read", "user:read user:read", "user:read,user:read", undefined]) {
      const code = await issueCode(server, user, c1, scope === undefined ? {} : { scope });
      issued.push(code);
      const tokens = await exchange(server, c1, code);
      issued.push(tokens.access_token, tokens.refresh_token);
      expect(tokens.scope).toBe("user:read");
    }
    expectErrorRedirect(await start({ response_type: "code", client_id: c1.client_id, redirect_uri: R1, scope: "user:read,admin", state: "xyz" }), "invalid_scope");
  });

  it("item 8 - state comes back byte for byte, is escaped in the pages, and is absent when not sent", async () => {
    const state = `"><script>alert(1)</script>&a=b+c%20d🙂`;
    const b = browser();
    const login = await b.authorize({ response_type: "code", client_id: c1.client_id, redirect_uri: R1, state });
    expect(login.text).not.toContain("<script>alert(1)");
    const consent = await b.login(login, user);
    expect(consent.text).not.toContain("<script>alert(1)");
    const res = await b.decide(consent, "allow");
    expect(locationParams(res).get("state")).toBe(state);
    issued.push(locationParams(res).get("code")!);
    const without = await approve(browser(), user, { response_type: "code", client_id: c1.client_id, redirect_uri: R1 });
    expect(locationParams(without).has("state")).toBe(false);
    issued.push(locationParams(without).get("code")!);
  });

  it("item 9 - repeated parameters are refused, unknown ones ignored", async () => {
    const query = (extra: string) => `/authorize/start?response_type=code&client_id=${c1.client_id}&redirect_uri=${encodeURIComponent(R1)}&state=xyz${extra}`;
    expectErrorPage(await browser().get(`${query("")}&client_id=${c1.client_id}`));
    expectErrorRedirect(await browser().get(`${query("")}&scope=user:read&scope=user:read`), "invalid_request");
    const ignored = await browser().get(query("&foo=bar"));
    expect(ignored.status).toBe(200);
    expect(ignored.text).toContain('action="/authorize/login"');
  });

  it("item 10 - the login and consent posts and the final redirect are 303, never 307", async () => {
    const b = browser();
    const login = await b.authorize({ response_type: "code", client_id: c1.client_id, redirect_uri: R1, state: "s" });
    const loggedIn = await b.post("/authorize/login", { ...formFields(login.text), email: user.user.email!, password: user.password });
    expect(loggedIn.status).toBe(303);
    const consent = await b.get(loggedIn.headers.location as string);
    const final = await b.decide(consent, "allow");
    expect(final.status).toBe(303);
    expect(String(final.headers.location).startsWith(R1)).toBe(true);
    issued.push(locationParams(final).get("code")!);
  });

  it("item 11 - the pages forbid framing, Referer leaks and caching", async () => {
    const b = browser();
    const errorPage = await b.authorize({ client_id: "nope" });
    const login = await b.authorize({ response_type: "code", client_id: c1.client_id, redirect_uri: R1 });
    const consent = await b.login(login, user);
    for (const res of [errorPage, login, consent]) {
      expect(res.headers["x-frame-options"]).toBe("DENY");
      expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
      expect(res.headers["referrer-policy"]).toBe("no-referrer");
      expect(res.headers["cache-control"]).toBe("no-store");
    }
  });

  it("item 12 - no iss parameter is added (optional); a code is still bound to its tenant", async () => {
    const res = await approve(browser(), user, { response_type: "code", client_id: c1.client_id, redirect_uri: R1, state: "s" });
    expect(locationParams(res).has("iss")).toBe(false);
    const code = locationParams(res).get("code")!;
    issued.push(code);
    const other = await registerClient(server.b, { redirect_uris: [R1] });
    const cross = await tokenRequest(server, { grant_type: "authorization_code", code }, { client: other, host: "b.test" });
    expect(cross.status).toBe(400);
    expect(cross.body.error).toBe("invalid_grant");
  });
});
