import type { Storage } from "@helpdesk/core";
import { newAttachment } from "@helpdesk/core/testing";
import type { Knex } from "knex";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createPostgresClient } from "./postgres-client";
import { deferred, testClients, waitForLockWait } from "./test-support";
import { createTestSchema, postgresTestGate, truncateAll, type TestSchema } from "./testing";

const gate = await postgresTestGate("the Postgres attachment concurrency tests");

// Two clients with pools of their own stand for two server processes on one database.
describe.skipIf(gate.skip)("attachments from two clients on one schema", () => {
  let schema: TestSchema | undefined;
  let admin: Knex | undefined;
  const clients = testClients(() => schema!);
  let one: Storage;
  let two: Storage;
  let twoName: string;
  let tenantId: number;

  beforeAll(async () => {
    gate.check();
    schema = await createTestSchema();
    admin = createPostgresClient({ ...schema.options, poolSize: 1 });
  });
  beforeEach(async () => {
    await truncateAll(admin!);
    one = clients.open("one").storage;
    ({ storage: two, applicationName: twoName } = clients.open("two"));
    tenantId = (await one.tenants.create({ host: "alpha.example.com", name: "Alpha", created_at: 1 })).id;
  });
  afterEach(() => clients.destroyAll());
  afterAll(async () => {
    await admin?.destroy();
    await schema?.drop();
  });

  const binding = (commentId: number) => ({ uploaderId: 7, target: { kind: "comment" as const, ticketId: 1, commentId }, at: 1 });

  it("attachments.bind - a bind waiting on another's uncommitted bind of the same token gets nothing once it commits", async () => {
    const created = await one.attachments.create(tenantId, newAttachment({ expires_at: 100 }));
    const finish = deferred();
    const bound = deferred();
    const holder = one.transaction(async (tx) => {
      const hashes = await tx.attachments.bind(tenantId, ["hash-1"], binding(10));
      bound.resolve();
      await finish.promise;
      return hashes;
    });
    await bound.promise;
    const waiter = two.transaction((tx) => tx.attachments.bind(tenantId, ["hash-1"], binding(20)));
    try {
      await waitForLockWait(admin!, twoName);
    } finally {
      finish.resolve();
    }
    expect(await Promise.all([holder, waiter])).toEqual([["hash-1"], []]);
    expect((await two.attachments.get(tenantId, created.id))?.comment_id).toBe(10);
  });

  it("attachments.deleteExpired - skips an upload a transaction is binding; the bind keeps it", async () => {
    const created = await one.attachments.create(tenantId, newAttachment({ expires_at: 5 }));
    const finish = deferred();
    const bound = deferred();
    const holder = one.transaction(async (tx) => {
      await tx.attachments.bind(tenantId, ["hash-1"], binding(10));
      bound.resolve();
      await finish.promise;
    });
    await bound.promise;
    try {
      // The sweep does not wait for the binding transaction: it skips the locked row.
      expect(await two.attachments.deleteExpired(10, 100)).toEqual([]);
    } finally {
      finish.resolve();
      await holder;
    }
    expect(await two.attachments.deleteExpired(10, 100)).toEqual([]);
    expect((await two.attachments.get(tenantId, created.id))?.expires_at).toBeNull();
  });
});
