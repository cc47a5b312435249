import { TICKET_TIME_FIELDS, type TicketFilter, type TicketScope, type TicketTimeBound } from "@helpdesk/core";
import type { Knex } from "knex";
import { statusToInt } from "./row-mappers";
import { addTimeRange, containsPattern, ilike, type FieldOrder, type SortColumns } from "./sql-helpers";
import { predicateSql } from "./ticket-predicate-sql";

/** The collaborators of the ticket row aliased `alias`, as a JSON array in id order. */
export const collaboratorIds = (alias: string): string =>
  `(SELECT coalesce(json_agg(c.user_id ORDER BY c.user_id), '[]'::json) FROM ticket_collaborators c ` +
  `WHERE c.tenant_id = ${alias}.tenant_id AND c.ticket_id = ${alias}.id) AS collaborator_ids`;

/** Selects a ticket row with its collaborators (alias `t`). */
export const TICKET_SELECT = `t.*, ${collaboratorIds("t")}`;

/**
 * The value of custom field `field_<id>`: the first `{name, value}` entry with
 * that name, as a LATERAL join so the three ORDER BY keys below share it.
 */
function fieldOrder(fieldId: number, alias: string): FieldOrder {
  const value = `${alias}.value`;
  const type = `jsonb_typeof(${value})`;
  return {
    join: {
      sql:
        `LEFT JOIN LATERAL (SELECT f.entry -> 'value' AS value FROM jsonb_array_elements(t.custom_fields) WITH ORDINALITY AS f(entry, n) ` +
        `WHERE f.entry ->> 'name' = ? ORDER BY f.n LIMIT 1) AS ${alias} ON true`,
      params: [`field_${fieldId}`],
    },
    // SQLite's order for json_extract results: NULL (missing or JSON null), then numbers with booleans
    // as 0/1, then text (arrays as their JSON text) compared bytewise. jsonb's own order differs
    // (strings before numbers, locale collation), so the value is split into a class and two keys.
    keys: [
      `CASE ${type} WHEN 'number' THEN 0 WHEN 'boolean' THEN 0 WHEN 'string' THEN 1 WHEN 'array' THEN 1 WHEN 'object' THEN 1 END`,
      `CASE ${type} WHEN 'number' THEN (${value})::numeric WHEN 'boolean' THEN CASE WHEN (${value})::boolean THEN 1 ELSE 0 END END`,
      `CASE WHEN ${type} IN ('string', 'array', 'object') THEN (${value} #>> '{}') COLLATE "C" END`,
    ],
  };
}

/** `status` is the lifecycle index, so it orders new < open < pending < solved < closed. */
export const TICKET_SORT: SortColumns = {
  id: "t.id",
  created_at: "t.created_at",
  updated_at: "t.updated_at",
  status: "t.status",
  field: fieldOrder,
};

/**
 * Some custom field's value, or an element of an array value, equals the
 * parameter in string form (booleans as `true` / `false`, numbers as written).
 */
const FIELD_MATCH =
  "EXISTS (SELECT 1 FROM jsonb_array_elements(t.custom_fields) AS f(entry) CROSS JOIN LATERAL jsonb_array_elements(" +
  "CASE jsonb_typeof(f.entry -> 'value') WHEN 'array' THEN f.entry -> 'value' ELSE jsonb_build_array(f.entry -> 'value') END) AS v(item) " +
  "WHERE jsonb_typeof(v.item) IN ('string', 'number', 'boolean') AND v.item #>> '{}' = ?)";

const TEXT_MATCH =
  `(${ilike("t.title")} OR ${ilike("t.description")}` +
  ` OR EXISTS (SELECT 1 FROM ticket_comments tc WHERE tc.tenant_id = t.tenant_id AND tc.ticket_id = t.id AND ${ilike("tc.content")})` +
  ` OR EXISTS (SELECT 1 FROM users u WHERE u.tenant_id = t.tenant_id AND u.id = t.requester_id AND (${ilike("u.name")} OR ${ilike("u.email")})))`;

function addScope(query: Knex.QueryBuilder, scope: TicketScope): void {
  switch (scope.kind) {
    case "all":
      return;
    case "groups":
      query.whereRaw("(t.group_id = ANY(?::bigint[]) OR t.assignee_id = ?)", [scope.groupIds, scope.userId]);
      return;
    case "assigned":
      query.where("t.assignee_id", scope.userId);
      return;
  }
}

/**
 * Inclusive bounds on ticket timestamps, each a range scan of the field's
 * (tenant_id, field) index; a null never satisfies a comparison, and a bound
 * with neither end still asks for a value.
 */
function addTimeBounds(query: Knex.QueryBuilder, bounds: readonly TicketTimeBound[]): void {
  for (const bound of bounds) {
    if (!TICKET_TIME_FIELDS.includes(bound.field)) throw new TypeError(`Unknown ticket time field ${String(bound.field)}`);
    const column = `t.${bound.field}`;
    if (bound.from !== undefined) query.where(column, ">=", bound.from);
    if (bound.to !== undefined) query.where(column, "<=", bound.to);
    if (bound.from === undefined && bound.to === undefined) query.whereNotNull(column);
  }
}

/** FROM and WHERE of a ticket list: the tenant, the agent's scope, then each filter given. */
export function ticketQuery(db: Knex, tenantId: number, filter: TicketFilter): Knex.QueryBuilder {
  const query = db("tickets as t").where("t.tenant_id", tenantId);
  addScope(query, filter.scope);
  addTimeRange(query, filter, "t");
  if (filter.ids !== undefined) query.whereRaw("t.id = ANY(?::bigint[])", [filter.ids]);
  if (filter.assigneeId !== undefined) query.where("t.assignee_id", filter.assigneeId);
  if (filter.requesterId !== undefined) query.where("t.requester_id", filter.requesterId);
  if (filter.organizationId !== undefined) query.where("t.organization_id", filter.organizationId);
  if (filter.problemId !== undefined) query.where("t.problem_id", filter.problemId);
  if (filter.type !== undefined) {
    if (filter.type === null) query.whereNull("t.type");
    else query.where("t.type", filter.type);
  }
  if (filter.statuses !== undefined) query.whereRaw("t.status = ANY(?::smallint[])", [filter.statuses.map(statusToInt)]);
  if (filter.excludeStatuses !== undefined && filter.excludeStatuses.length > 0) {
    query.whereRaw("t.status <> ALL(?::smallint[])", [filter.excludeStatuses.map(statusToInt)]);
  }
  if (filter.timeBounds !== undefined) addTimeBounds(query, filter.timeBounds);
  if (filter.text !== undefined) {
    const like = containsPattern(filter.text);
    query.whereRaw(TEXT_MATCH, [like, like, like, like, like]);
  }
  if (filter.fieldValue !== undefined) query.whereRaw(FIELD_MATCH, [filter.fieldValue]);
  if (filter.predicate !== undefined) {
    const predicate = predicateSql(filter.predicate);
    query.whereRaw(predicate.sql, predicate.params as Knex.RawBinding[]);
  }
  return query;
}
