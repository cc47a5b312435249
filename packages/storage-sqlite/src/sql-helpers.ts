import { HelpdeskError, type Page, type SortKey, type TimeRange, type Window } from "@helpdesk/core";
import type { Prepare } from "./sqlite-database";

/** Conditions joined with AND, and their positional parameters in order. */
export class Where {
  readonly conditions: string[] = [];
  readonly params: unknown[] = [];

  add(condition: string, ...params: unknown[]): this {
    this.conditions.push(condition);
    this.params.push(...params);
    return this;
  }

  get sql(): string {
    return this.conditions.join(" AND ");
  }
}

/** Adds the inclusive created/updated bounds of `range` on columns `<alias>.created_at` / `.updated_at`. */
export function addTimeRange(where: Where, range: TimeRange, alias: string): Where {
  if (range.createdFrom !== undefined) where.add(`${alias}.created_at >= ?`, range.createdFrom);
  if (range.createdTo !== undefined) where.add(`${alias}.created_at <= ?`, range.createdTo);
  if (range.updatedFrom !== undefined) where.add(`${alias}.updated_at >= ?`, range.updatedFrom);
  if (range.updatedTo !== undefined) where.add(`${alias}.updated_at <= ?`, range.updatedTo);
  return where;
}

/** A `LIKE … ESCAPE '\'` pattern matching `text` as a substring; `%`, `_` and `\` match literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A JSON array parameter for `IN (SELECT value FROM json_each(?))`, keeping the SQL text fixed. */
export const jsonList = (values: readonly unknown[]): string => JSON.stringify(values);

/** How each sort key becomes an ORDER BY term; a missing entry means the list cannot sort by it. */
export interface SortColumns {
  id: string;
  created_at: string;
  updated_at: string;
  status?: string;
  /** An expression for the value of custom field `fieldId`, with its parameters. */
  field?: (fieldId: number) => { sql: string; params: unknown[] };
}

/** ORDER BY terms for `sort`, ending with `id ASC` unless `id` is named. Rejects keys the list lacks. */
export function orderBy(sort: readonly SortKey[], columns: SortColumns): { sql: string; params: unknown[] } {
  const terms: string[] = [];
  const params: unknown[] = [];
  let hasId = false;
  for (const key of sort) {
    const dir = key.dir === "desc" ? "DESC" : "ASC";
    if (key.by === "field") {
      if (columns.field === undefined) throw unsortable(key.by);
      const expr = columns.field(key.fieldId);
      terms.push(`${expr.sql} ${dir}`);
      params.push(...expr.params);
      continue;
    }
    const column = columns[key.by];
    if (column === undefined) throw unsortable(key.by);
    if (key.by === "id") hasId = true;
    terms.push(`${column} ${dir}`);
  }
  if (!hasId) terms.push(`${columns.id} ASC`);
  return { sql: terms.join(", "), params };
}

function unsortable(by: string): HelpdeskError {
  return new HelpdeskError("REQUEST_QUERY_INVALID", { description: `This list cannot be sorted by ${by}` });
}

export interface PageQuery<Row, T> {
  select: string;
  /** FROM clause, including the table alias. */
  from: string;
  where: Where;
  order: { sql: string; params: unknown[] };
  window: Window;
  map: (row: Row) => T;
}

/** Runs the window query and its COUNT(*) with one WHERE; statements are cached by SQL text. */
export function selectPage<Row, T>(prepare: Prepare, query: PageQuery<Row, T>): Page<T> {
  const where = query.where.conditions.length > 0 ? ` WHERE ${query.where.sql}` : "";
  const rows = prepare(`SELECT ${query.select} FROM ${query.from}${where} ORDER BY ${query.order.sql} LIMIT ? OFFSET ?`).all(
    ...query.where.params,
    ...query.order.params,
    query.window.limit,
    query.window.offset,
  ) as Row[];
  const { count } = prepare(`SELECT COUNT(*) AS count FROM ${query.from}${where}`).get(...query.where.params) as { count: number };
  return { items: rows.map(query.map), count };
}
