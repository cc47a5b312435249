import { TICKET_TIME_FIELDS, type TicketFilter, type TicketScope, type TicketTimeBound } from "@helpdesk/core";
import { statusToInt } from "./row-mappers";
import { addTimeRange, containsPattern, jsonList, Where, type SortColumns } from "./sql-helpers";
import { predicateSql } from "./ticket-predicate-sql";

/** Selects a ticket row with its collaborators aggregated as a JSON array (alias `t`). */
export const TICKET_SELECT =
  "t.*, (SELECT json_group_array(c.user_id ORDER BY c.user_id) FROM ticket_collaborators c " +
  "WHERE c.tenant_id = t.tenant_id AND c.ticket_id = t.id) AS collaborator_ids";

/** The value of one custom field: the first `{name, value}` entry whose name matches. */
const FIELD_VALUE =
  "(SELECT json_extract(f.value, '$.value') FROM json_each(t.custom_fields) f WHERE json_extract(f.value, '$.name') = ? LIMIT 1)";

/** `status` is the lifecycle index, so it orders new < open < pending < solved < closed. */
export const TICKET_SORT: SortColumns = {
  id: "t.id",
  created_at: "t.created_at",
  updated_at: "t.updated_at",
  status: "t.status",
  field: (fieldId) => ({ sql: FIELD_VALUE, params: [`field_${fieldId}`] }),
};

/**
 * Some custom field's value, or an element of an array value, equals the
 * parameter in string form (booleans as `true` / `false`, numbers as written).
 */
const FIELD_MATCH =
  "EXISTS (SELECT 1 FROM json_each(t.custom_fields) f, json_each(f.value, '$.value') v WHERE " +
  "(CASE v.type WHEN 'true' THEN 'true' WHEN 'false' THEN 'false' ELSE CAST(v.atom AS TEXT) END) = ?)";

const LIKE = "LIKE ? ESCAPE '\\'";
const TEXT_MATCH =
  `(t.title ${LIKE} OR t.description ${LIKE}` +
  ` OR EXISTS (SELECT 1 FROM ticket_comments tc WHERE tc.tenant_id = t.tenant_id AND tc.ticket_id = t.id AND tc.content ${LIKE})` +
  ` OR EXISTS (SELECT 1 FROM users u WHERE u.tenant_id = t.tenant_id AND u.id = t.requester_id AND (u.name ${LIKE} OR u.email ${LIKE})))`;

function addScope(where: Where, scope: TicketScope): void {
  switch (scope.kind) {
    case "all":
      return;
    case "groups":
      where.add("(t.group_id IN (SELECT value FROM json_each(?)) OR t.assignee_id = ?)", jsonList(scope.groupIds), scope.userId);
      return;
    case "assigned":
      where.add("t.assignee_id = ?", scope.userId);
      return;
  }
}

/**
 * Inclusive bounds on ticket timestamps; a null never satisfies a comparison,
 * and a bound with neither end still asks for a value. The column name comes
 * from the fixed list, never from the caller's text.
 */
function addTimeBounds(where: Where, bounds: readonly TicketTimeBound[]): void {
  for (const bound of bounds) {
    if (!TICKET_TIME_FIELDS.includes(bound.field)) throw new TypeError(`Unknown ticket time field ${String(bound.field)}`);
    const column = `t.${bound.field}`;
    if (bound.from !== undefined) where.add(`${column} >= ?`, bound.from);
    if (bound.to !== undefined) where.add(`${column} <= ?`, bound.to);
    if (bound.from === undefined && bound.to === undefined) where.add(`${column} IS NOT NULL`);
  }
}

/** The WHERE of a ticket list: the tenant, the agent's scope, then each filter given. */
export function ticketWhere(tenantId: number, filter: TicketFilter): Where {
  const where = new Where().add("t.tenant_id = ?", tenantId);
  addScope(where, filter.scope);
  addTimeRange(where, filter, "t");
  if (filter.ids !== undefined) where.add("t.id IN (SELECT value FROM json_each(?))", jsonList(filter.ids));
  if (filter.assigneeId !== undefined) where.add("t.assignee_id = ?", filter.assigneeId);
  if (filter.requesterId !== undefined) where.add("t.requester_id = ?", filter.requesterId);
  if (filter.organizationId !== undefined) where.add("t.organization_id = ?", filter.organizationId);
  if (filter.problemId !== undefined) where.add("t.problem_id = ?", filter.problemId);
  if (filter.type !== undefined) {
    if (filter.type === null) where.add("t.type IS NULL");
    else where.add("t.type = ?", filter.type);
  }
  if (filter.statuses !== undefined) where.add("t.status IN (SELECT value FROM json_each(?))", jsonList(filter.statuses.map(statusToInt)));
  if (filter.excludeStatuses !== undefined && filter.excludeStatuses.length > 0) {
    where.add("t.status NOT IN (SELECT value FROM json_each(?))", jsonList(filter.excludeStatuses.map(statusToInt)));
  }
  if (filter.timeBounds !== undefined) addTimeBounds(where, filter.timeBounds);
  if (filter.text !== undefined) {
    const like = containsPattern(filter.text);
    where.add(TEXT_MATCH, like, like, like, like, like);
  }
  if (filter.fieldValue !== undefined) where.add(FIELD_MATCH, filter.fieldValue);
  if (filter.predicate !== undefined) {
    const predicate = predicateSql(filter.predicate);
    where.add(predicate.sql, ...predicate.params);
  }
  return where;
}
