import { describe, expect, it } from "vitest";
import type { TestServer, TestUser } from "../support/server";
import { basic, Browser, formFields, locationParams, registerClient, serveWatchingLogs, tokenRequest, type TestOAuthClient } from "../support/oauth";

// Checklist section B: the login and consent pages (items 13 to 16).
const R1 = "https://client.test/cb";
let server: TestServer;
let ursula: TestUser;
let victor: TestUser;
let c1: TestOAuthClient;
let c2: TestOAuthClient;

serveWatchingLogs(
  async (started) => {
    server = started;
    ursula = await server.a.createEndUser({ name: "Ursula User" });
    victor = await server.a.createAgent({ name: "Victor Agent" });
    c1 = await registerClient(server.a, { name: "Client One", redirect_uris: [R1] });
    c2 = await registerClient(server.a, { name: "Client Two", redirect_uris: ["https://two.test/cb"] });
  },
  () => [c1.client_secret, c2.client_secret, ursula.password, victor.password],
);

const params = (client = c1, state = "xyz") => ({ response_type: "code", client_id: client.client_id, redirect_uri: client.redirect_uris[0]!, state });

/** A browser signed in as `user`, on the consent page of a fresh authorization. */
async function atConsent(user: TestUser, client = c1, browser = new Browser(server, "a.test")) {
  const login = await browser.authorize(params(client));
  const consent = await browser.login(login, user);
  expect(consent.status, consent.text).toBe(200);
  return { browser, consent };
}

