import type { Knex } from "knex";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRUNE_CODES, PRUNE_FAMILIES, PRUNE_INTERACTIONS, PRUNE_SESSIONS, PRUNE_TOKENS } from "./oauth-prune-sql";
import { createPostgresClient } from "./postgres-client";
import { createTestSchema, postgresTestGate, type TestSchema } from "./testing";

const gate = await postgresTestGate("the Postgres OAuth prune plans");

describe.skipIf(gate.skip)("the OAuth prune on Postgres", () => {
  let schema: TestSchema | undefined;
  let knex: Knex | undefined;

  beforeAll(async () => {
    gate.check();
    schema = await createTestSchema();
    knex = createPostgresClient(schema.options);
    // Many live rows and a few expired ones, analyzed: what a long-running desk holds when the sweep runs.
    // Foreign keys are not what is planned here, so they are left unchecked while seeding.
    await knex.transaction(async (trx) => {
      await trx.raw("SET LOCAL session_replication_role = replica");
      await trx.raw("INSERT INTO oauth_codes (tenant_id, code_hash, client_id, user_id, redirect_uri, scope, created_at, expires_at) SELECT 1, 'c' || i, 1, 1, 'u', 's', i, i FROM generate_series(1, 20000) AS i");
      await trx.raw("INSERT INTO oauth_grants (tenant_id, client_id, user_id, scope, code_id, created_at, revoked_at) SELECT 1, 1, 1, 's', i, i, CASE WHEN i % 100 = 0 THEN i END FROM generate_series(1, 20000) AS i");
      await trx.raw("INSERT INTO oauth_tokens (tenant_id, grant_id, kind, token_hash, created_at, expires_at) SELECT 1, i / 2 + 1, 'access', 't' || i, i, i FROM generate_series(1, 40000) AS i");
      await trx.raw("INSERT INTO oauth_sessions (tenant_id, session_hash, created_at, expires_at) SELECT 1, 's' || i, i, i FROM generate_series(1, 20000) AS i");
      await trx.raw("INSERT INTO oauth_interactions (tenant_id, interaction_hash, session_hash, client_id, redirect_uri, scope, created_at, expires_at) SELECT 1, 'i' || i, 's', 1, 'u', 's', i, i FROM generate_series(1, 20000) AS i");
    });
    await knex.raw("ANALYZE oauth_codes, oauth_grants, oauth_tokens, oauth_sessions, oauth_interactions");
  });

  afterAll(async () => {
    await knex?.destroy();
    await schema?.drop();
  });

  /** The plan of `sql` for a sweep that finds the oldest 100 rows expired. */
  async function plan(sql: string): Promise<string> {
    const result = (await knex!.raw(`EXPLAIN ${sql}`, { before: 100, limit: 500 })) as { rows: Array<{ "QUERY PLAN": string }> };
    return result.rows.map((row) => row["QUERY PLAN"]).join("\n");
  }

  it("plan - every DELETE finds its rows through an expiry index and never scans a table", async () => {
    const cases: Array<[string, RegExp[]]> = [
      [PRUNE_FAMILIES, [/oauth_grants_revoked[\s\S]*?Index Cond: \(revoked_at < /, /oauth_tokens_expiry[\s\S]*?Index Cond: \(expires_at < /]],
      [PRUNE_TOKENS, [/oauth_tokens_expiry[\s\S]*?Index Cond: \(expires_at < /]],
      [PRUNE_CODES, [/oauth_codes_expiry[\s\S]*?Index Cond: \(expires_at < /]],
      [PRUNE_SESSIONS, [/oauth_sessions_expiry[\s\S]*?Index Cond: \(expires_at < /]],
      [PRUNE_INTERACTIONS, [/oauth_interactions_expiry[\s\S]*?Index Cond: \(expires_at < /]],
    ];
    for (const [sql, searches] of cases) {
      const steps = await plan(sql);
      for (const search of searches) expect(steps, sql).toMatch(search);
      expect(steps, sql).not.toMatch(/Seq Scan/);
    }
  });
});
