import type { IncomingMessage } from "node:http";
import { HelpdeskError, invalidField } from "@helpdesk/core";
import { HttpError } from "./http-error";

/** 1 MiB: far above any ticket or user body, small enough to bound memory per request. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

function isJsonMediaType(header: string | undefined): boolean {
  const type = header?.split(";")[0]?.trim().toLowerCase();
  return type === "application/json" || (type !== undefined && /^application\/[a-z0-9.+-]+\+json$/.test(type));
}

function hasBody(req: IncomingMessage): boolean {
  const length = req.headers["content-length"];
  return (length !== undefined && length !== "0") || req.headers["transfer-encoding"] !== undefined;
}

/**
 * Reads and parses a JSON body; undefined when there is none. Rejects with
 * 415 for another media type, 413 as soon as `limit` bytes are passed (the
 * rest is never read), and 400 for text that is not JSON.
 */
export async function readJsonBody(req: IncomingMessage, limit: number): Promise<unknown> {
  if (!hasBody(req)) return undefined;
  if (!isJsonMediaType(req.headers["content-type"])) throw new HttpError("REQUEST_MEDIA_TYPE_UNSUPPORTED");
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);

  const text = await readText(req, limit);
  if (text.length === 0) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError("REQUEST_BODY_MALFORMED");
  }
}

/**
 * Collects the body as UTF-8 text. Past `limit` it stops listening and
 * rejects; it does not destroy the request, because that would take the
 * socket (and the 413 response) with it. The 413 carries `Connection: close`.
 */
export function readText(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      req.off("close", onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        req.pause();
        reject(tooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks, size).toString("utf8"));
    };
    const onError = () => {
      cleanup();
      reject(new HttpError("REQUEST_BODY_MALFORMED", { description: "The request body could not be read" }));
    };
    // A client that hangs up mid-body gets no answer, but must not count as our failure.
    const onClose = () => {
      cleanup();
      reject(new HttpError("REQUEST_BODY_MALFORMED", { description: "The request body ended early" }));
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
    req.on("close", onClose);
  });
}

/** The 413 for a body over `limit`, closing the connection so the rest of the body is never read. */
export function tooLarge(limit: number): HttpError {
  return new HttpError("REQUEST_BODY_TOO_LARGE", {
    description: `The request body is larger than ${limit} bytes`,
    headers: { connection: "close" },
  });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const MISSING = "is required: wrap the fields in an object under this key";

/**
 * The object under `key` of `{ "<key>": {...} }`; a 422 naming `key` for any
 * other shape. With several keys, the first whose top level is present is
 * used; a dotted key (`request.comment`) descends one object per segment.
 */
export function unwrapResource(body: unknown, key: string | readonly string[]): Record<string, unknown> {
  const keys = typeof key === "string" ? [key] : key;
  const chosen = keys.find((k) => isPlainObject(body) && Object.hasOwn(body, k.split(".")[0]!));
  if (chosen === undefined) throw missingResource(keys);
  let inner = body as Record<string, unknown>;
  const path: string[] = [];
  for (const segment of chosen.split(".")) {
    path.push(segment);
    if (!Object.hasOwn(inner, segment)) throw invalidField(path.join("."), MISSING);
    const next = inner[segment];
    if (!isPlainObject(next)) throw invalidField(path.join("."), "must be an object");
    inner = next;
  }
  return inner;
}

function missingResource(keys: readonly string[]): HelpdeskError {
  if (keys.length === 1) return invalidField(keys[0]!, MISSING);
  const description = "is required: wrap the fields in an object under one of these keys";
  return new HelpdeskError("RECORD_INVALID", {
    description: `${keys.join(" or ")}: ${description}`,
    details: Object.fromEntries(keys.map((k) => [k, [{ description }]])),
  });
}

/** The array under `key` of `{ "<key>": [...] }`; a 422 naming `key` for any other shape. */
export function unwrapList(body: unknown, key: string): unknown[] {
  if (!isPlainObject(body) || !Object.hasOwn(body, key)) throw invalidField(key, "is required: send an array under this key");
  const inner = body[key];
  if (!Array.isArray(inner)) throw invalidField(key, "must be an array");
  return inner;
}