describe("checklist B: login and consent pages", () => {
  it("item 13 - the consent post needs this session's CSRF token", async () => {
    const { browser, consent } = await atConsent(ursula);
    const fields = formFields(consent.text);
    const missing = await browser.post("/authorize/decision", { interaction: fields.interaction, decision: "allow" });
    expect(missing.status).toBe(403);
    expect(missing.headers.location).toBeUndefined();
    const other = await atConsent(victor);
    const foreign = await browser.post("/authorize/decision", { interaction: fields.interaction, csrf_token: formFields(other.consent.text).csrf_token, decision: "allow" });
    expect(foreign.status).toBe(403);
    // Without the session cookie (a cross-site POST under SameSite=Lax), even the right token fails.
    const cookieless = new Browser(server, "a.test");
    expect((await cookieless.post("/authorize/decision", { ...fields, decision: "allow" })).status).toBe(403);
    // The real form still works afterwards: the failed attempts did not use it up.
    const ok = await browser.decide(consent, "allow");
    expect(locationParams(ok).get("code")).toBeTruthy();
  });

  it("item 14 - the consent page names the client, the scope and the redirect host; deny sends access_denied", async () => {
    const { browser, consent } = await atConsent(ursula);
    expect(consent.text).toContain("Client One");
    expect(consent.text).toContain("user:read");
    expect(consent.text).toContain("Read your basic profile");
    expect(consent.text).toContain("client.test");
    expect(consent.headers.location).toBeUndefined();
    const denied = await browser.decide(consent, "deny");
    expect(denied.status).toBe(303);
    expect(String(denied.headers.location).startsWith(`${R1}?`)).toBe(true);
    const query = locationParams(denied);
    expect(query.get("error")).toBe("access_denied");
    expect(query.get("state")).toBe("xyz");
    expect(query.has("code")).toBe(false);
  });

  it("item 15 - a consent form is single use, bound to its interaction, session and user", async () => {
    const { browser, consent } = await atConsent(ursula);
    expect((await browser.decide(consent, "allow")).status).toBe(303);
    const again = await browser.decide(consent, "allow");
    expect(again.status).toBe(403);
    expect(again.headers.location).toBeUndefined();

    // Two flows in one browser: A's CSRF token with B's interaction fails.
    const shared = new Browser(server, "a.test");
    const first = await atConsent(ursula, c1, shared);
    const second = await shared.get(`/authorize/start?${new URLSearchParams(params(c2)).toString()}`);
    const mixed = { interaction: formFields(second.text).interaction, csrf_token: formFields(first.consent.text).csrf_token, decision: "allow" };
    expect((await shared.post("/authorize/decision", mixed)).status).toBe(403);

    // Another user's login in the same browser invalidates the old interaction.
    const stale = await atConsent(ursula);
    const relogin = await stale.browser.authorize(params(c2));
    expect(relogin.text).toContain('action="/authorize/decision"');
    expect((await stale.browser.post("/authorize/logout", formFields(relogin.text))).status).toBe(200);
    expect((await stale.browser.login(await stale.browser.authorize(params(c2)), victor)).text).toContain('action="/authorize/decision"');
    expect((await stale.browser.decide(stale.consent, "allow")).status).toBe(403);
  });

  it("item 15 - the session cookie is HttpOnly, SameSite=Lax, Secure over https, and changes at login", async () => {
    const browser = new Browser(server, "a.test", "https");
    const login = await browser.authorize(params());
    const cookie = String(login.headers["set-cookie"]);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Secure/);
    const before = [...browser.cookies.values()][0];
    const posted = await browser.post("/authorize/login", { ...formFields(login.text), email: ursula.user.email!, password: ursula.password });
    expect(posted.status).toBe(303);
    expect(String(posted.headers["set-cookie"])).toMatch(/HttpOnly; SameSite=Lax; Secure/);
    expect([...browser.cookies.values()][0]).not.toBe(before);
    // The pre-login session id is dead: replaying it (fixation) reaches nothing.
    const fixed = new Browser(server, "a.test");
    fixed.cookies.set("helpdesk_oauth_session", before!);
    expect((await fixed.get(posted.headers.location as string)).status).toBe(403);
    const plain = await new Browser(server, "a.test").authorize(params());
    expect(String(plain.headers["set-cookie"])).not.toMatch(/Secure/);
  });

  it("item 15 - a pending authorization expires after 30 minutes", async () => {
    const { browser, consent } = await atConsent(ursula);
    server.clock.advance(30 * 60_000);
    const late = await browser.decide(consent, "allow");
    expect(late.status).toBe(403);
    expect(late.headers.location).toBeUndefined();
  });

  it("sessions - a session of one tenant means nothing on another tenant's host", async () => {
    const { browser } = await atConsent(ursula);
    const foreign = await registerClient(server.b, { redirect_uris: [R1] });
    const onB = new Browser(server, "b.test");
    for (const [name, value] of browser.cookies) onB.cookies.set(name, value);
    const page = await onB.authorize(params(foreign));
    expect(page.status).toBe(200);
    expect(page.text).toContain('action="/authorize/login"');
    expect(page.text).not.toContain('action="/authorize/decision"');
  });

  it("item 16 - repeated wrong passwords lock that e-mail out (429), other users still sign in", async () => {
    const target = await server.a.createEndUser();
    const browser = new Browser(server, "a.test");
    const login = await browser.authorize(params());
    const fields = formFields(login.text);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await browser.post("/authorize/login", { ...fields, email: target.user.email!, password: `wrong-${i}` })).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    const right = await browser.post("/authorize/login", { ...fields, email: target.user.email!, password: target.password });
    expect(right.status).toBe(429);
    const other = await browser.post("/authorize/login", { ...fields, email: ursula.user.email!, password: ursula.password });
    expect(other.status).toBe(303);
    // The lockout ends with its window, on the server's clock.
    server.clock.advance(15 * 60_000);
    const later = new Browser(server, "a.test");
    const again = await later.post("/authorize/login", { ...formFields((await later.authorize(params())).text), email: target.user.email!, password: target.password });
    expect(again.status).toBe(303);
  });

  it("item 16 - repeated wrong client secrets lock that client out (429), other clients still authenticate", async () => {
    const victim = await registerClient(server.a, { redirect_uris: [R1] });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await tokenRequest(server, { grant_type: "authorization_code", code: "x" }, { authorization: basic(victim.client_id, `wrong-${i}`) })).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    const locked = await tokenRequest(server, { grant_type: "authorization_code", code: "x" }, { client: victim });
    expect(locked.status).toBe(429);
    expect(locked.body.error).toBe("temporarily_unavailable");
    const other = await tokenRequest(server, { grant_type: "authorization_code", code: "x" }, { client: c2 });
    expect(other.body.error).toBe("invalid_grant");
  });
});
