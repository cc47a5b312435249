import { newAttachment } from "@helpdesk/core/testing";
import { beforeEach, describe, expect, it } from "vitest";
import { deferred, twoClientsOnOneSchema, waitForLockWait } from "./test-support";
import { postgresTestGate } from "./testing";

const gate = await postgresTestGate("the Postgres attachment concurrency tests");

describe.skipIf(gate.skip)("attachments from two clients on one schema", () => {
  const db = twoClientsOnOneSchema(gate);
  let tenantId: number;

  beforeEach(async () => {
    tenantId = (await db.one.tenants.create({ host: "alpha.example.com", name: "Alpha", created_at: 1 })).id;
  });

  const binding = (commentId: number) => ({ uploaderId: 7, target: { kind: "comment" as const, ticketId: 1, commentId }, at: 1 });

  it("attachments.bind - a bind waiting on another's uncommitted bind of the same token gets nothing once it commits", async () => {
    const created = await db.one.attachments.create(tenantId, newAttachment({ expires_at: 100 }));
    const finish = deferred();
    const bound = deferred();
    const holder = db.one.transaction(async (tx) => {
      const hashes = await tx.attachments.bind(tenantId, ["hash-1"], binding(10));
      bound.resolve();
      await finish.promise;
      return hashes;
    });
    await bound.promise;
    const waiter = db.two.transaction((tx) => tx.attachments.bind(tenantId, ["hash-1"], binding(20)));
    try {
      await waitForLockWait(db.admin, db.twoName);
    } finally {
      finish.resolve();
    }
    expect(await Promise.all([holder, waiter])).toEqual([["hash-1"], []]);
    expect((await db.two.attachments.get(tenantId, created.id))?.comment_id).toBe(10);
  });

  it("attachments.deleteExpired - skips an upload a transaction is binding; the bind keeps it", async () => {
    const created = await db.one.attachments.create(tenantId, newAttachment({ expires_at: 5 }));
    const finish = deferred();
    const bound = deferred();
    const holder = db.one.transaction(async (tx) => {
      await tx.attachments.bind(tenantId, ["hash-1"], binding(10));
      bound.resolve();
      await finish.promise;
    });
    await bound.promise;
    try {
      // The sweep does not wait for the binding transaction: it skips the locked row.
      expect(await db.two.attachments.deleteExpired(10, 100)).toEqual([]);
    } finally {
      finish.resolve();
      await holder;
    }
    expect(await db.two.attachments.deleteExpired(10, 100)).toEqual([]);
    expect((await db.two.attachments.get(tenantId, created.id))?.expires_at).toBeNull();
  });
});
