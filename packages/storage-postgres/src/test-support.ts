import type { Storage } from "@helpdesk/core";
import type { Knex } from "knex";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { createPostgresClient, type PostgresOptions } from "./postgres-client";
import { postgresStorage } from "./postgres-storage";
import { createTestSchema, truncateAll, type PostgresTestGate, type TestSchema } from "./testing";

/** A client of its own on the test schema, as another process would have, named so its backends can be found. */
export interface TestClient {
  knex: Knex;
  storage: Storage;
  applicationName: string;
}

/** Opens clients on `schema`, each with its own application_name; `destroyAll` closes them. */
export function testClients(schema: () => TestSchema) {
  const opened: Knex[] = [];
  return {
    open(name: string, overrides: Partial<PostgresOptions> = {}): TestClient {
      const applicationName = `${schema().schema}_${name}`;
      const knex = createPostgresClient({ ...schema().options, applicationName, ...overrides });
      opened.push(knex);
      return { knex, storage: postgresStorage(knex), applicationName };
    },
    async destroyAll(): Promise<void> {
      await Promise.all(opened.splice(0).map((knex) => knex.destroy()));
    },
  };
}

/** Two storages with pools of their own on one schema, and an admin connection to watch them; read inside tests. */
export interface TwoClients {
  readonly one: Storage;
  readonly two: Storage;
  /** The application_name of `two`'s backends, for `waitForLockWait`. */
  readonly twoName: string;
  readonly admin: Knex;
}

/**
 * Registers, in the calling `describe`, hooks that create a test schema once,
 * empty it and open clients `one` and `two` before each test, and close them
 * after: two clients stand for two server processes on one database.
 */
export function twoClientsOnOneSchema(gate: PostgresTestGate): TwoClients {
  let schema: TestSchema | undefined;
  let admin: Knex | undefined;
  let one: TestClient | undefined;
  let two: TestClient | undefined;
  const clients = testClients(() => schema!);
  beforeAll(async () => {
    gate.check();
    schema = await createTestSchema();
    admin = createPostgresClient({ ...schema.options, poolSize: 1 });
  });
  beforeEach(async () => {
    await truncateAll(admin!);
    one = clients.open("one");
    two = clients.open("two");
  });
  afterEach(() => clients.destroyAll());
  afterAll(async () => {
    await admin?.destroy();
    await schema?.drop();
  });
  return {
    get one() {
      return one!.storage;
    },
    get two() {
      return two!.storage;
    },
    get twoName() {
      return two!.applicationName;
    },
    get admin() {
      return admin!;
    },
  };
}

/**
 * Terminates every backend named `applicationName` and returns their pids.
 * `waitMs` > 0 waits until they have exited (so their sockets are closed);
 * 0 returns at once, while they are still dying, as after a real outage.
 */
export async function terminateBackends(admin: Knex, applicationName: string, waitMs = 0): Promise<number[]> {
  const result = await admin.raw(
    "SELECT pid, pg_terminate_backend(pid, ?) AS killed FROM pg_stat_activity WHERE application_name = ? AND pid <> pg_backend_pid()",
    [waitMs, applicationName],
  );
  return (result.rows as Array<{ pid: number }>).map((row) => row.pid);
}

/** Opens `count` pooled connections at once (each held until all are open) and returns their backend pids. */
export async function holdConnections(knex: Knex, count: number): Promise<number[]> {
  let arrived = 0;
  let releaseAll!: () => void;
  const allArrived = new Promise<void>((resolve) => (releaseAll = resolve));
  return Promise.all(
    Array.from({ length: count }, () =>
      knex.transaction(async (trx) => {
        const { rows } = (await trx.raw("SELECT pg_backend_pid() AS pid")) as { rows: Array<{ pid: number }> };
        if (++arrived === count) releaseAll();
        await allArrived;
        return rows[0]!.pid;
      }),
    ),
  );
}

/** Lets the event loop finish its current I/O phase, so socket events that already arrived are handled. */
export const settleIo = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Resolves once a backend named `applicationName` waits on a lock, as
 * pg_stat_activity reports it; rejects when none does within `attempts`
 * queries. Each attempt is one round trip to the database, no sleeping.
 */
export async function waitForLockWait(admin: Knex, applicationName: string, attempts = 500): Promise<void> {
  for (let i = 0; i < attempts; i++) {
    const result = await admin.raw("SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = ? AND wait_event_type = 'Lock'", [
      applicationName,
    ]);
    if ((result.rows as Array<{ n: number }>)[0]!.n > 0) return;
  }
  throw new Error(`No backend of ${applicationName} waited on a lock`);
}

/** A deferred: a promise and the function that resolves it, for holding a transaction open. */
export function deferred(): { promise: Promise<void>; resolve(): void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}
