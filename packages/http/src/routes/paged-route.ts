import type { ListResult } from "@helpdesk/core";
import { pagedEnvelope, type JsonSchema } from "../json-schemas";
import type { ResourceUrls } from "../resource-urls";
import type { RouteContext, RouteDefinition } from "./route";
import { pagedBody } from "./route-helpers";

/** A GET answering one page of a list under `key`, each item presented with the request's urls. */
export function pagedRoute<T>(
  path: string,
  key: string,
  item: () => JsonSchema,
  fetch: (ctx: RouteContext) => Promise<ListResult<T>>,
  present: (item: T, urls: ResourceUrls) => unknown,
): RouteDefinition {
  return {
    method: "GET",
    path,
    responses: { 200: () => pagedEnvelope(key, item()) },
    async handle(ctx) {
      return { status: 200, body: pagedBody(ctx, key, await fetch(ctx), (value) => present(value, ctx.urls)) };
    },
  };
}
