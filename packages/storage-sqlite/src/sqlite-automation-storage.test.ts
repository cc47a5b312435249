import Database from "better-sqlite3";
import { at, createTenant, newComment, newRule, newTicket, newUser } from "@helpdesk/core/testing";
import { afterEach, describe, expect, it } from "vitest";
import { MIGRATIONS, migrate } from "./migrations";
import type { SqliteDatabase } from "./sqlite-database";
import { sqliteStorage } from "./sqlite-storage";
import { openFile } from "./test-support";

/** `db` with every statement run recorded, SQL and parameters, so a test can EXPLAIN exactly what the adapter ran. */
function recording(db: Database.Database): { db: SqliteDatabase; runs: Array<{ sql: string; params: unknown[] }> } {
  const runs: Array<{ sql: string; params: unknown[] }> = [];
  const wrapped: SqliteDatabase = {
    prepare: (sql) => {
      const statement = db.prepare(sql);
      return {
        run: (...params) => (runs.push({ sql, params }), statement.run(...params)),
        get: (...params) => (runs.push({ sql, params }), statement.get(...params)),
        all: (...params) => (runs.push({ sql, params }), statement.all(...params)),
      };
    },
    exec: (sql) => db.exec(sql),
    pragma: (source, options) => db.pragma(source, options),
    transaction: (fn) => db.transaction(fn),
    get inTransaction() {
      return db.inTransaction;
    },
  };
  return { db: wrapped, runs };
}

describe("sqliteStorage: rules and automations", () => {
  const cleanups: Array<() => void> = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  });
  const open = () => {
    const opened = openFile();
    cleanups.push(opened.close);
    return opened;
  };

  it("tickets.list - a bounded query on resolved_at reads the (tenant_id, resolved_at) index, page and count alike", async () => {
    const { db } = open();
    const { db: recorded, runs } = recording(db);
    const storage = sqliteStorage(recorded);
    const tenant = await createTenant(storage);
    const user = await storage.users.create(tenant.id, newUser());
    await storage.transaction(async (tx) => {
      for (let i = 0; i < 300; i++) {
        const resolved = i % 3 === 0 ? { status: "solved" as const, resolved_at: at(i) } : {};
        await tx.tickets.create(tenant.id, newTicket(user.id, resolved), newComment(user.id));
      }
    });
    db.exec("ANALYZE");
    runs.length = 0;
    const filter = { scope: { kind: "all" as const }, excludeStatuses: ["closed" as const], timeBounds: [{ field: "resolved_at" as const, from: at(30), to: at(60) }] };
    const page = await storage.tickets.list(tenant.id, filter, [], { limit: 100, offset: 0 });
    expect(page.count).toBe(11);

    const listed = runs.filter((run) => run.sql.includes("t.resolved_at >= ?"));
    expect(listed).toHaveLength(2);
    for (const run of listed) {
      const plan = (db.prepare(`EXPLAIN QUERY PLAN ${run.sql}`).all(...run.params) as Array<{ detail: string }>).map((row) => row.detail);
      expect(plan.find((detail) => /\bt\b/.test(detail) && /^(SEARCH|SCAN)/.test(detail))).toMatch(
        /^SEARCH t USING (COVERING )?INDEX tickets_resolved_at \(tenant_id=\? AND resolved_at>\? AND resolved_at<\?\)/,
      );
    }
  });

  it("migrations - a database of version 1 keeps its tickets, with null activity times and revision 0", async () => {
    const { db } = open();
    migrate(db, MIGRATIONS.slice(0, 1));
    db.prepare("INSERT INTO tenants (host, name, created_at) VALUES ('alpha.example.com', 'Alpha', 1)").run();
    db.prepare(
      "INSERT INTO tickets (tenant_id, id, title, description, status, requester_id, created_at, updated_at, resolved_at, source, tags, custom_fields) " +
        "VALUES (1, 1, 'Old', 'Old ticket', 3, 5, 1, 2, 3, 'web', '[]', '[]')",
    ).run();
    const storage = sqliteStorage(db);
    expect(await storage.tickets.get(1, 1)).toMatchObject({ id: 1, resolved_at: 3, pending_at: null, requester_updated_at: null, assignee_updated_at: null });
    expect(await storage.rules.revision(1)).toBe(0);
    const solved = { scope: { kind: "all" as const }, timeBounds: [{ field: "resolved_at" as const, to: 3 }] };
    expect((await storage.tickets.list(1, solved, [], { limit: 10, offset: 0 })).count).toBe(1);
  });

  it("rules.revision - a change made through another connection to the file shows at once", async () => {
    const { file, db } = open();
    const one = sqliteStorage(db);
    const otherDb = new Database(file);
    cleanups.unshift(() => otherDb.close());
    const two = sqliteStorage(otherDb);
    const tenant = await createTenant(one);
    const before = await two.rules.revision(tenant.id);
    const rule = await one.rules.create(tenant.id, "trigger", newRule());
    const afterCreate = await two.rules.revision(tenant.id);
    expect(afterCreate).not.toBe(before);
    await one.rules.update(tenant.id, "trigger", rule.id, { status: false, updated_at: at(1) });
    expect(await two.rules.revision(tenant.id)).not.toBe(afterCreate);
  });

  it("schedules.claim - a run claimed through one connection is not claimed through another", async () => {
    const { file, db } = open();
    const one = sqliteStorage(db);
    const otherDb = new Database(file);
    cleanups.unshift(() => otherDb.close());
    const two = sqliteStorage(otherDb);
    expect(await one.schedules.claim("automations", 1, at(1))).toBe(true);
    expect(await two.schedules.claim("automations", 1, at(1))).toBe(false);
    expect(await two.schedules.claim("automations", 2, at(2))).toBe(true);
    expect(await one.schedules.claim("automations", 2, at(2))).toBe(false);
  });
});
