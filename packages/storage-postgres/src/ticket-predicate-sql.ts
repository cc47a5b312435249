import { PREDICATE_SCALAR_FIELDS, TICKET_TIME_FIELDS, type PredicateScalarField, type TicketPredicate } from "@helpdesk/core";
import { statusToInt } from "./row-mappers";
import type { Fragment } from "./sql-helpers";

/** Columns that are never null: their tests need no null guard. */
const NOT_NULL = new Set(["status", "requester_id", "source", "created_at", "updated_at"]);

/** The array type each scalar column's values bind as. */
const ARRAY_TYPES: Record<PredicateScalarField, string> = {
  status: "smallint[]",
  type: "text[]",
  priority: "text[]",
  group_id: "bigint[]",
  assignee_id: "bigint[]",
  requester_id: "bigint[]",
  organization_id: "bigint[]",
  source: "text[]",
};

const ENTRY_VALUE = "f.entry -> 'value'";
const VALUE_TYPE = `jsonb_typeof(${ENTRY_VALUE})`;
const FIELD_ENTRY = "FROM jsonb_array_elements(t.custom_fields) AS f(entry) WHERE f.entry ->> 'name' = ?";

/** The entry's value, or an element of an array value, equals the parameter in string form (booleans as true / false). */
const FIELD_HAS =
  "EXISTS (SELECT 1 FROM jsonb_array_elements(t.custom_fields) AS f(entry) CROSS JOIN LATERAL jsonb_array_elements(" +
  `CASE ${VALUE_TYPE} WHEN 'array' THEN ${ENTRY_VALUE} ELSE jsonb_build_array(${ENTRY_VALUE}) END) AS v(item) ` +
  "WHERE f.entry ->> 'name' = ? AND jsonb_typeof(v.item) IN ('string', 'number', 'boolean') AND v.item #>> '{}' = ?)";

/** No entry, or its value is null, "" or []. */
const FIELD_EMPTY =
  `NOT EXISTS (SELECT 1 ${FIELD_ENTRY} AND (${VALUE_TYPE} IN ('number', 'boolean', 'object') ` +
  `OR (${VALUE_TYPE} = 'string' AND f.entry ->> 'value' <> '') OR (${VALUE_TYPE} = 'array' AND jsonb_array_length(${ENTRY_VALUE}) > 0)))`;

function column(field: string, allowed: readonly string[]): string {
  if (!allowed.includes(field)) throw new TypeError(`Unknown ticket field ${field}`);
  return `t.${field}`;
}

/**
 * The WHERE fragment of a ticket predicate over `tickets t`, with knex `?`
 * bindings. Every test comes out two-valued (a null column is guarded), so
 * NOT negates exactly; value lists bind as one typed array (`= ANY`), which
 * the planner matches against the (tenant_id, column) indexes.
 */
export function predicateSql(p: TicketPredicate): Fragment {
  const params: unknown[] = [];
  const walk = (node: TicketPredicate): string => {
    switch (node.kind) {
      case "and":
      case "or": {
        if (node.args.length === 0) return node.kind === "and" ? "true" : "false";
        return `(${node.args.map(walk).join(node.kind === "and" ? " AND " : " OR ")})`;
      }
      case "not":
        return `NOT (${walk(node.arg)})`;
      case "in": {
        const col = column(node.field, PREDICATE_SCALAR_FIELDS);
        const values = node.values.filter((v) => v !== null).map((v) => (node.field === "status" ? statusToInt(v as never) : v));
        const tests: string[] = [];
        if (values.length > 0) {
          params.push(values);
          tests.push(`${col} = ANY(?::${ARRAY_TYPES[node.field]})`);
        }
        const withNull = node.values.length > values.length;
        if (withNull) tests.unshift(`${col} IS NULL`);
        if (tests.length === 0) return "false";
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
        return tests.length === 0 ? "true" : `(${tests.join(" AND ")})`;
      }
      case "tags":
        params.push(node.tags);
        return "jsonb_exists_any(t.tags, ?::text[])";
      case "field":
        params.push(node.name);
        if (node.value === null) return FIELD_EMPTY;
        params.push(node.value);
        return FIELD_HAS;
    }
  };
  return { sql: walk(p), params };
}
