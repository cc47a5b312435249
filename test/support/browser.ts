import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";

/** Debian's Chromium; `.ci/run` installs it when missing. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const chromiumAvailable = existsSync(CHROMIUM);
const SCREENSHOTS = resolve(import.meta.dirname, "../../test-results/browser");

/**
 * A fresh headless Chromium profile whose resolver sends `hosts` to 127.0.0.1,
 * so tenant host names (a.test) reach the test server with their own Host header.
 */
export async function launchChromium(hosts: string[]): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), "helpdesk-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
      "--disable-component-update", "--disable-sync", `--host-resolver-rules=${hosts.map((host) => `MAP ${host} 127.0.0.1`).join(", ")}`,
    ],
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Runs `fn` on a new page; on failure saves a screenshot under test-results/browser/ before rethrowing. */
export async function withPage(context: BrowserContext, name: string, fn: (page: Page) => Promise<void>): Promise<void> {
  const page = await context.newPage();
  try {
    await fn(page);
  } catch (error) {
    mkdirSync(SCREENSHOTS, { recursive: true });
    const file = join(SCREENSHOTS, `${name.replace(/[^a-z0-9]+/gi, "-")}.png`);
    await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
    throw Object.assign(error as Error, { message: `${(error as Error).message}\n(screenshot: ${file})` });
  } finally {
    await page.close();
  }
}

/**
 * A third-party site on 127.0.0.1: records every request to it (the OAuth
 * callback among them; route interception would not see redirect hops) and
 * serves the HTML pages a test puts at a path.
 */
export async function startSite() {
  const requests: URL[] = [];
  const pages = new Map<string, string>();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
    requests.push(url);
    const html = pages.get(url.pathname) ?? "<!doctype html><title>Callback</title><p>Back at the site.</p>";
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html);
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    callback: `${origin}/callback`,
    requests,
    /** The requests that reached the callback path. */
    callbacks: () => requests.filter((url) => url.pathname === "/callback"),
    serve: (path: string, html: string) => void pages.set(path, html),
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
