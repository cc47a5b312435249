import type { ActorDesk, ByteStream } from "@helpdesk/core";
import type { JsonSchema, View } from "../json-schemas";
import type { ResourceUrls } from "../resource-urls";
import type { FileReply } from "../send-file";

export type Method = "GET" | "POST" | "PUT" | "DELETE";

/** What a route handler gets: the caller's desk and the parsed request. */
export interface RouteContext {
  desk: ActorDesk;
  /** The `:id` path parameter, checked to be a positive integer (0 on routes without one). */
  id: number;
  /** A nested path's parent parameter (`:request_id` in `/requests/:request_id/comments/:id`), checked like `id`; 0 when none. */
  parentId: number;
  /** The query string as given; the core validates it. */
  query: Record<string, string>;
  /** The object under the route's `bodyKey` (the first shape present), for routes that declare one. */
  body: Record<string, unknown>;
  /** The array under the route's `bodyKey`, for routes whose `bodyType` is "array". */
  items: unknown[];
  urls: ResourceUrls;
  /** The path as requested (with `.json` if it had it), for page links. */
  path: string;
  /** The raw body and its Content-Type, on routes that declare `streamsBody`; null on the others. */
  bodyStream: { data: ByteStream; contentType: string | undefined } | null;
}

export interface Reply {
  status: number;
  /** Omitted for deletes, which answer with an empty body. */
  body?: unknown;
  location?: string;
  /** A download streamed as the body instead of JSON. */
  file?: FileReply;
}

/** One endpoint: declared once, compiled into the router at start-up. */
export interface RouteDefinition {
  method: Method;
  /** Without `.json`; parameters are positive integers: `:id`, after at most one parent (`:<parent>_id`). */
  path: string;
  /**
   * The key a write body wraps its resource in (`ticket`, `user`, …). A route
   * that accepts several shapes lists them, first match wins; a dotted key
   * (`request.comment`) names an object nested in another. Any method may
   * declare one, DELETE too.
   */
  bodyKey?: string | readonly string[];
  /** What `bodyKey` holds: an object (the default), or an array (the chat-bot bank's `data` and `ids`). */
  bodyType?: "object" | "array";
  /** The route takes the raw body as a file of any content type, streamed with the attachment limit. */
  streamsBody?: true;
  /** Response body schema per success status, a function of who is looking; null for an empty body. */
  responses: Record<number, ((view: View) => JsonSchema) | null>;
  handle(ctx: RouteContext): Promise<Reply>;
}

/** An empty 200, as every delete answers. */
export const EMPTY_OK: Reply = { status: 200 };
