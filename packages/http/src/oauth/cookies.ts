import type { IncomingMessage } from "node:http";

/** The sign-in session cookie; scoped to the authorization pages. */
export const SESSION_COOKIE = "helpdesk_oauth_session";
const COOKIE_PATH = "/authorize";

/** The first value of cookie `name` in the request, or null. */
export function readCookie(req: IncomingMessage, name: string): string | null {
  for (const part of (req.headers.cookie ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** `Set-Cookie` for the session: never readable by scripts, not sent on cross-site POSTs, https-only when served over https. */
export function sessionCookie(value: string, secure: boolean): string {
  return `${SESSION_COOKIE}=${value}; Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export function clearedSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; Path=${COOKIE_PATH}; Max-Age=0; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}
