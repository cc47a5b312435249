import { assertValidViewConditions, viewPredicate, type ConditionInput, type TicketScope } from "@helpdesk/core";
import { afterEach, describe, expect, it } from "vitest";
import { sqliteStorage } from "./sqlite-storage";
import { openFile } from "./test-support";
import { ticketWhere } from "./ticket-list-query";

/** The query plan of a view's count, one step per line. */
function countPlan(db: ReturnType<typeof openFile>["db"], all: ConditionInput[], scope: TicketScope = { kind: "all" }): string[] {
  const predicate = viewPredicate(assertValidViewConditions({ all, any: [] }), { id: 5, groupIds: [1, 2] }, Date.UTC(2024, 0, 1));
  const where = ticketWhere(1, { scope, predicate });
  const rows = db.prepare(`EXPLAIN QUERY PLAN SELECT COUNT(*) FROM tickets t WHERE ${where.sql}`).all(...where.params) as Array<{ detail: string }>;
  return rows.map((row) => row.detail);
}

describe("view predicates on SQLite", () => {
  const opened: Array<ReturnType<typeof openFile>> = [];
  afterEach(() => opened.splice(0).forEach((file) => file.close()));
  const open = () => {
    const file = openFile();
    opened.push(file);
    sqliteStorage(file.db);
    return file.db;
  };

  it("plan - status, group, assignee, priority and hours-since conditions search an index of the tenant's tickets, never scan the table", () => {
    const db = open();
    const cases: Array<[ConditionInput[], RegExp]> = [
      [[{ source: "status", operator: "is", value: "1" }], /\(tenant_id=\? AND status=\?/],
      [[{ source: "status", operator: "is_not", value: "4" }], /\(tenant_id=\? AND status=\?/],
      [[{ source: "group_id", operator: "is", value: "3" }, { source: "status", operator: "less_than", value: "3" }], /\(tenant_id=\? AND (status=\? AND group_id|group_id=\? AND status)=\?/],
      [[{ source: "assignee_id", operator: "is", value: "(current_user)" }], /\(tenant_id=\? AND assignee_id=\?/],
      [[{ source: "priority", operator: "is", value: "3" }], /\(tenant_id=\? AND priority=\?/],
      [[{ source: "status", operator: "is", value: "3" }, { source: "resolved", operator: "greater_than", value: "24" }], /\(tenant_id=\? AND (status=\?|resolved_at>\?)/],
    ];
    for (const [conditions, search] of cases) {
      const [first] = countPlan(db, conditions);
      expect(first).toMatch(/^SEARCH t USING (COVERING )?INDEX /);
      expect(first, JSON.stringify(conditions)).toMatch(search);
    }
    // An agent restricted to their groups: the status still narrows the search.
    const [restricted] = countPlan(db, cases[0]![0], { kind: "groups", userId: 5, groupIds: [1, 2] });
    expect(restricted).toMatch(/^SEARCH t USING (COVERING )?INDEX \w+ \(tenant_id=\? AND status=\?/);
  });
});
