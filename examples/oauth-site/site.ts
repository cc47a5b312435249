import { createHash, randomBytes } from "node:crypto";
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";

/** Where the help desk is and who this site is to it. */
export interface SiteOptions {
  /** The tenant's address, e.g. http://localhost:3000. */
  helpdeskUrl: string;
  clientId: string;
  clientSecret: string;
  /** This site's own address, e.g. http://localhost:4000; the callback is `${publicUrl}/callback`. */
  publicUrl: string;
}

interface Visitor {
  /** The help desk user, once signed in. */
  user?: { id: number; name: string; email: string | null };
  /** While a sign-in is under way: what the callback must see again. */
  pending?: { state: string; verifier: string };
}

const COOKIE = "oauth_site";
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (body: string) => `<!doctype html><html lang="en"><meta charset="utf-8"><title>Example site</title><body style="font-family:sans-serif">${body}</body></html>`;

/**
 * A tiny third-party site that signs its visitors in with a help desk tenant
 * (OAuth 2.0 authorization code with PKCE) and greets them by name. Visitors
 * live in memory, keyed by a random cookie.
 */
export function createSite(options: SiteOptions): RequestListener {
  const visitors = new Map<string, Visitor>();
  const redirectUri = `${options.publicUrl}/callback`;
  const basic = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString("base64")}`;

  function visitor(req: IncomingMessage, res: ServerResponse): Visitor {
    const id = /(?:^|;\s*)oauth_site=([A-Za-z0-9_-]+)/.exec(req.headers.cookie ?? "")?.[1];
    const known = id === undefined ? undefined : visitors.get(id);
    if (known !== undefined) return known;
    const fresh: Visitor = {};
    const newId = randomBytes(24).toString("base64url");
    visitors.set(newId, fresh);
    res.setHeader("set-cookie", `${COOKIE}=${newId}; Path=/; HttpOnly; SameSite=Lax`);
    return fresh;
  }

  const html = (res: ServerResponse, status: number, body: string): void =>
    void res.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" }).end(page(body));
  const redirect = (res: ServerResponse, location: string): void => void res.writeHead(303, { location }).end();

  async function callback(url: URL, me: Visitor, res: ServerResponse): Promise<void> {
    const pending = me.pending;
    delete me.pending;
    if (pending === undefined || url.searchParams.get("state") !== pending.state) return html(res, 400, "<p>This sign-in was not started here. <a href=\"/\">Start again</a></p>");
    const error = url.searchParams.get("error");
    if (error !== null) return html(res, 200, `<p>Sign-in cancelled (${escape(error)}). <a href="/">Back</a></p>`);
    const tokenResponse = await fetch(`${options.helpdeskUrl}/oauth/token`, {
      method: "POST",
      headers: { authorization: basic, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "authorization_code", code: url.searchParams.get("code") ?? "", redirect_uri: redirectUri, code_verifier: pending.verifier }),
    });
    const tokens = (await tokenResponse.json()) as { access_token?: string; error?: string };
    if (tokens.access_token === undefined) return html(res, 502, `<p>The help desk refused the code (${escape(tokens.error ?? "unknown")}).</p>`);
    const info = await fetch(`${options.helpdeskUrl}/oauth/resource/userinfo`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    if (!info.ok) return html(res, 502, "<p>The help desk did not tell us who you are.</p>");
    me.user = (await info.json()) as NonNullable<Visitor["user"]>;
    redirect(res, "/");
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", options.publicUrl);
    const me = visitor(req, res);
    if (url.pathname === "/") {
      return html(res, 200, me.user === undefined
        ? `<h1>Example site</h1><p><a href="/login">Sign in with the help desk</a></p>`
        : `<h1>Hello, ${escape(me.user.name)}!</h1><p>Signed in through the help desk as ${escape(me.user.email ?? "")}.</p><p><a href="/logout">Sign out</a></p>`);
    }
    if (url.pathname === "/login") {
      const pending = { state: randomBytes(16).toString("base64url"), verifier: randomBytes(32).toString("base64url") };
      me.pending = pending;
      const authorize = new URL(`${options.helpdeskUrl}/authorize/start`);
      authorize.search = new URLSearchParams({
        response_type: "code", client_id: options.clientId, redirect_uri: redirectUri, scope: "user:read", state: pending.state,
        code_challenge: createHash("sha256").update(pending.verifier).digest("base64url"), code_challenge_method: "S256",
      }).toString();
      return redirect(res, authorize.toString());
    }
    if (url.pathname === "/callback") return callback(url, me, res);
    if (url.pathname === "/logout") {
      delete me.user;
      return redirect(res, "/");
    }
    html(res, 404, "<p>Not found</p>");
  }

  return (req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error("[oauth-site]", error instanceof Error ? error.message : error);
      if (!res.headersSent) html(res, 500, "<p>Something went wrong.</p>");
    });
  };
}
