import type { IncomingMessage } from "node:http";
import { HelpdeskError } from "@helpdesk/core";
import { readText, tooLarge } from "../request-body";

/** Parameters of a query string or form body, each name once, and the names that came more than once. */
export interface Params {
  values: Record<string, string>;
  repeated: string[];
}

/** Splits `application/x-www-form-urlencoded` text (a query string or a form body). */
export function parseParams(text: string): Params {
  const values: Record<string, string> = {};
  const repeated = new Set<string>();
  for (const [name, value] of new URLSearchParams(text)) {
    if (Object.hasOwn(values, name)) repeated.add(name);
    else values[name] = value;
  }
  return { values, repeated: [...repeated] };
}

/**
 * Reads a form body (RFC 6749 §3.2: OAuth requests are form-encoded). Another
 * media type is OAUTH_INVALID_REQUEST; the body limit applies as for JSON.
 */
export async function readFormBody(req: IncomingMessage, limit: number): Promise<Params> {
  const type = req.headers["content-type"]?.split(";")[0]?.trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded") {
    throw new HelpdeskError("OAUTH_INVALID_REQUEST", { description: "The body must be application/x-www-form-urlencoded" });
  }
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  return parseParams(await readText(req, limit));
}
