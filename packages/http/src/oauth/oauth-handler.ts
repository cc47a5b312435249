import type { IncomingMessage, ServerResponse } from "node:http";
import { HelpdeskError, oauthErrorName, type AuthorizationStep, type HelpDesk, type Tenant, type User } from "@helpdesk/core";
import { HttpError } from "../http-error";
import { requestBase } from "../resource-urls";
import { bearerToken, clientCredentials } from "./client-credentials";
import { clearedSessionCookie, readCookie, SESSION_COOKIE, sessionCookie } from "./cookies";
import { parseParams, readFormBody, type Params } from "./form-body";
import { consentPage, errorPage, loginPage } from "./pages";

export interface OAuthHandlerOptions {
  bodyLimit: number;
  /** Mark the session cookie Secure even without `X-Forwarded-Proto: https` (the public address is https). */
  secureCookies: boolean;
}

type Handler = (req: IncomingMessage, res: ServerResponse, tenant: Tenant, query: string) => Promise<void>;

/** Headers of every login, consent and error page: no framing, no caching, no Referer carrying the query to other sites. */
const PAGE_HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
  "x-frame-options": "DENY",
  "referrer-policy": "no-referrer",
  "cache-control": "no-store",
  pragma: "no-cache",
  "x-content-type-options": "nosniff",
};

const NO_STORE = { "cache-control": "no-store", pragma: "no-cache" };
const BEARER_REALM = 'Bearer realm="helpdesk"';

function send(res: ServerResponse, status: number, headers: Record<string, string | string[]>, body: string): void {
  res.writeHead(status, { ...headers, "content-length": Buffer.byteLength(body) }).end(body);
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  send(res, status, { ...NO_STORE, ...headers, "content-type": "application/json; charset=utf-8" }, JSON.stringify(body));
}

/** 303 See Other: after a form POST the browser follows with a GET, never re-posting (RFC 9700 §4.12). */
function redirect(res: ServerResponse, location: string, cookie?: string): void {
  send(res, 303, { ...NO_STORE, location, ...(cookie === undefined ? {} : { "set-cookie": cookie }) }, "");
}

function page(res: ServerResponse, status: number, html: string, cookie?: string): void {
  send(res, status, { ...PAGE_HEADERS, ...(cookie === undefined ? {} : { "set-cookie": cookie }) }, html);
}

/** Status of a failed OAuth request per RFC 6749 §5.2 and RFC 6750 §3.1. */
function errorStatus(error: unknown): number {
  if (!(error instanceof HelpdeskError)) return error instanceof HttpError && error.code === "REQUEST_BODY_TOO_LARGE" ? 413 : 500;
  switch (error.code) {
    case "OAUTH_INVALID_CLIENT":
    case "OAUTH_INVALID_TOKEN":
      return 401;
    case "OAUTH_INSUFFICIENT_SCOPE":
      return 403;
    case "OAUTH_TOO_MANY_ATTEMPTS":
      return 429;
    case "STORAGE_UNAVAILABLE":
      return 503;
    default:
      return 400;
  }
}

/** Our own failures are logged by method and path only: queries and bodies here carry codes, tokens and secrets. */
function logUnexpected(req: IncomingMessage, error: unknown): void {
  if (error instanceof HelpdeskError || error instanceof HttpError) return;
  console.error(`[helpdesk] ${req.method} ${(req.url ?? "").split("?")[0]} failed:`, error);
}

function describe(error: unknown): string {
  return error instanceof HelpdeskError || error instanceof HttpError ? error.message : "Something went wrong on our side";
}

