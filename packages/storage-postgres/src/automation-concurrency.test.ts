import { OUTBOX_KINDS, type Storage } from "@helpdesk/core";
import { at, newOutboxMessage, newRule } from "@helpdesk/core/testing";
import { beforeEach, describe, expect, it } from "vitest";
import { deferred, settleIo, twoClientsOnOneSchema, waitForLockWait } from "./test-support";
import { postgresTestGate } from "./testing";

const gate = await postgresTestGate("the Postgres rule and outbox concurrency tests");

const ids = (items: ReadonlyArray<{ id: number }>) => items.map((item) => item.id);

describe.skipIf(gate.skip)("two clients on one schema: rules, outbox, schedules, round robin", () => {
  const db = twoClientsOnOneSchema(gate);
  let tenantId: number;

  beforeEach(async () => {
    tenantId = (await db.one.tenants.create({ host: "alpha.example.com", name: "Alpha", created_at: 1 })).id;
    // Connected before any test waits for it to block: waitForLockWait's polling outpaces a cold connect.
    await db.two.tenants.get(tenantId);
  });

  it("outbox.claim - claims racing from two clients never hand one message to both", async () => {
    const messages = await db.one.outbox.enqueue(tenantId, Array.from({ length: 60 }, (_, i) => newOutboxMessage({ next_attempt_at: at(i % 7) })));
    const claims = await Promise.all(Array.from({ length: 16 }, (_, i) => (i % 2 === 0 ? db.one : db.two).outbox.claim(at(10), at(100), 4, OUTBOX_KINDS)));
    const claimed = claims.flatMap(ids);
    expect(new Set(claimed).size).toBe(claimed.length);
    const rest = ids(await db.two.outbox.claim(at(10), at(100), 100, OUTBOX_KINDS));
    expect([...claimed, ...rest].sort((a, b) => a - b)).toEqual(ids(messages));
  });

  it("outbox.claim - skips the messages another client's open transaction has claimed, without waiting for it", async () => {
    const messages = await db.one.outbox.enqueue(tenantId, Array.from({ length: 4 }, () => newOutboxMessage()));
    const finish = deferred();
    const claimedByOne = deferred();
    let held: number[] = [];
    const holder = db.one.transaction(async (tx) => {
      held = ids(await tx.outbox.claim(at(1), at(60), 2, OUTBOX_KINDS));
      claimedByOne.resolve();
      await finish.promise;
    });
    try {
      await claimedByOne.promise;
      const taken = ids(await db.two.outbox.claim(at(1), at(60), 10, OUTBOX_KINDS));
      expect(taken).toEqual(ids(messages).filter((id) => !held.includes(id)));
    } finally {
      finish.resolve();
      await holder;
    }
    expect(await db.two.outbox.claim(at(1), at(60), 10, OUTBOX_KINDS)).toEqual([]);
  });

  it("schedules.claim - for each run, exactly one of two racing clients wins", async () => {
    const slots = Array.from({ length: 20 }, (_, slot) => slot);
    const results = await Promise.all(slots.map((slot) => Promise.all([db.one.schedules.claim("automations", slot, at(slot)), db.two.schedules.claim("automations", slot, at(slot))])));
    for (const pair of results) expect(pair.filter(Boolean)).toHaveLength(1);
  });

  it("schedules.claim - a claim waits for a claim of the same run still in an open transaction, and loses once it commits", async () => {
    const finish = deferred();
    const claimed = deferred();
    const holder = db.one.transaction(async (tx) => {
      const won = await tx.schedules.claim("automations", 1, at(1));
      claimed.resolve();
      await finish.promise;
      return won;
    });
    await claimed.promise;
    const waiting = db.two.schedules.claim("automations", 1, at(1));
    try {
      await waitForLockWait(db.admin, db.twoName);
    } finally {
      finish.resolve();
    }
    expect(await holder).toBe(true);
    expect(await waiting).toBe(false);
  });

  for (const existing of [false, true]) {
    it(`roundRobin.lockTurns - holds a ${existing ? "group's turn" : "group's first turn"} until the transaction ends; another client's lockTurns waits`, async () => {
      if (existing) await db.one.roundRobin.saveTurn(tenantId, 7, 100);
      const events: string[] = [];
      const finish = deferred();
      const locked = deferred();
      const holder = db.one.transaction(async (tx) => {
        await tx.roundRobin.lockTurns(tenantId, [3, 7]);
        locked.resolve();
        await finish.promise;
        await tx.roundRobin.saveTurn(tenantId, 7, 101);
        events.push("one commits");
      });
      await locked.promise;
      const waiter = db.two.transaction(async (tx) => {
        const turns = await tx.roundRobin.lockTurns(tenantId, [7]);
        events.push(`two locked, last ${turns.get(7)}`);
      });
      try {
        await waitForLockWait(db.admin, db.twoName);
        events.push("one about to commit");
      } finally {
        finish.resolve();
        await Promise.all([holder, waiter]);
      }
      expect(events).toEqual(["one about to commit", "one commits", "two locked, last 101"]);
    });
  }

  it("roundRobin.lockTurns - transactions from two clients locking overlapping groups in any order all finish", async () => {
    const assign = (storage: Storage, groups: number[], agent: number) =>
      storage.transaction(async (tx) => {
        await tx.roundRobin.lockTurns(tenantId, groups);
        await settleIo();
        for (const group of groups) await tx.roundRobin.saveTurn(tenantId, group, agent);
      });
    await Promise.all(Array.from({ length: 10 }, (_, i) => assign(i % 2 === 0 ? db.one : db.two, i % 3 === 0 ? [1, 2, 3] : [3, 2, 1], i)));
    const turns = await db.one.transaction((tx) => tx.roundRobin.lockTurns(tenantId, [1, 2, 3]));
    expect(new Set(turns.values()).size).toBe(1);
  });

  it("rules.revision - a rule changed through one client shows at once in the other's revision", async () => {
    const before = await db.two.rules.revision(tenantId);
    const rule = await db.one.rules.create(tenantId, "automation", newRule());
    const afterCreate = await db.two.rules.revision(tenantId);
    expect(afterCreate).not.toBe(before);
    await db.one.rules.delete(tenantId, "automation", rule.id);
    expect(await db.two.rules.revision(tenantId)).not.toBe(afterCreate);
  });

  it("rules.revision - concurrent rule changes from two clients each move it on", async () => {
    const before = await db.one.rules.revision(tenantId);
    await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? db.one : db.two).rules.create(tenantId, "trigger", newRule({ sort: i }))));
    // The adapter's revision is a counter, so ten changes move it by ten.
    expect(await db.two.rules.revision(tenantId)).toBe(before + 10);
  });
});
