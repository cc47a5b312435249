import { HelpdeskError, type Page, type SortKey, type TimeRange, type Window } from "@helpdesk/core";
import type { Knex } from "knex";
import { toNumber, type Int8 } from "./row-mappers";

/** A piece of SQL with its positional `?` parameters. */
export interface Fragment {
  sql: string;
  params: unknown[];
}

/** The rows of one raw statement. */
export async function queryRows<Row>(db: Knex, sql: string, params: readonly unknown[] = []): Promise<Row[]> {
  const result = (await db.raw(sql, params as Knex.RawBinding[])) as { rows: Row[] };
  return result.rows;
}

/** Runs a DELETE with named `:bindings` and resolves to how many rows it removed. */
export async function deletedCount(db: Knex, sql: string, bindings: Record<string, number>): Promise<number> {
  const result = (await db.raw(sql, bindings)) as { rowCount: number | null };
  return result.rowCount ?? 0;
}

/** Adds the inclusive created/updated bounds of `range` on `<alias>.created_at` / `.updated_at`. */
export function addTimeRange(query: Knex.QueryBuilder, range: TimeRange, alias: string): Knex.QueryBuilder {
  if (range.createdFrom !== undefined) query.where(`${alias}.created_at`, ">=", range.createdFrom);
  if (range.createdTo !== undefined) query.where(`${alias}.created_at`, "<=", range.createdTo);
  if (range.updatedFrom !== undefined) query.where(`${alias}.updated_at`, ">=", range.updatedFrom);
  if (range.updatedTo !== undefined) query.where(`${alias}.updated_at`, "<=", range.updatedTo);
  return query;
}

/** An `ILIKE ? ESCAPE '\'` pattern matching `text` as a substring; `%`, `_` and `\` match literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `<column> ILIKE ? ESCAPE '\'`: case-insensitive substring match against a `containsPattern`. */
export const ilike = (column: string): string => `${column} ILIKE ? ESCAPE '\\'`;

/** How an ordering by a custom field is built: a LATERAL join giving its value, then the ORDER BY keys over it. */
export interface FieldOrder {
  join: Fragment;
  /** Expressions sorted in turn, each in the key's direction. */
  keys: string[];
}

/** How each sort key becomes ORDER BY terms; a missing entry means the list cannot sort by it. */
export interface SortColumns {
  id: string;
  created_at: string;
  updated_at: string;
  status?: string;
  /** The value of custom field `fieldId`; `alias` names the joined row, unique per sort key. */
  field?: (fieldId: number, alias: string) => FieldOrder;
}

export interface OrderBy {
  joins: Fragment[];
  /** ORDER BY terms without parameters: every value a key needs travels in its join. */
  terms: string;
}

/**
 * ORDER BY for `sort`, ending with `id ASC` unless `id` is named. Nulls sort
 * first when ascending and last when descending, as in SQLite (Postgres's
 * default is the reverse). Rejects keys the list lacks.
 */
export function orderBy(sort: readonly SortKey[], columns: SortColumns): OrderBy {
  const terms: string[] = [];
  const joins: Fragment[] = [];
  let hasId = false;
  for (const key of sort) {
    const dir = key.dir === "desc" ? "DESC NULLS LAST" : "ASC NULLS FIRST";
    if (key.by === "field") {
      if (columns.field === undefined) throw unsortable(key.by);
      const field = columns.field(key.fieldId, `sort_field_${joins.length}`);
      joins.push(field.join);
      terms.push(...field.keys.map((expr) => `${expr} ${dir}`));
      continue;
    }
    const column = columns[key.by];
    if (column === undefined) throw unsortable(key.by);
    if (key.by === "id") hasId = true;
    terms.push(`${column} ${dir}`);
  }
  if (!hasId) terms.push(`${columns.id} ASC`);
  return { joins, terms: terms.join(", ") };
}

function unsortable(by: string): HelpdeskError {
  return new HelpdeskError("REQUEST_QUERY_INVALID", { description: `This list cannot be sorted by ${by}` });
}

export interface PageQuery<Row, T> {
  /** FROM and WHERE, shared by the page and its count. */
  filtered: Knex.QueryBuilder;
  select: string;
  order: OrderBy;
  window: Window;
  map: (row: Row) => T;
}

/**
 * The window of rows and the count of every match. The two statements run
 * concurrently (on two pooled connections at the root, one after the other in
 * a transaction), so outside a transaction the count may reflect a write the
 * page did not see.
 */
export async function selectPage<Row, T>(db: Knex, query: PageQuery<Row, T>): Promise<Page<T>> {
  const page = query.filtered.clone().select(db.raw(query.select));
  for (const join of query.order.joins) page.joinRaw(join.sql, join.params as Knex.Value[]);
  page.orderByRaw(query.order.terms).limit(query.window.limit).offset(query.window.offset);
  const count = query.filtered.clone().count({ count: "*" });
  const [rows, counted] = (await Promise.all([page, count])) as [Row[], Array<{ count: Int8 }>];
  return { items: rows.map(query.map), count: counted[0] === undefined ? 0 : toNumber(counted[0].count) };
}
