import Database from "better-sqlite3";
import { readdirSync } from "node:fs";
import { runBlobStoreConformance, runStorageConformance } from "@helpdesk/core/testing";
import { afterEach, describe, expect, it } from "vitest";
import { MIGRATIONS, migrate, type Migration } from "./migrations";
import type { SqliteDatabase } from "./sqlite-database";
import { sqliteBlobStore } from "./file-blob-store";
import { sqliteStorage } from "./sqlite-storage";
import { openFile } from "./test-support";

runStorageConformance("sqlite", async () => {
  const opened = openFile();
  return { storage: sqliteStorage(opened.db), close: async () => opened.close() };
});

runBlobStoreConformance("sqlite files beside the database", async () => {
  const opened = openFile();
  // Every file under the directory counts, finished or partial.
  const stored = async () => {
    try {
      return readdirSync(`${opened.file}.attachments`, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
    } catch {
      return 0;
    }
  };
  return { store: sqliteBlobStore(opened.db), stored, close: async () => opened.close() };
});

describe("sqliteStorage", () => {
  const cleanups: Array<() => void> = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  });
  const open = () => {
    const opened = openFile();
    cleanups.push(opened.close);
    return opened;
  };
  const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

  it("sqliteStorage - turns on WAL, foreign keys, a busy timeout and synchronous NORMAL", () => {
    const { db } = open();
    sqliteStorage(db);
    expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(db.pragma("foreign_keys", { simple: true })).toBe(1);
    expect(db.pragma("busy_timeout", { simple: true })).toBe(5000);
    expect(db.pragma("synchronous", { simple: true })).toBe(1);
  });

  it("migrations - records each version once; re-opening the file applies nothing twice", async () => {
    const { file, db } = open();
    const storage = sqliteStorage(db);
    await storage.tenants.create({ host: "alpha.example.com", name: "Alpha", created_at: 1 });
    db.close();

    const again = new Database(file);
    cleanups.unshift(() => again.close());
    expect(migrate(again)).toEqual([]);
    const reopened = sqliteStorage(again);
    expect(again.prepare("SELECT version, name FROM schema_migrations ORDER BY version").all()).toEqual(
      MIGRATIONS.map(({ version, name }) => ({ version, name })),
    );
    expect((await reopened.tenants.list()).map((t) => t.host)).toEqual(["alpha.example.com"]);
  });

  it("migrations - applies only the versions a database has not seen, in order", () => {
    const { db } = open();
    expect(migrate(db)).toEqual(MIGRATIONS.map((m) => m.version));
    const next = Math.max(...MIGRATIONS.map((m) => m.version)) + 1;
    const extra: Migration[] = [
      ...MIGRATIONS,
      { version: next + 1, name: "second extra", up: "ALTER TABLE probe ADD COLUMN b TEXT" },
      { version: next, name: "first extra", up: (d) => d.exec("CREATE TABLE probe (a TEXT)") },
    ];
    expect(migrate(db, extra)).toEqual([next, next + 1]);
    expect(migrate(db, extra)).toEqual([]);
    expect(db.prepare("SELECT name FROM pragma_table_info('probe') ORDER BY cid").all()).toEqual([{ name: "a" }, { name: "b" }]);
  });

  it("migrations - a failing step leaves no trace and is retried on the next open", () => {
    const { db } = open();
    migrate(db);
    const version = Math.max(...MIGRATIONS.map((m) => m.version)) + 1;
    const broken: Migration[] = [...MIGRATIONS, { version, name: "broken", up: "CREATE TABLE half (a TEXT); SELECT * FROM no_such_table" }];
    expect(() => migrate(db, broken)).toThrow(/no_such_table/);
    expect(db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'half'").get()).toBeUndefined();
    expect(db.prepare("SELECT 1 FROM schema_migrations WHERE version = ?").get(version)).toBeUndefined();
    expect(migrate(db, [...MIGRATIONS, { version, name: "fixed", up: "CREATE TABLE half (a TEXT)" }])).toEqual([version]);
  });

  it("transaction - a root-level call made while a transaction is open waits for it to finish", async () => {
    const { db } = open();
    const storage = sqliteStorage(db);
    const tenant = await storage.tenants.create({ host: "alpha.example.com", name: "Alpha", created_at: 1 });
    const events: string[] = [];
    let rootCall: Promise<unknown> | undefined;
    await storage.transaction(async (tx) => {
      events.push("tx:begin");
      await tx.organizations.create(tenant.id, { name: "Acme", domain: null, description: null, group_id: null, created_at: 1, updated_at: 1, shared_tickets: false });
      rootCall = storage.organizations.list(tenant.id, {}, [], { limit: 10, offset: 0 }).then((page) => {
        events.push(`root:saw ${page.count}`);
      });
      await tick();
      await tick();
      events.push("tx:commit");
    });
    await rootCall;
    expect(events).toEqual(["tx:begin", "tx:commit", "root:saw 1"]);
  });

  it("transaction - root-level calls run at once when no transaction is open", async () => {
    const { db } = open();
    const storage = sqliteStorage(db);
    let settled = false;
    const call = storage.tenants.list().then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(true);
    await call;
  });

  it("transaction - maps a write lock held by another connection to STORAGE_UNAVAILABLE", async () => {
    const { file, db } = open();
    db.pragma("busy_timeout = 0");
    const other = new Database(file);
    cleanups.unshift(() => other.close());
    const storage = sqliteStorage(db);
    db.pragma("busy_timeout = 0");
    other.exec("BEGIN IMMEDIATE");
    await expect(storage.transaction(async () => "never")).rejects.toMatchObject({ code: "STORAGE_UNAVAILABLE" });
    other.exec("ROLLBACK");
    expect(await storage.transaction(async () => "now")).toBe("now");
  });

  it("transaction - a tx kept after its transaction ended acts like the root storage", async () => {
    const { db } = open();
    const storage = sqliteStorage(db);
    const kept = await storage.transaction(async (tx) => tx);
    const events: string[] = [];
    let late: Promise<unknown> | undefined;
    await storage.transaction(async () => {
      late = kept.tenants.list().then(() => events.push("kept tx call"));
      await tick();
      events.push("second transaction ends");
    });
    await late;
    expect(events).toEqual(["second transaction ends", "kept tx call"]);
    expect(await kept.transaction(async (tx) => tx.tenants.list())).toEqual([]);
  });

  it("statements - each SQL text is prepared once, dynamic list queries too", async () => {
    const { db } = open();
    const prepared: string[] = [];
    const counting: SqliteDatabase = {
      prepare: (sql) => {
        prepared.push(sql);
        return db.prepare(sql);
      },
      exec: (sql) => db.exec(sql),
      pragma: (source, options) => db.pragma(source, options),
      transaction: (fn) => db.transaction(fn),
      get inTransaction() {
        return db.inTransaction;
      },
    };
    const storage = sqliteStorage(counting);
    const tenant = await storage.tenants.create({ host: "alpha.example.com", name: "Alpha", created_at: 1 });
    const work = async () => {
      await storage.transaction((tx) => tx.tenants.get(tenant.id));
      await storage.users.list(tenant.id, { roles: ["agent"], text: "a" }, [{ by: "created_at", dir: "desc" }], { limit: 5, offset: 0 });
      await storage.tickets.list(tenant.id, { scope: { kind: "all" }, fieldValue: "x" }, [{ by: "field", fieldId: 3, dir: "asc" }], { limit: 5, offset: 0 });
    };
    await work();
    const afterFirst = prepared.length;
    await work();
    expect(prepared.length).toBe(afterFirst);
    expect(new Set(prepared).size).toBe(prepared.length);
  });

  it("sqliteStorage - never closes the caller's connection", async () => {
    const { db } = open();
    const storage = sqliteStorage(db);
    await storage.transaction(async (tx) => tx.tenants.list());
    expect(db.open).toBe(true);
  });
});
