import type { ActorDesk } from "@helpdesk/core";
import type { JsonSchema, View } from "../json-schemas";
import type { ResourceUrls } from "../resource-urls";

export type Method = "GET" | "POST" | "PUT" | "DELETE";

/** What a route handler gets: the caller's desk and the parsed request. */
export interface RouteContext {
  desk: ActorDesk;
  /** The `:id` path parameter, checked to be a positive integer (0 on routes without one). */
  id: number;
  /** The query string as given; the core validates it. */
  query: Record<string, string>;
  /** The object under the route's `bodyKey`, for routes that declare one. */
  body: Record<string, unknown>;
  /** The array under the route's `bodyKey`, for routes whose `bodyType` is "array". */
  items: unknown[];
  urls: ResourceUrls;
  /** The path as requested (with `.json` if it had it), for page links. */
  path: string;
}

export interface Reply {
  status: number;
  /** Omitted for deletes, which answer with an empty body. */
  body?: unknown;
  location?: string;
}

/** One endpoint: declared once, compiled into the router at start-up. */
export interface RouteDefinition {
  method: Method;
  /** Without `.json`; the only parameter is `:id`, a positive integer. */
  path: string;
  /** The key a write body wraps its resource in (`ticket`, `user`, …). Any method may declare one, DELETE too. */
  bodyKey?: string;
  /** What `bodyKey` holds: an object (the default), or an array (the chat-bot bank's `data` and `ids`). */
  bodyType?: "object" | "array";
  /** Response body schema per success status, a function of who is looking; null for an empty body. */
  responses: Record<number, ((view: View) => JsonSchema) | null>;
  handle(ctx: RouteContext): Promise<Reply>;
}

/** An empty 200, as every delete answers. */
export const EMPTY_OK: Reply = { status: 200 };
