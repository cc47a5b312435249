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
 * The WHERE fragment of a ticket predicate over `tickets t`, with positional
 * parameters. Value lists are written out (`IN (?, ?)`) so the planner sees
 * how many values a test admits when it weighs one index against another.
 */
export function predicateSql(p: TicketPredicate): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  // Negations are pushed down to the tests (De Morgan), so a NOT never meets
  // a NULL: a positive test may be NULL where false is meant (AND and OR
  // treat them alike), and each negated test handles null columns itself.
  const walk = (node: TicketPredicate, negated: boolean): string => {
    switch (node.kind) {
      case "and":
      case "or": {
        const conjunction = (node.kind === "and") !== negated;
        if (node.args.length === 0) return conjunction ? "1" : "0";
        return `(${node.args.map((arg) => walk(arg, negated)).join(conjunction ? " AND " : " OR ")})`;
      }
      case "not":
        return walk(node.arg, !negated);
      case "in": {
        const col = column(node.field, PREDICATE_SCALAR_FIELDS);
        const values = node.values.filter((v) => v !== null).map((v) => (node.field === "status" ? statusToInt(v as never) : v));
        const withNull = node.values.length > values.length;
        if (values.length === 0 && !withNull) return negated ? "1" : "0";
        const tests: string[] = [];
        if (withNull) tests.push(`${col} ${negated ? "IS NOT NULL" : "IS NULL"}`);
        else if (negated && !NOT_NULL.has(node.field)) tests.push(`${col} IS NULL`);
        if (values.length > 0) {
          params.push(...values);
          tests.push(`${col} ${negated ? "NOT IN" : "IN"} (${values.map(() => "?").join(", ")})`);
        }
        // Negated with null in the list: set, and none of the values; otherwise either test.
        return `(${tests.join(negated && withNull ? " AND " : " OR ")})`;
      }
      case "range": {
        // Unary + keeps the planner from driving the search by the time index
        // (a range it guesses to be narrow, then reading every row it finds):
        // the bound filters entries of the status-led covering index instead.
        const col = `+${column(node.field, TICKET_TIME_FIELDS)}`;
        const tests = NOT_NULL.has(node.field) ? [] : [`${col} ${negated ? "IS NULL" : "IS NOT NULL"}`];
        if (node.from !== undefined) {
          tests.push(`${col} ${negated ? "<" : ">="} ?`);
          params.push(node.from);
        }
        if (node.to !== undefined) {
          tests.push(`${col} ${negated ? ">" : "<="} ?`);
          params.push(node.to);
        }
        if (tests.length === 0) return negated ? "0" : "1";
        return `(${tests.join(negated ? " OR " : " AND ")})`;
      }
      case "tags":
        params.push(jsonList(node.tags));
        return `${negated ? "NOT " : ""}EXISTS (SELECT 1 FROM json_each(t.tags) tg WHERE tg.value IN (SELECT value FROM json_each(?)))`;
      case "field":
        params.push(node.name);
        if (node.value !== null) params.push(node.value);
        return `${negated ? "NOT " : ""}${node.value === null ? FIELD_EMPTY : FIELD_HAS}`;
    }
  };
  return { sql: walk(p, false), params };
}