/** The authorization pages, the token endpoints and userinfo: the OAuth 2.0 server at each tenant's host. */
export function createOAuthHandler(desk: HelpDesk, options: OAuthHandlerOptions) {
  const isSecure = (req: IncomingMessage) => options.secureCookies || requestBase(req).startsWith("https:");
  const oauth = desk.oauth;

  function pageError(req: IncomingMessage, res: ServerResponse, error: unknown): void {
    logUnexpected(req, error);
    const status = error instanceof HelpdeskError && error.code === "OAUTH_INTERACTION_INVALID" ? 403 : errorStatus(error);
    page(res, status, errorPage("This request cannot be completed", describe(error)));
  }

  function showStep(req: IncomingMessage, res: ServerResponse, tenant: Tenant, step: AuthorizationStep, status = 200, error?: string): void {
    if (step.kind === "redirect") return redirect(res, step.location);
    const cookie = step.sessionId === readCookie(req, SESSION_COOKIE) ? undefined : sessionCookie(step.sessionId, isSecure(req));
    page(res, status, step.kind === "login" ? loginPage(tenant.name, step.form, error) : consentPage(tenant.name, step.form), cookie);
  }

  /** A posted login, consent or logout form: its interaction, CSRF token and the session cookie. */
  async function formPost(req: IncomingMessage): Promise<{ post: { sessionId: string | null; interactionId: string; csrfToken: string }; form: Params["values"] }> {
    const { values, repeated } = await readFormBody(req, options.bodyLimit);
    if (repeated.length > 0) throw new HelpdeskError("OAUTH_INTERACTION_INVALID");
    return { post: { sessionId: readCookie(req, SESSION_COOKIE), interactionId: values.interaction ?? "", csrfToken: values.csrf_token ?? "" }, form: values };
  }

  const authorizeStart: Handler = async (req, res, tenant, query) => {
    try {
      const { values, repeated } = parseParams(query);
      showStep(req, res, tenant, await oauth.authorize(tenant.id, values, repeated, readCookie(req, SESSION_COOKIE)));
    } catch (error) {
      pageError(req, res, error);
    }
  };

  const consent: Handler = async (req, res, tenant, query) => {
    try {
      const { values } = parseParams(query);
      showStep(req, res, tenant, await oauth.resume(tenant.id, readCookie(req, SESSION_COOKIE), values.interaction ?? ""));
    } catch (error) {
      pageError(req, res, error);
    }
  };

  const login: Handler = async (req, res, tenant) => {
    try {
      const { post, form } = await formPost(req);
      try {
        const sessionId = await oauth.login(tenant.id, { ...post, email: form.email ?? "", password: form.password ?? "" });
        redirect(res, `/authorize/consent?interaction=${encodeURIComponent(post.interactionId)}`, sessionCookie(sessionId, isSecure(req)));
      } catch (error) {
        if (!(error instanceof HelpdeskError) || (error.code !== "AUTH_REQUIRED" && error.code !== "OAUTH_TOO_MANY_ATTEMPTS")) throw error;
        const message = error.code === "AUTH_REQUIRED" ? "Wrong e-mail address or password." : error.message;
        showStep(req, res, tenant, await oauth.resume(tenant.id, post.sessionId, post.interactionId), errorStatus(error) === 429 ? 429 : 401, message);
      }
    } catch (error) {
      pageError(req, res, error);
    }
  };

  const decision: Handler = async (req, res, tenant) => {
    try {
      const { post, form } = await formPost(req);
      if (form.decision !== "allow" && form.decision !== "deny") throw new HelpdeskError("OAUTH_INTERACTION_INVALID");
      const { location } = await oauth.decide(tenant.id, { ...post, allow: form.decision === "allow" });
      redirect(res, location);
    } catch (error) {
      pageError(req, res, error);
    }
  };

  const logout: Handler = async (req, res, tenant) => {
    try {
      const { post } = await formPost(req);
      await oauth.logout(tenant.id, post);
      page(res, 200, errorPage("Signed out", "You are signed out. Return to the site you came from to sign in again."), clearedSessionCookie(isSecure(req)));
    } catch (error) {
      pageError(req, res, error);
    }
  };

  const token =
    (endpoint: "token" | "refresh"): Handler =>
    async (req, res, tenant, query) => {
      try {
        // RFC 6749 §2.3.1 and §3.2: credentials never in the URI; parameters only in a form body.
        if (query !== "") throw new HelpdeskError("OAUTH_INVALID_REQUEST", { description: "Send the parameters in the form body, not the query" });
        const { values, repeated } = await readFormBody(req, options.bodyLimit);
        if (repeated.length > 0) throw new HelpdeskError("OAUTH_INVALID_REQUEST", { description: "A parameter was given more than once" });
        const credentials = clientCredentials(req.headers.authorization);
        sendJson(res, 200, await oauth.token(tenant.id, endpoint, { credentials, form: values }));
      } catch (error) {
        logUnexpected(req, error);
        const status = errorStatus(error);
        // An HttpError (a body over the limit) brings its own headers: Connection: close, as the rest of the body is never read.
        const headers = { ...(error instanceof HttpError ? error.headers : {}), ...(status === 401 ? { "www-authenticate": 'Basic realm="helpdesk oauth"' } : {}) };
        sendJson(res, status, { error: status === 413 ? "invalid_request" : oauthErrorName(error), error_description: describe(error) }, headers);
      }
    };

  const userinfo: Handler = async (req, res, tenant, query) => {
    try {
      // RFC 6750 §2.3: a token in the URI leaks through logs and Referer; only the header is accepted.
      if (Object.hasOwn(parseParams(query).values, "access_token")) {
        throw new HelpdeskError("OAUTH_INVALID_REQUEST", { description: "Send the access token in the Authorization header" });
      }
      const accessToken = bearerToken(req.headers.authorization);
      if (accessToken === null) {
        sendJson(res, 401, { error: "invalid_token", error_description: "An access token is required" }, { "www-authenticate": BEARER_REALM });
        return;
      }
      sendJson(res, 200, presentUserinfo(await oauth.userinfo(tenant.id, accessToken)));
    } catch (error) {
      logUnexpected(req, error);
      const status = errorStatus(error);
      const name = oauthErrorName(error);
      const scope = name === "insufficient_scope" ? ', scope="user:read"' : "";
      sendJson(res, status, { error: name, error_description: describe(error) }, { "www-authenticate": `${BEARER_REALM}, error="${name}"${scope}` });
    }
  };

  const routes: Record<string, Partial<Record<string, Handler>>> = {
    "/authorize/start": { GET: authorizeStart },
    "/authorize/consent": { GET: consent },
    "/authorize/login": { POST: login },
    "/authorize/decision": { POST: decision },
    "/authorize/logout": { POST: logout },
    "/oauth/token": { POST: token("token") },
    "/oauth/token/refresh": { POST: token("refresh") },
    "/oauth/resource/userinfo": { GET: userinfo },
  };

  return {
    /** Whether `path` is one of the OAuth addresses (which are outside /apiv2). */
    handles(path: string): boolean {
      return Object.hasOwn(routes, path);
    },
    /** Answers an OAuth request for `tenant`; failures are answered here, as pages or OAuth JSON errors. */
    async handle(req: IncomingMessage, res: ServerResponse, tenant: Tenant, path: string, query: string): Promise<void> {
      const methods = routes[path]!;
      const handler = methods[req.method ?? "GET"];
      if (handler === undefined) {
        const allow = Object.keys(methods).join(", ");
        sendJson(res, 405, { error: "invalid_request", error_description: `Use ${allow}` }, { allow });
        return;
      }
      await handler(req, res, tenant, query);
    },
  };
}

/** The userinfo body: the user's basic data, the same fields for every role. */
function presentUserinfo(user: User) {
  const { id, name, email, role, phone, photo, organization_id, language } = user;
  return { id, name, email, role, phone, photo, organization_id, language };
}
