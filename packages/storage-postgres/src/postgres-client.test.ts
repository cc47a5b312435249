import knexFactory from "knex";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createPostgresClient, schemaOf } from "./postgres-client";
import { postgresStorage } from "./postgres-storage";
import { holdConnections, testClients } from "./test-support";
import { createTestSchema, postgresTestGate, type TestSchema } from "./testing";

const gate = await postgresTestGate("the Postgres client tests");

const INT8_OID = 20;

describe.skipIf(gate.skip)("createPostgresClient", () => {
  let schema: TestSchema | undefined;
  const clients = testClients(() => schema!);

  beforeAll(async () => {
    gate.check();
    schema = await createTestSchema();
  });
  afterEach(() => clients.destroyAll());
  afterAll(() => schema?.drop());

  /** What each of `count` pooled connections reports for `sql`, all of them held open at once. */
  async function everyConnection(knex: ReturnType<typeof createPostgresClient>, count: number, sql: string): Promise<unknown[]> {
    await holdConnections(knex, count);
    return Promise.all(Array.from({ length: count }, async () => (await knex.raw(sql)).rows[0]));
  }

  it("createPostgresClient - every connection has the schema as search_path, a 30 s statement timeout and its application_name", async () => {
    const { knex, applicationName } = clients.open("defaults");
    const settings = await everyConnection(
      knex,
      3,
      "SELECT current_schema() AS schema, current_setting('statement_timeout') AS timeout, current_setting('application_name') AS app",
    );
    expect(settings).toEqual(Array(3).fill({ schema: schema!.schema, timeout: "30s", app: applicationName }));
    expect(schemaOf(knex)).toBe(schema!.schema);
  });

  it("createPostgresClient - statementTimeoutMs and poolSize are applied", async () => {
    const { knex } = clients.open("options", { statementTimeoutMs: 1500, poolSize: 2 });
    expect(await everyConnection(knex, 2, "SHOW statement_timeout")).toEqual([{ statement_timeout: "1500ms" }, { statement_timeout: "1500ms" }]);
    expect(knex.client.config.pool).toMatchObject({ max: 2 });
  });

  it("postgresStorage - runs over a caller's own knex, with or without an int8 type parser, and never destroys it", async () => {
    const plain = knexFactory({ client: "pg", connection: schema!.connectionString, searchPath: [schema!.schema] });
    const parsed = knexFactory({
      client: "pg",
      connection: {
        connectionString: schema!.connectionString,
        // A caller that parses int8 itself: the row mappers must accept numbers as well as strings.
        types: { getTypeParser: (oid: number) => (oid === INT8_OID ? Number : pg.types.getTypeParser(oid)) },
      },
      searchPath: [schema!.schema],
    });
    try {
      for (const [host, knex] of [["plain.example.com", plain], ["parsed.example.com", parsed]] as const) {
        const storage = postgresStorage(knex);
        const tenant = await storage.transaction((tx) => tx.tenants.create({ host, name: host, created_at: 1_700_000_000_000 }));
        expect(tenant).toEqual({ id: expect.any(Number), host, name: host, created_at: 1_700_000_000_000 });
        expect(await storage.tenants.get(tenant.id)).toEqual(tenant);
        const org = await storage.organizations.create(tenant.id, { name: "Acme", domain: null, description: null, group_id: 7, created_at: 2, updated_at: 3, shared_tickets: false });
        expect(await storage.organizations.list(tenant.id, {}, [], { limit: 5, offset: 0 })).toEqual({ items: [org], count: 1 });
      }
      // The setup really differs: one client hands int8 over as strings, the other as numbers.
      expect((await plain.raw("SELECT 5::bigint AS n")).rows).toEqual([{ n: "5" }]);
      expect((await parsed.raw("SELECT 5::bigint AS n")).rows).toEqual([{ n: 5 }]);
    } finally {
      await Promise.all([plain.destroy(), parsed.destroy()]);
    }
  });
});
