import { runBlobStoreConformance, runStorageConformance } from "@helpdesk/core/testing";
import type { Knex } from "knex";
import { afterAll, beforeAll, describe } from "vitest";
import { createPostgresClient } from "./postgres-client";
import { postgresBlobStore } from "./postgres-blob-store";
import { postgresStorage } from "./postgres-storage";
import { createTestSchema, postgresTestGate, truncateAll, type TestSchema } from "./testing";

const gate = await postgresTestGate("the Postgres storage conformance suite");

describe.skipIf(gate.skip)("postgresStorage", () => {
  // One schema for the file, emptied before each test: much faster than a schema per test.
  let schema: TestSchema | undefined;
  let knex: Knex | undefined;

  beforeAll(async () => {
    gate.check();
    schema = await createTestSchema();
    knex = createPostgresClient(schema.options);
  });

  afterAll(async () => {
    await knex?.destroy();
    await schema?.drop();
  });

  runStorageConformance("postgres", async () => {
    if (knex === undefined) throw new Error("The test schema was not created");
    await truncateAll(knex);
    // The knex instance is the file's: each test's storage leaves it open.
    return { storage: postgresStorage(knex), close: async () => undefined };
  });

  runBlobStoreConformance("postgres attachment_blobs", async () => {
    if (knex === undefined) throw new Error("The test schema was not created");
    const db = knex;
    await truncateAll(db);
    const stored = async () => Number((await db("attachment_blobs").countDistinct({ count: "key" }))[0]!.count);
    return { store: postgresBlobStore(db), stored, close: async () => undefined };
  });
});
