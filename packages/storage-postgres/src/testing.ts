import { randomBytes } from "node:crypto";
import type { Knex } from "knex";
import pg from "pg";
import { migratePostgres } from "./migrate-postgres";
import { TABLES } from "./migrations";
import { createPostgresClient, type PostgresOptions } from "./postgres-client";

/** Where Postgres tests connect unless DATABASE_URL says otherwise. */
export const DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/test";

export function databaseUrl(): string {
  return process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
}

/** The URL without its password, for messages. */
function describeUrl(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, "//$1:***@");
}

let availability: Promise<boolean> | undefined;

/** Whether the test database answers, checked once per process with a short connect timeout. */
export function postgresAvailable(): Promise<boolean> {
  availability ??= (async () => {
    const client = new pg.Client({ connectionString: databaseUrl(), connectionTimeoutMillis: 3000 });
    try {
      await client.connect();
      await client.query("SELECT 1");
      return true;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => undefined);
    }
  })();
  return availability;
}

export interface PostgresTestGate {
  /** True when the database is unreachable and CI is unset: pass to `describe.skipIf`. */
  skip: boolean;
  /** Throws when the database is unreachable; call it in `beforeAll`, so under CI every test fails instead of skipping. */
  check(): void;
}

/**
 * Decides whether a Postgres test file runs: it does when the database answers;
 * otherwise it is skipped with a printed reason, unless `CI` is set, when it
 * runs and fails in `beforeAll`.
 */
export async function postgresTestGate(label: string): Promise<PostgresTestGate> {
  const available = await postgresAvailable();
  const url = describeUrl(databaseUrl());
  const skip = !available && !process.env.CI;
  if (skip) console.warn(`Skipping ${label}: no PostgreSQL answers at ${url}. Set DATABASE_URL to run it (with CI set, this is a failure).`);
  return {
    skip,
    check() {
      if (!available) throw new Error(`${label}: PostgreSQL is required (CI is set) but ${url} is unreachable`);
    },
  };
}

export interface TestSchema {
  /** A fresh schema name, `hd_test_<hex>`. */
  schema: string;
  connectionString: string;
  /** Options for createPostgresClient pointing at the schema. */
  options: PostgresOptions;
  /** Drops the schema and everything in it. */
  drop(): Promise<void>;
}

/** A new random schema, migrated unless `migrate` is false (then it does not exist yet). Drop it in afterAll. */
export async function createTestSchema(settings: { migrate?: boolean } = {}): Promise<TestSchema> {
  const connectionString = databaseUrl();
  const schema = `hd_test_${randomBytes(6).toString("hex")}`;
  const options: PostgresOptions = { connectionString, schema };
  if (settings.migrate !== false) {
    const knex = createPostgresClient({ ...options, poolSize: 1 });
    try {
      await migratePostgres(knex);
    } finally {
      await knex.destroy();
    }
  }
  return {
    schema,
    connectionString,
    options,
    async drop() {
      const knex = createPostgresClient({ connectionString, poolSize: 1 });
      try {
        await knex.raw("DROP SCHEMA IF EXISTS ?? CASCADE", [schema]);
      } finally {
        await knex.destroy();
      }
    },
  };
}

/** Empties every help desk table of the client's schema and restarts its ids: a fresh, empty storage in one statement. */
export async function truncateAll(knex: Knex): Promise<void> {
  await knex.raw(`TRUNCATE ${TABLES.join(", ")} RESTART IDENTITY CASCADE`);
}
