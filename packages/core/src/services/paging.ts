import type { SortDirection } from "../domain/common";
import { pageQuerySchema, type Page, type PageRequest } from "../domain/list-query";
import type { ListResult } from "../help-desk-api";
import type { SortKey, TimeRange, Window } from "../storage";
import { parseQuery } from "./validation";

/** The storage window for a page request. */
export function toWindow(params: PageRequest): Window {
  return { limit: params.per_page, offset: (params.page - 1) * params.per_page };
}

export function toListResult<T>(page: Page<T>, params: PageRequest): ListResult<T> {
  return { ...page, page: params.page, per_page: params.per_page };
}

/** The page that the `page` and `per_page` of `query` ask for, read through `list`. */
export async function listPage<T>(query: unknown, list: (window: Window) => Promise<Page<T>>): Promise<ListResult<T>> {
  const params = parseQuery(pageQuerySchema, query);
  return toListResult(await list(toWindow(params)), params);
}

interface RangeParams {
  created_start?: number | undefined;
  created_end?: number | undefined;
  updated_start?: number | undefined;
  updated_end?: number | undefined;
}

export function toTimeRange(params: RangeParams): TimeRange {
  const range: TimeRange = {};
  if (params.created_start !== undefined) range.createdFrom = params.created_start;
  if (params.created_end !== undefined) range.createdTo = params.created_end;
  if (params.updated_start !== undefined) range.updatedFrom = params.updated_start;
  if (params.updated_end !== undefined) range.updatedTo = params.updated_end;
  return range;
}

interface OrderParams {
  created_order?: SortDirection | undefined;
  updated_order?: SortDirection | undefined;
  status_order?: SortDirection | undefined;
  field_order?: { fieldId: number; dir: SortDirection } | undefined;
}

/**
 * Sort keys from the order parameters. Query objects lose the order in which
 * parameters were written, so precedence is fixed: field, status, updated,
 * created; storage appends `id asc` as the tie-breaker (the default order).
 */
export function toSortKeys(params: OrderParams): SortKey[] {
  const keys: SortKey[] = [];
  if (params.field_order) keys.push({ by: "field", fieldId: params.field_order.fieldId, dir: params.field_order.dir });
  if (params.status_order) keys.push({ by: "status", dir: params.status_order });
  if (params.updated_order) keys.push({ by: "updated_at", dir: params.updated_order });
  if (params.created_order) keys.push({ by: "created_at", dir: params.created_order });
  return keys;
}
