import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BlobStore, Storage } from "@helpdesk/core";
import { sqliteBlobStore, sqliteStorage } from "@helpdesk/storage-sqlite";
import Database from "better-sqlite3";

/** Which adapter the end-to-end suite runs on: vitest's projects set HELPDESK_TEST_STORAGE. */
export type StorageKind = "sqlite" | "postgres";
export const STORAGE_KIND: StorageKind = process.env.HELPDESK_TEST_STORAGE === "postgres" ? "postgres" : "sqlite";

export interface OpenStorage {
  storage: Storage;
  /** The adapter's default blob store for attachments (files beside the SQLite file, or the attachment_blobs table). */
  blobs: BlobStore;
  close(): Promise<void>;
}

/** A fresh database for one test file: a SQLite file in a temp dir, or a Postgres schema of its own. */
export interface TestDatabase {
  kind: StorageKind;
  /** The `helpdesk` arguments that reach this database. */
  cliArgs: string[];
  /** A storage on connections of its own, as another process would have. */
  open(): Promise<OpenStorage>;
  /** Removes the database; close every storage first. */
  drop(): Promise<void>;
  /** Postgres only: kills every server connection to this database, as a database restart would; resolves to how many. */
  terminateConnections?(): Promise<number>;
  /** How many blobs the default blob store holds, finished or partial, read from the files or rows themselves. */
  countBlobs(): Promise<number>;
}

async function sqliteDatabase(): Promise<TestDatabase> {
  const dir = mkdtempSync(join(tmpdir(), "helpdesk-e2e-"));
  const file = join(dir, "helpdesk.db");
  return {
    kind: "sqlite",
    cliArgs: ["--db", file],
    async open() {
      const db = new Database(file);
      return { storage: sqliteStorage(db), blobs: sqliteBlobStore(db), close: async () => void db.close() };
    },
    async countBlobs() {
      try {
        return readdirSync(`${file}.attachments`, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
      } catch {
        return 0;
      }
    },
    async drop() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function postgresDatabase(): Promise<TestDatabase> {
  const { createPostgresClient, migratePostgres, postgresBlobStore, postgresStorage } = await import("@helpdesk/storage-postgres");
  const { createTestSchema } = await import("@helpdesk/storage-postgres/testing");
  const schema = await createTestSchema();
  const url = new URL(schema.connectionString);
  url.searchParams.set("schema", schema.schema);
  // Lets a test find (and terminate) exactly the connections of this file's servers.
  url.searchParams.set("application_name", `hd_${schema.schema}`);
  return {
    kind: "postgres",
    cliArgs: ["--database-url", url.toString()],
    async open() {
      const knex = createPostgresClient({ ...schema.options, applicationName: `hd_${schema.schema}` });
      await migratePostgres(knex);
      return { storage: postgresStorage(knex), blobs: postgresBlobStore(knex), close: () => knex.destroy() };
    },
    drop: () => schema.drop(),
    async countBlobs() {
      const probe = createPostgresClient({ ...schema.options, poolSize: 1 });
      try {
        const [row] = await probe("attachment_blobs").countDistinct({ count: "key" });
        return Number(row!.count);
      } finally {
        await probe.destroy();
      }
    },
    async terminateConnections() {
      const killer = createPostgresClient({ ...schema.options, applicationName: `hd_killer_${schema.schema}` });
      try {
        const result = await killer.raw("SELECT pg_terminate_backend(pid) AS killed FROM pg_stat_activity WHERE application_name = ?", [
          `hd_${schema.schema}`,
        ]);
        return (result.rows as unknown[]).length;
      } finally {
        await killer.destroy();
      }
    },
  };
}

/** A fresh database of the given kind (the benchmark picks both). */
export function createDatabase(kind: StorageKind): Promise<TestDatabase> {
  return kind === "postgres" ? postgresDatabase() : sqliteDatabase();
}

/** A fresh database of the kind this test run is for. */
export function createTestDatabase(): Promise<TestDatabase> {
  return createDatabase(STORAGE_KIND);
}
