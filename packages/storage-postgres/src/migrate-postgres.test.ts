import type { Knex } from "knex";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATIONS_TABLE, migratePostgres, migrationName } from "./migrate-postgres";
import { MIGRATIONS, TABLES, type Migration } from "./migrations";
import { createPostgresClient } from "./postgres-client";
import { postgresStorage } from "./postgres-storage";
import { createTestSchema, postgresTestGate, type TestSchema } from "./testing";

const gate = await postgresTestGate("the Postgres migration tests");

describe.skipIf(gate.skip)("migratePostgres", () => {
  // Migrations need schemas that start empty: each test makes its own, all dropped at the end.
  const schemas: TestSchema[] = [];
  const clients: Knex[] = [];

  beforeAll(() => gate.check());
  afterAll(async () => {
    await Promise.all(clients.splice(0).map((knex) => knex.destroy()));
    for (const schema of schemas.splice(0)) await schema.drop();
  });

  const freshSchema = async () => {
    const schema = await createTestSchema({ migrate: false });
    schemas.push(schema);
    return schema;
  };
  const client = (schema: TestSchema) => {
    const knex = createPostgresClient({ ...schema.options, poolSize: 2 });
    clients.push(knex);
    return knex;
  };
  const applied = (knex: Knex): Promise<Array<{ name: string; batch: number }>> => knex(MIGRATIONS_TABLE).select("name", "batch").orderBy("id");
  const tablesOf = async (knex: Knex, schema: string): Promise<string[]> =>
    (await knex("information_schema.tables").where("table_schema", schema).orderBy("table_name").pluck("table_name")) as string[];

  it("migratePostgres - creates the schema and records each version once; a second run applies nothing", async () => {
    const schema = await freshSchema();
    const knex = client(schema);
    await migratePostgres(knex);
    const expected = MIGRATIONS.map((m) => ({ name: migrationName(m), batch: 1 }));
    expect(await applied(knex)).toEqual(expected);
    expect(await tablesOf(knex, schema.schema)).toEqual([...TABLES, MIGRATIONS_TABLE, `${MIGRATIONS_TABLE}_lock`].sort());

    await migratePostgres(knex);
    expect(await applied(knex)).toEqual(expected);
  });

  it("migratePostgres - concurrent runs from separate clients on a fresh schema all succeed, applying each version once", async () => {
    const schema = await freshSchema();
    const knexes = [client(schema), client(schema), client(schema)];
    await Promise.all(knexes.map((knex) => migratePostgres(knex)));
    expect(await applied(knexes[0]!)).toEqual(MIGRATIONS.map((m) => ({ name: migrationName(m), batch: 1 })));
    expect(await tablesOf(knexes[1]!, schema.schema)).toEqual(expect.arrayContaining([...TABLES]));
  });

  it("migratePostgres - applies only the versions the schema has not seen, in version order", async () => {
    const schema = await freshSchema();
    const knex = client(schema);
    await migratePostgres(knex);
    const next = Math.max(...MIGRATIONS.map((m) => m.version)) + 1;
    const first: Migration = { version: next, name: "first extra", up: "CREATE TABLE probe (a text)" };
    const second: Migration = { version: next + 1, name: "second extra", up: "ALTER TABLE probe ADD COLUMN b text" };
    const extra: Migration[] = [...MIGRATIONS, second, first];
    await migratePostgres(knex, extra);
    expect((await applied(knex)).slice(-2)).toEqual([
      { name: migrationName(first), batch: 2 },
      { name: migrationName(second), batch: 2 },
    ]);
    const columns = await knex("information_schema.columns").where({ table_schema: schema.schema, table_name: "probe" }).orderBy("ordinal_position").pluck("column_name");
    expect(columns).toEqual(["a", "b"]);
    await migratePostgres(knex, extra);
    expect(await applied(knex)).toHaveLength(extra.length);
  });

  it("migratePostgres - a schema of version 1 keeps its tickets, with null activity times and revision 0", async () => {
    const schema = await freshSchema();
    const knex = client(schema);
    await migratePostgres(knex, MIGRATIONS.slice(0, 1));
    await knex.raw("INSERT INTO tenants (host, name, created_at) VALUES ('alpha.example.com', 'Alpha', 1)");
    await knex.raw(
      "INSERT INTO tickets (tenant_id, id, title, description, status, requester_id, created_at, updated_at, resolved_at, source, tags, custom_fields) " +
        "VALUES (1, 1, 'Old', 'Old ticket', 3, 5, 1, 2, 3, 'web', '[]', '[]')",
    );
    await migratePostgres(knex);
    const storage = postgresStorage(knex);
    expect(await storage.tickets.get(1, 1)).toMatchObject({ id: 1, resolved_at: 3, pending_at: null, requester_updated_at: null, assignee_updated_at: null });
    expect(await storage.rules.revision(1)).toBe(0);
    const solved = { scope: { kind: "all" as const }, timeBounds: [{ field: "resolved_at" as const, to: 3 }] };
    expect((await storage.tickets.list(1, solved, [], { limit: 10, offset: 0 })).count).toBe(1);
  });

  it("migratePostgres - a failing step leaves no trace, and the next run applies the fixed step", async () => {
    const schema = await freshSchema();
    const knex = client(schema);
    await migratePostgres(knex);
    const version = Math.max(...MIGRATIONS.map((m) => m.version)) + 1;
    const broken: Migration = { version, name: "broken", up: "CREATE TABLE half (a text); SELECT * FROM no_such_table" };
    await expect(migratePostgres(knex, [...MIGRATIONS, broken])).rejects.toThrow(/no_such_table/);
    expect(await tablesOf(knex, schema.schema)).not.toContain("half");
    expect(await applied(knex)).toHaveLength(MIGRATIONS.length);

    await migratePostgres(knex, [...MIGRATIONS, { version, name: "broken", up: "CREATE TABLE half (a text)" }]);
    expect(await tablesOf(knex, schema.schema)).toContain("half");
  });
});
