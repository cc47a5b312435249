import { HelpdeskError, idsParamSchema, type ErrorDetails, type ListResult } from "@helpdesk/core";
import type { RouteContext } from "./route";

/** The `ids` query parameter as at most 100 distinct ids; a 400 naming `ids` otherwise. */
export function parseIds(query: Record<string, string>): number[] {
  const result = idsParamSchema.safeParse(query.ids);
  if (result.success) return result.data;
  const details: ErrorDetails = { ids: result.error.issues.map((issue) => ({ description: issue.message })) };
  const description = `Invalid query parameters: ids: ${details.ids!.map((d) => d.description).join(", ")}`;
  throw new HelpdeskError("REQUEST_QUERY_INVALID", { description, details });
}

/** The same path and query with another page, as an absolute URL. */
function pageUrl(ctx: RouteContext, page: number): string {
  const query = new URLSearchParams(ctx.query);
  query.set("page", String(page));
  return `${ctx.urls.base}${ctx.path}?${query.toString()}`;
}

/** `{<key>: items, count, next_page, previous_page}` for one page of a list. */
export function pagedBody<T, P>(ctx: RouteContext, key: string, result: ListResult<T>, present: (item: T) => P) {
  const { page, per_page: perPage, count } = result;
  return {
    [key]: result.items.map(present),
    count,
    next_page: page * perPage < count ? pageUrl(ctx, page + 1) : null,
    previous_page: page > 1 ? pageUrl(ctx, page - 1) : null,
  };
}

/**
 * Hands a raw body or query to a core service as the type it declares. The
 * services validate their input with zod and reject bad input with a 400 or
 * 422, so this is a statement about who checks the value, not a promise about it.
 */
export function unchecked<T>(value: Record<string, unknown> | unknown[]): T {
  return value as T;
}
