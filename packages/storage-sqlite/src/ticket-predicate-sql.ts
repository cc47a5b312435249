import { PREDICATE_SCALAR_FIELDS, TICKET_TIME_FIELDS, type TicketPredicate } from "@helpdesk/core";
import { statusToInt } from "./row-mappers";
import { jsonList } from "./sql-helpers";

/** Columns that are never null: their tests need no null guard. */
const NOT_NULL = new Set(["status", "requester_id", "source", "created_at", "updated_at"]);

/** A custom field entry named by the parameter (alias `f`, over the ticket aliased `t`). */
const FIELD_ENTRY = "FROM json_each(t.custom_fields) f WHERE json_extract(f.value, '$.name') = ?";

/** The entry's value, or an element of an array value, equals the parameter in string form (booleans as true / false). */
const FIELD_HAS =
  `EXISTS (SELECT 1 ${FIELD_ENTRY.replace("WHERE", ", json_each(f.value, '$.value') v WHERE")} AND ` +
  "(CASE v.type WHEN 'true' THEN 'true' WHEN 'false' THEN 'false' ELSE CAST(v.atom AS TEXT) END) = ?)";

const VALUE_TYPE = "json_type(f.value, '$.value')";
/** No entry, or its value is null, "" or []. */
const FIELD_EMPTY =
  `NOT EXISTS (SELECT 1 ${FIELD_ENTRY} AND (${VALUE_TYPE} IN ('true', 'false', 'integer', 'real', 'object') ` +
  `OR (${VALUE_TYPE} = 'text' AND json_extract(f.value, '$.value') <> '') OR (${VALUE_TYPE} = 'array' AND json_array_length(f.value, '$.value') > 0)))`;

function column(field: string, allowed: readonly string[]): string {
  if (!allowed.includes(field)) throw new TypeError(`Unknown ticket field ${field}`);
  return `t.${field}`;
}

/**
 * The WHERE fragment of a ticket predicate over `tickets t`. Every test comes
 * out two-valued (a null column is guarded), so NOT negates exactly. Lists
 * travel as one JSON parameter, so a view's SQL text, and its cached
 * statement, does not change with the number of values.
 */
export function predicateSql(p: TicketPredicate): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const walk = (node: TicketPredicate): string => {
    switch (node.kind) {
      case "and":
      case "or": {
        if (node.args.length === 0) return node.kind === "and" ? "1" : "0";
        return `(${node.args.map(walk).join(node.kind === "and" ? " AND " : " OR ")})`;
      }
      case "not":
        return `NOT (${walk(node.arg)})`;
      case "in": {
        const col = column(node.field, PREDICATE_SCALAR_FIELDS);
        const values = node.values.filter((v) => v !== null).map((v) => (node.field === "status" ? statusToInt(v as never) : v));
        const tests: string[] = [];
        if (values.length > 0) {
          params.push(jsonList(values));
          tests.push(`${col} IN (SELECT value FROM json_each(?))`);
        }
        const withNull = node.values.length > values.length;
        if (withNull) tests.unshift(`${col} IS NULL`);
        if (tests.length === 0) return "0";
        if (!withNull && !NOT_NULL.has(node.field)) tests.unshift(`${col} IS NOT NULL`);
        return `(${tests.join(withNull ? " OR " : " AND ")})`;
      }
      case "range": {
        const col = column(node.field, TICKET_TIME_FIELDS);
        const tests = NOT_NULL.has(node.field) ? [] : [`${col} IS NOT NULL`];
        if (node.from !== undefined) {
          tests.push(`${col} >= ?`);
          params.push(node.from);
        }
        if (node.to !== undefined) {
          tests.push(`${col} <= ?`);
          params.push(node.to);
        }
        return tests.length === 0 ? "1" : `(${tests.join(" AND ")})`;
      }
      case "tags":
        params.push(jsonList(node.tags));
        return "EXISTS (SELECT 1 FROM json_each(t.tags) tg WHERE tg.value IN (SELECT value FROM json_each(?)))";
      case "field":
        params.push(node.name);
        if (node.value === null) return FIELD_EMPTY;
        params.push(node.value);
        return FIELD_HAS;
    }
  };
  return { sql: walk(p), params };
}
