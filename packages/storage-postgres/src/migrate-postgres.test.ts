import type { Knex } from "knex";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATIONS_TABLE, migratePostgres, migrationName } from "./migrate-postgres";
import { MIGRATIONS, TABLES, type Migration } from "./migrations";
import { createPostgresClient } from "./postgres-client";
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
    const next = MIGRATIONS.length + 1;
    const extra: Migration[] = [
      ...MIGRATIONS,
      { version: next + 1, name: "second extra", up: "ALTER TABLE probe ADD COLUMN b text" },
      { version: next, name: "first extra", up: "CREATE TABLE probe (a text)" },
    ];
    await migratePostgres(knex, extra);
    expect((await applied(knex)).slice(-2)).toEqual([
      { name: migrationName(extra[2]!), batch: 2 },
      { name: migrationName(extra[1]!), batch: 2 },
    ]);
    const columns = await knex("information_schema.columns").where({ table_schema: schema.schema, table_name: "probe" }).orderBy("ordinal_position").pluck("column_name");
    expect(columns).toEqual(["a", "b"]);
    await migratePostgres(knex, extra);
    expect(await applied(knex)).toHaveLength(extra.length);
  });

  it("migratePostgres - a failing step leaves no trace, and the next run applies the fixed step", async () => {
    const schema = await freshSchema();
    const knex = client(schema);
    await migratePostgres(knex);
    const version = MIGRATIONS.length + 1;
    const broken: Migration = { version, name: "broken", up: "CREATE TABLE half (a text); SELECT * FROM no_such_table" };
    await expect(migratePostgres(knex, [...MIGRATIONS, broken])).rejects.toThrow(/no_such_table/);
    expect(await tablesOf(knex, schema.schema)).not.toContain("half");
    expect(await applied(knex)).toHaveLength(MIGRATIONS.length);

    await migratePostgres(knex, [...MIGRATIONS, { version, name: "broken", up: "CREATE TABLE half (a text)" }]);
    expect(await tablesOf(knex, schema.schema)).toContain("half");
  });
});
