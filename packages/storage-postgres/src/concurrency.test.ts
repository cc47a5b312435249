import type { Storage } from "@helpdesk/core";
import { newComment as comment, newTicket as ticket, newUser as user } from "@helpdesk/core/testing";
import { beforeEach, describe, expect, it } from "vitest";
import { deferred, settleIo, twoClientsOnOneSchema, waitForLockWait } from "./test-support";
import { postgresTestGate } from "./testing";

const gate = await postgresTestGate("the Postgres concurrency tests");

describe.skipIf(gate.skip)("two clients on one schema", () => {
  const db = twoClientsOnOneSchema(gate);
  let tenantId: number;
  let requesterId: number;

  beforeEach(async () => {
    tenantId = (await db.one.tenants.create({ host: "alpha.example.com", name: "Alpha", created_at: 1 })).id;
    requesterId = (await db.one.users.create(tenantId, user())).id;
  });

  it("tickets.create - concurrent creates from two clients get distinct consecutive ids", async () => {
    const create = (storage: Storage) => storage.tickets.create(tenantId, ticket(requesterId), comment(requesterId));
    const made = await Promise.all(Array.from({ length: 30 }, (_, i) => create(i % 2 === 0 ? db.one : db.two)));
    expect(made.map((t) => t.id).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });

  it("tickets.create - transactions creating two tickets each, from two clients, get consecutive pairs", async () => {
    const pair = (storage: Storage) =>
      storage.transaction(async (tx) => {
        const first = await tx.tickets.create(tenantId, ticket(requesterId), comment(requesterId));
        await settleIo();
        const second = await tx.tickets.create(tenantId, ticket(requesterId), comment(requesterId));
        return [first.id, second.id] as const;
      });
    const pairs = await Promise.all(Array.from({ length: 8 }, (_, i) => pair(i % 2 === 0 ? db.one : db.two)));
    expect(pairs.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
    for (const [first, second] of pairs) expect(second).toBe(first + 1);
  });

  it("tickets.getForUpdate - read-modify-write transactions from two clients lose no update", async () => {
    const { id } = await db.one.tickets.create(tenantId, ticket(requesterId), comment(requesterId));
    const append = (storage: Storage, tag: string) =>
      storage.transaction(async (tx) => {
        const current = await tx.tickets.getForUpdate(tenantId, id);
        await settleIo();
        await tx.tickets.update(tenantId, id, { tags: [...current!.tags, tag], updated_at: 2 });
      });
    await Promise.all(Array.from({ length: 12 }, (_, i) => append(i % 2 === 0 ? db.one : db.two, `t${i}`)));
    expect((await db.two.tickets.get(tenantId, id))!.tags.sort()).toEqual(Array.from({ length: 12 }, (_, i) => `t${i}`).sort());
  });

  it("tickets.getForUpdate - holds the row until the transaction ends; outside a transaction it takes no lock", async () => {
    const { id } = await db.one.tickets.create(tenantId, ticket(requesterId), comment(requesterId));
    const events: string[] = [];
    const finish = deferred();
    const locked = deferred();
    const holder = db.one.transaction(async (tx) => {
      await tx.tickets.getForUpdate(tenantId, id);
      locked.resolve();
      await finish.promise;
      events.push("one commits");
    });
    await locked.promise;
    // Not in a transaction: a plain read that neither waits nor blocks.
    expect((await db.two.tickets.getForUpdate(tenantId, id))?.id).toBe(id);
    const waiter = db.two.transaction(async (tx) => {
      await tx.tickets.getForUpdate(tenantId, id);
      events.push("two locked");
    });
    try {
      await waitForLockWait(db.admin, db.twoName);
      events.push("one about to commit");
    } finally {
      finish.resolve();
      await Promise.all([holder, waiter]);
    }
    expect(events).toEqual(["one about to commit", "one commits", "two locked"]);
  });

  it("tickets.update - writes only the patched columns: concurrent updates of different fields both survive", async () => {
    const { id } = await db.one.tickets.create(tenantId, ticket(requesterId), comment(requesterId));
    const finish = deferred();
    const updated = deferred();
    // One holds its update of the title uncommitted while two updates the priority of the same row.
    const holder = db.one.transaction(async (tx) => {
      await tx.tickets.update(tenantId, id, { title: "Renamed", updated_at: 2 });
      updated.resolve();
      await finish.promise;
    });
    await updated.promise;
    const waiting = db.two.tickets.update(tenantId, id, { priority: "high", collaborator_ids: [requesterId], updated_at: 3 });
    try {
      await waitForLockWait(db.admin, db.twoName);
    } finally {
      finish.resolve();
      await holder;
    }
    expect(await waiting).toMatchObject({ title: "Renamed", priority: "high", collaborator_ids: [requesterId], updated_at: 3 });
    expect(await db.one.tickets.get(tenantId, id)).toMatchObject({ title: "Renamed", priority: "high" });
  });

  it("users.update - concurrent updates of different fields both survive, and each bumps the version", async () => {
    const ann = await db.one.users.create(tenantId, user({ email: "ann@example.com" }));
    const before = (await db.one.users.getCredentialStamp(tenantId, ann.id))!.version;
    await Promise.all([
      db.one.users.update(tenantId, ann.id, { name: "Ann", updated_at: 2 }),
      db.two.users.update(tenantId, ann.id, { phone: "+15550001", updated_at: 2 }),
      db.two.users.update(tenantId, ann.id, { password_hash: "h", updated_at: 2 }),
    ]);
    expect(await db.two.users.get(tenantId, ann.id)).toMatchObject({ name: "Ann", phone: "+15550001" });
    expect(await db.one.users.getCredentialStamp(tenantId, ann.id)).toEqual({ passwordHash: "h", version: before + 3 });
  });

  it("groups.update - concurrent membership replacements from two clients leave exactly one of the lists", async () => {
    const agents = await Promise.all([1, 2, 3, 4].map((i) => db.one.users.create(tenantId, user({ name: `Agent ${i}`, role: "agent" }))));
    const [a, b, c, d] = agents.map((agent) => agent.id) as [number, number, number, number];
    const group = await db.one.groups.create(tenantId, { name: "Support", agent_ids: [], created_at: 1, updated_at: 1 });
    await Promise.all([
      db.one.groups.update(tenantId, group.id, { agent_ids: [a, b], updated_at: 2 }),
      db.two.groups.update(tenantId, group.id, { agent_ids: [c, d], updated_at: 2 }),
    ]);
    const byId = (ids: number[]) => ids.sort((x, y) => x - y);
    expect([byId([a, b]), byId([c, d])]).toContainEqual((await db.one.groups.get(tenantId, group.id))!.agent_ids);
  });
});
