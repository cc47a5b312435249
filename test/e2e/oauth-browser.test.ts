import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext } from "playwright-core";
import { chromiumAvailable, CHROMIUM, launchChromium, startSite, withPage } from "../support/browser";
import { captureLogs, exchange, registerClient, userinfo, type TestOAuthClient } from "../support/oauth";
import { startTestServer, type TestServer, type TestUser } from "../support/server";

// The login and consent pages in a real browser (Debian's Chromium through playwright-core).
if (!chromiumAvailable && process.env.CI) throw new Error(`Chromium is missing at ${CHROMIUM}: .ci/run installs it`);
if (!chromiumAvailable) console.warn(`\n[helpdesk] No Chromium at ${CHROMIUM}: skipping the browser tests (apt-get install -y chromium).\n`);

let server: TestServer;
let site: Awaited<ReturnType<typeof startSite>>;
let user: TestUser;
let client: TestOAuthClient;
let chromium: Awaited<ReturnType<typeof launchChromium>>;
let logs: ReturnType<typeof captureLogs>;
const issued: string[] = [];

beforeAll(async () => {
  if (!chromiumAvailable) return;
  logs = captureLogs();
  server = await startTestServer();
  site = await startSite();
  user = await server.a.createEndUser({ name: "Bea Browser" });
  client = await registerClient(server.a, { name: "Browser Site", redirect_uris: [site.callback] });
  chromium = await launchChromium(["a.test"]);
});
afterAll(async () => {
  await chromium?.close();
  await site?.close();
  await server?.close();
  logs?.restore();
  // Item 40: no code or token of these flows reached the logs.
  for (const secret of [...issued, ...(site?.callbacks() ?? []).map((url) => url.searchParams.get("code") ?? "")].filter(Boolean)) {
    expect(logs.text()).not.toContain(secret);
  }
});

const authorizeUrl = (state: string) =>
  `http://a.test:${server.port}/authorize/start?${new URLSearchParams({ response_type: "code", client_id: client.client_id, redirect_uri: site.callback, state }).toString()}`;

/** A fresh profile for one test, so sessions never carry over. */
async function freshContext(fn: (context: BrowserContext) => Promise<void>) {
  const own = await launchChromium(["a.test"]);
  try {
    await fn(own.context);
  } finally {
    await own.close();
  }
}

describe.skipIf(!chromiumAvailable)("login and consent in Chromium", () => {
  it("browser - signs in, approves, lands on the callback with code and state; the code works", async () => {
    await withPage(chromium.context, "sign-in-and-approve", async (page) => {
      await page.goto(authorizeUrl("browser-state"));
      await page.fill("#email", user.user.email!);
      await page.fill("#password", "not the password");
      await page.click("button[type=submit]");
      await expect.poll(() => page.textContent("[role=alert]")).toContain("Wrong e-mail address or password");
      await page.fill("#email", user.user.email!);
      await page.fill("#password", user.password);
      await page.click("button[type=submit]");
      await page.waitForSelector("text=Authorize Browser Site");
      expect(await page.textContent("body")).toContain("Read your basic profile");
      await page.click("button[value=allow]");
      await page.waitForURL(`${site.callback}?**`);
      const callback = site.callbacks().at(-1)!;
      expect(callback.searchParams.get("state")).toBe("browser-state");
      const tokens = await exchange(server, client, callback.searchParams.get("code")!);
      issued.push(tokens.access_token, tokens.refresh_token);
      expect((await userinfo(server, tokens.access_token)).body.name).toBe("Bea Browser");
      // Signed in now: the next authorization goes straight to consent.
      await page.goto(authorizeUrl("second"));
      await page.waitForSelector("button[value=allow]");
    });
  });

  it("browser - declining sends access_denied with the state, and no code", async () => {
    await freshContext(async (context) =>
      withPage(context, "decline", async (page) => {
        await page.goto(authorizeUrl("declined-state"));
        await page.fill("#email", user.user.email!);
        await page.fill("#password", user.password);
        await page.click("button[type=submit]");
        await page.click("button[value=deny]");
        await page.waitForURL(`${site.callback}?**`);
        const callback = site.callbacks().at(-1)!;
        expect(callback.searchParams.get("error")).toBe("access_denied");
        expect(callback.searchParams.get("state")).toBe("declined-state");
        expect(callback.searchParams.has("code")).toBe(false);
      }),
    );
  });

  it("item 11 - the consent page cannot be framed by another origin", async () => {
    site.serve("/frame", `<!doctype html><iframe id="f" src="${authorizeUrl("framed")}" width="600" height="400"></iframe>`);
    await withPage(chromium.context, "framing", async (page) => {
      await page.goto(`${site.origin}/frame`);
      await page.waitForLoadState("load");
      const frame = page.frames().find((f) => f !== page.mainFrame());
      expect(frame).toBeDefined();
      expect(frame!.url().startsWith(`http://a.test:${server.port}`)).toBe(false);
      expect(await frame!.locator("button[value=allow], #password").count()).toBe(0);
    });
  });

  it("item 13 - a cross-site auto-submitted consent form issues no code", async () => {
    await freshContext(async (context) =>
      withPage(context, "cross-site-consent", async (page) => {
        await page.goto(authorizeUrl("csrf-state"));
        await page.fill("#email", user.user.email!);
        await page.fill("#password", user.password);
        await page.click("button[type=submit]");
        await page.waitForSelector("button[value=allow]");
        const interaction = await page.inputValue("input[name=interaction]");
        const before = site.callbacks().length;
        site.serve("/attack", `<!doctype html><form id="f" method="post" action="http://a.test:${server.port}/authorize/decision">
<input name="interaction" value="${interaction}"><input name="decision" value="allow"></form><script>document.getElementById("f").submit()</script>`);
        const attack = await context.newPage();
        const [response] = await Promise.all([attack.waitForResponse(`http://a.test:${server.port}/authorize/decision`), attack.goto(`${site.origin}/attack`)]);
        expect(response.status()).toBe(403);
        expect(site.callbacks().length).toBe(before);
        await attack.close();
        // The real form is still valid: the forged post used nothing up.
        await page.click("button[value=allow]");
        await page.waitForURL(`${site.callback}?**`);
        expect(site.callbacks().at(-1)!.searchParams.get("code")).toBeTruthy();
      }),
    );
  });
});
