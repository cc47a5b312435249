import { HelpdeskError } from "@helpdesk/core";
import type { Knex } from "knex";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createPostgresClient } from "./postgres-client";
import { postgresStorage } from "./postgres-storage";
import { holdConnections, settleIo, terminateBackends, testClients } from "./test-support";
import { createTestSchema, postgresTestGate, truncateAll, type TestSchema } from "./testing";

const gate = await postgresTestGate("the Postgres recovery tests");

const organization = (name: string) => ({ name, domain: null, description: null, group_id: null, created_at: 1, updated_at: 1, shared_tickets: false });

describe.skipIf(gate.skip)("recovery from dropped connections", () => {
  let schema: TestSchema | undefined;
  let admin: Knex | undefined;
  const clients = testClients(() => schema!);

  beforeAll(async () => {
    gate.check();
    schema = await createTestSchema();
    admin = createPostgresClient({ ...schema.options, applicationName: `${schema.schema}_admin`, poolSize: 1 });
  });
  beforeEach(() => truncateAll(admin!));
  afterEach(() => clients.destroyAll());
  afterAll(async () => {
    await admin?.destroy();
    await schema?.drop();
  });

  it("recovery - after pg_terminate_backend on every pooled connection, reads and transactions succeed", async () => {
    const { knex, storage, applicationName } = clients.open("kill", { poolSize: 4 });
    const tenant = await storage.tenants.create({ host: "alpha.example.com", name: "Alpha", created_at: 1 });
    for (let round = 0; round < 5; round++) {
      await holdConnections(knex, 4);
      expect(await terminateBackends(admin!, applicationName)).toHaveLength(4);
      // No waiting: the calls race the dying backends, as requests right after an outage would.
      const [read, many, created] = await Promise.all([
        storage.tenants.get(tenant.id),
        Promise.all([1, 2, 3].map(() => storage.tenants.list())),
        storage.transaction((tx) => tx.organizations.create(tenant.id, organization(`Org ${round}`))),
      ]);
      expect(read).toEqual(tenant);
      expect(many.map((list) => list.length)).toEqual([1, 1, 1]);
      expect(await storage.organizations.get(tenant.id, created.id)).toEqual(created);
    }
  });

  it("recovery - the pool destroys dead connections and opens new ones in their place", async () => {
    const { knex, applicationName } = clients.open("pool", { poolSize: 3 });
    const before = await holdConnections(knex, 3);
    // Wait until the backends have exited, then let pg see their sockets close.
    expect((await terminateBackends(admin!, applicationName, 5000)).sort()).toEqual([...before].sort());
    await settleIo();
    // Plain knex, no adapter retry: every connection the pool hands out must be alive.
    const after = await holdConnections(knex, 3);
    expect(after.filter((pid) => before.includes(pid))).toEqual([]);
    const live = await admin!.raw("SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = ?", [applicationName]);
    expect(live.rows[0].n).toBe(3);
  });

  it("recovery - a transaction whose connection dies midway is rerun once on a live connection", async () => {
    const { storage, applicationName } = clients.open("midway");
    const tenant = await storage.tenants.create({ host: "alpha.example.com", name: "Alpha", created_at: 1 });
    let attempts = 0;
    const created = await storage.transaction(async (tx) => {
      attempts++;
      const org = await tx.organizations.create(tenant.id, organization("Acme"));
      if (attempts === 1) await terminateBackends(admin!, applicationName, 5000);
      expect(await tx.organizations.get(tenant.id, org.id)).toEqual(org);
      return org;
    });
    expect(attempts).toBe(2);
    expect((await storage.organizations.list(tenant.id, {}, [], { limit: 10, offset: 0 })).items).toEqual([created]);
  });

  it("recovery - a connection lost once fn has resolved (at COMMIT) is not rerun: STORAGE_UNAVAILABLE, nothing committed", async () => {
    const { storage, applicationName } = clients.open("commit");
    const tenant = await storage.tenants.create({ host: "alpha.example.com", name: "Alpha", created_at: 1 });
    let attempts = 0;
    const outcome = storage.transaction(async (tx) => {
      attempts++;
      await tx.organizations.create(tenant.id, organization("Acme"));
      await terminateBackends(admin!, applicationName, 5000);
    });
    await expect(outcome).rejects.toMatchObject({ code: "STORAGE_UNAVAILABLE" });
    expect(attempts).toBe(1);
    expect((await storage.organizations.list(tenant.id, {}, [], { limit: 10, offset: 0 })).count).toBe(0);
  });

  it("recovery - a database nobody answers at rejects with STORAGE_UNAVAILABLE", async () => {
    const knex = createPostgresClient({ connectionString: "postgres://postgres@127.0.0.1:1/test", poolSize: 1 });
    try {
      const storage = postgresStorage(knex);
      const error = await storage.tenants.list().catch((err: unknown) => err);
      expect(error).toBeInstanceOf(HelpdeskError);
      expect(error).toMatchObject({ code: "STORAGE_UNAVAILABLE", cause: expect.objectContaining({ code: "ECONNREFUSED" }) });
      await expect(storage.transaction((tx) => tx.tenants.list())).rejects.toMatchObject({ code: "STORAGE_UNAVAILABLE" });
    } finally {
      await knex.destroy();
    }
  });

  it("statement timeout - a statement running past it rejects with STORAGE_UNAVAILABLE, without a retry", async () => {
    const { storage } = clients.open("timeout", { statementTimeoutMs: 200 });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    // Another connection holds an exclusive lock on tenants, so the storage's read waits past its timeout.
    const holder = admin!.transaction(async (trx) => {
      await trx.raw("LOCK TABLE tenants IN ACCESS EXCLUSIVE MODE");
      locked();
      await released;
    });
    await isLocked;
    try {
      const error = await storage.tenants.list().catch((err: unknown) => err);
      expect(error).toMatchObject({ code: "STORAGE_UNAVAILABLE", cause: expect.objectContaining({ code: "57014" }) });
    } finally {
      release();
      await holder;
    }
    expect(await storage.tenants.list()).toEqual([]);
  });
});
