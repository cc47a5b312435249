import { assertValidViewConditions, viewPredicate, type ConditionInput } from "@helpdesk/core";
import type { Knex } from "knex";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresClient } from "./postgres-client";
import { createTestSchema, postgresTestGate, type TestSchema } from "./testing";
import { ticketQuery } from "./ticket-list-query";

const gate = await postgresTestGate("the Postgres view query plans");

describe.skipIf(gate.skip)("view predicates on Postgres", () => {
  let schema: TestSchema | undefined;
  let knex: Knex | undefined;

  beforeAll(async () => {
    gate.check();
    schema = await createTestSchema();
    knex = createPostgresClient(schema.options);
    // Enough spread tickets, analyzed, for the planner to weigh one index against another.
    await knex.raw("INSERT INTO tenants (id, host, name, created_at) VALUES (1, 'plan.test', 'Plan', 0)");
    await knex.raw(
      "INSERT INTO tickets (tenant_id, id, title, description, status, priority, requester_id, assignee_id, group_id, created_at, updated_at, source, tags, custom_fields) " +
        "SELECT 1, i, 't', 'd', i % 5, (ARRAY['low', 'medium', 'high', 'urgent'])[i % 4 + 1], 1, i % 40, i % 50, i, i, 'api', '[]', '[]' FROM generate_series(1, 20000) AS i",
    );
    await knex.raw("ANALYZE tickets");
  });

  afterAll(async () => {
    await knex?.destroy();
    await schema?.drop();
  });

  /** The plan of a view's count, with sequential scans priced out: what matters is which tests are index conditions. */
  async function countPlan(all: ConditionInput[]): Promise<string> {
    const predicate = viewPredicate(assertValidViewConditions({ all, any: [] }), { id: 5, groupIds: [1, 2] }, Date.UTC(2024, 0, 1));
    const query = ticketQuery(knex!, 1, { scope: { kind: "all" }, predicate }).count({ count: "*" }).toSQL();
    return knex!.transaction(async (trx) => {
      await trx.raw("SET LOCAL enable_seqscan = off");
      const result = (await trx.raw(`EXPLAIN ${query.sql}`, query.bindings as Knex.RawBinding[])) as { rows: Array<{ "QUERY PLAN": string }> };
      return result.rows.map((row) => row["QUERY PLAN"]).join("\n");
    });
  }

  it("plan - status, group, assignee and priority conditions are index conditions on the tenant's tickets", async () => {
    const cases: Array<[ConditionInput[], RegExp]> = [
      [[{ source: "status", operator: "is", value: "1" }], /tickets_status[\s\S]*Index Cond: \(\(tenant_id = '1'::bigint\)[^\n]*\(status = ANY/],
      [[{ source: "group_id", operator: "is", value: "3" }, { source: "status", operator: "less_than", value: "3" }], /tickets_group_status[\s\S]*Index Cond: \(\(tenant_id = '1'::bigint\)[^\n]*\(group_id = ANY[^\n]*\(status = ANY/],
      [[{ source: "assignee_id", operator: "is", value: "(current_user)" }], /tickets_assignee_status[\s\S]*Index Cond: \(\(tenant_id = '1'::bigint\)[^\n]*\(assignee_id = ANY/],
      [[{ source: "priority", operator: "is", value: "3" }], /tickets_priority[\s\S]*Index Cond: \(\(tenant_id = '1'::bigint\)[^\n]*\(priority = ANY/],
    ];
    for (const [conditions, expected] of cases) expect(await countPlan(conditions)).toMatch(expected);
  });
});
