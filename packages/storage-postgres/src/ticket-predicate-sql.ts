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
 * bindings. Value lists bind as one typed array (`= ANY`), which the planner
 * matches against the (tenant_id, column …) indexes.
 */
export function predicateSql(p: TicketPredicate): Fragment {
  const params: unknown[] = [];
  // Negations are pushed down to the tests (De Morgan), so a NOT never meets
  // a NULL: a positive test may be NULL where false is meant (AND and OR
  // treat them alike), and each negated test handles null columns itself.
  const walk = (node: TicketPredicate, negated: boolean): string => {
    switch (node.kind) {
      case "and":
      case "or": {
        const conjunction = (node.kind === "and") !== negated;
        if (node.args.length === 0) return conjunction ? "true" : "false";
        return `(${node.args.map((arg) => walk(arg, negated)).join(conjunction ? " AND " : " OR ")})`;
      }
      case "not":
        return walk(node.arg, !negated);
      case "in": {
        const col = column(node.field, PREDICATE_SCALAR_FIELDS);
        const values = node.values.filter((v) => v !== null).map((v) => (node.field === "status" ? statusToInt(v as never) : v));
        const withNull = node.values.length > values.length;
        if (values.length === 0 && !withNull) return negated ? "true" : "false";
        const tests: string[] = [];
        if (withNull) tests.push(`${col} ${negated ? "IS NOT NULL" : "IS NULL"}`);
        else if (negated && !NOT_NULL.has(node.field)) tests.push(`${col} IS NULL`);
        if (values.length > 0) {
          params.push(values);
          tests.push(negated ? `${col} <> ALL(?::${ARRAY_TYPES[node.field]})` : `${col} = ANY(?::${ARRAY_TYPES[node.field]})`);
        }
        // Negated with null in the list: set, and none of the values; otherwise either test.
        return `(${tests.join(negated && withNull ? " AND " : " OR ")})`;
      }
      case "range": {
        const col = column(node.field, TICKET_TIME_FIELDS);
        const tests = NOT_NULL.has(node.field) ? [] : [`${col} ${negated ? "IS NULL" : "IS NOT NULL"}`];
        if (node.from !== undefined) {
          tests.push(`${col} ${negated ? "<" : ">="} ?`);
          params.push(node.from);
        }
        if (node.to !== undefined) {
          tests.push(`${col} ${negated ? ">" : "<="} ?`);
          params.push(node.to);
        }
        if (tests.length === 0) return negated ? "false" : "true";
        return `(${tests.join(negated ? " OR " : " AND ")})`;
      }
      case "tags":
        params.push(node.tags);
        return `${negated ? "NOT " : ""}jsonb_exists_any(t.tags, ?::text[])`;
      case "field":
        params.push(node.name);
        if (node.value !== null) params.push(node.value);
        return `${negated ? "NOT " : ""}${node.value === null ? FIELD_EMPTY : FIELD_HAS}`;
    }
  };
  return { sql: walk(p, false), params };
}
