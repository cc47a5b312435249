import type { CustomField, NewTicket, Storage } from "@helpdesk/core";
import type { Knex } from "knex";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createPostgresClient } from "./postgres-client";
import { postgresStorage } from "./postgres-storage";
import { createTestSchema, postgresTestGate, truncateAll, type TestSchema } from "./testing";

const gate = await postgresTestGate("the Postgres storage tests");

const ALL = { limit: 100, offset: 0 };

const ticket = (requesterId: number, custom_fields: CustomField[] = [], title = "Printer on fire"): NewTicket => ({
  title, description: "It is on fire", type: null, status: "new", priority: null, recipient: null, requester_id: requesterId,
  assignee_id: null, organization_id: null, group_id: null, problem_id: null, due_date: null, created_at: 1, updated_at: 1,
  assigneed_at: null, resolved_at: null, closed_at: null, pending_at: null, requester_updated_at: null, assignee_updated_at: null,
  source: "web", collaborator_ids: [], tags: [], custom_fields,
  satisfaction_rating: null,
});

/**
 * Custom field values of every JSON type; ticket i + 1 has values[i] (and
 * ticket 14 has no field_1). The expected orders were read from the SQLite
 * adapter's query on the same values: missing and null first, then numbers
 * with false = 0 and true = 1, then text and arrays as JSON text, bytewise.
 */
const VALUES: Array<CustomField["value"] | undefined> = [["a", "b"], "B", "a", 10, 9.5, true, false, null, "10", "Zed", "é", -1, "[", undefined];
const SQLITE_ASC = [8, 14, 12, 7, 6, 5, 4, 9, 2, 10, 13, 1, 3, 11];
const SQLITE_DESC = [11, 3, 1, 13, 10, 2, 9, 4, 5, 6, 7, 12, 8, 14];

describe.skipIf(gate.skip)("postgresStorage", () => {
  let schema: TestSchema | undefined;
  let knex: Knex | undefined;
  let storage: Storage;
  let tenantId: number;
  let requesterId: number;

  beforeAll(async () => {
    gate.check();
    schema = await createTestSchema();
    knex = createPostgresClient(schema.options);
    storage = postgresStorage(knex);
  });
  beforeEach(async () => {
    await truncateAll(knex!);
    tenantId = (await storage.tenants.create({ host: "alpha.example.com", name: "Alpha", created_at: 1 })).id;
    requesterId = (await storage.users.create(tenantId, {
      email: "rita@example.com", name: "Rita", agent_display_name: null, role: "end_user", phone: null, phone_bind: false,
      signature: null, details: null, notes: null, organization_id: null, language: null, created_at: 1, updated_at: 1,
      last_login_at: null, status: "active", photo: null, moderator: false, public_comments: true, manage_people: false,
      ticket_restriction: "all", custom_role_id: null, messenger_appid: null, messenger_openid: null, tags: [], user_fields: [],
      password_hash: null,
    })).id;
  });
  afterAll(async () => {
    await knex?.destroy();
    await schema?.drop();
  });

  const seedValues = async () => {
    for (const value of VALUES) {
      // A decoy entry first: only field_1 counts, and only its first entry.
      const fields: CustomField[] = value === undefined ? [] : [{ name: "field_2", value: 0 }, { name: "field_1", value }, { name: "field_1", value: "zzz" }];
      await storage.tickets.create(tenantId, ticket(requesterId, fields), { author_id: requesterId, content: "x", public: true, created_at: 1 });
    }
  };
  const ids = async (filter: { fieldValue?: string; text?: string }, sort: Parameters<Storage["tickets"]["list"]>[2] = []) =>
    (await storage.tickets.list(tenantId, { scope: { kind: "all" }, ...filter }, sort, ALL)).items.map((t) => t.id);

  it("tickets.list - sorts by a custom field of mixed JSON types in the SQLite adapter's order", async () => {
    await seedValues();
    expect(await ids({}, [{ by: "field", fieldId: 1, dir: "asc" }])).toEqual(SQLITE_ASC);
    expect(await ids({}, [{ by: "field", fieldId: 1, dir: "desc" }])).toEqual(SQLITE_DESC);
    const page = await storage.tickets.list(tenantId, { scope: { kind: "all" } }, [{ by: "field", fieldId: 1, dir: "asc" }], { limit: 3, offset: 2 });
    expect({ ids: page.items.map((t) => t.id), count: page.count }).toEqual({ ids: SQLITE_ASC.slice(2, 5), count: 14 });
  });

  it("tickets.list - fieldValue compares the string form: numbers as written, booleans as true/false, never null", async () => {
    await seedValues();
    expect(await ids({ fieldValue: "10" })).toEqual([4, 9]);
    expect(await ids({ fieldValue: "9.5" })).toEqual([5]);
    expect(await ids({ fieldValue: "true" })).toEqual([6]);
    expect(await ids({ fieldValue: "false" })).toEqual([7]);
    expect(await ids({ fieldValue: "a" })).toEqual([1, 3]);
    expect(await ids({ fieldValue: "-1" })).toEqual([12]);
    expect(await ids({ fieldValue: "null" })).toEqual([]);
    expect(await ids({ fieldValue: "1" })).toEqual([]);
  });

  it("tickets.list - text matches a backslash literally", async () => {
    await storage.tickets.create(tenantId, ticket(requesterId, [], "C:\\temp is full"), { author_id: requesterId, content: "x", public: true, created_at: 1 });
    await storage.tickets.create(tenantId, ticket(requesterId, [], "C:temp"), { author_id: requesterId, content: "x", public: true, created_at: 1 });
    expect(await ids({ text: "c:\\TEMP" })).toEqual([1]);
  });

  it("tickets.list - a bounded query on resolved_at reads the (tenant_id, resolved_at) index, page and count alike", async () => {
    // Enough rows, with statistics, that a scan would cost more than the index.
    await knex!.raw(
      "INSERT INTO tickets (tenant_id, id, title, description, status, requester_id, created_at, updated_at, resolved_at, source, tags, custom_fields) " +
        "SELECT ?, g, 'T', 'D', CASE WHEN g % 3 = 0 THEN 3 ELSE 1 END, ?, g, g, CASE WHEN g % 3 = 0 THEN g END, 'web', '[]', '[]' " +
        "FROM generate_series(1, 20000) AS g",
      [tenantId, requesterId],
    );
    await knex!.raw("ANALYZE tickets");
    const ran: Array<{ sql: string; bindings: unknown[] }> = [];
    const record = (query: { sql: string; bindings: unknown[] }) => ran.push(query);
    knex!.on("query", record);
    const filter = { scope: { kind: "all" as const }, excludeStatuses: ["closed" as const], timeBounds: [{ field: "resolved_at" as const, from: 3000, to: 3300 }] };
    try {
      expect((await storage.tickets.list(tenantId, filter, [], ALL)).count).toBe(101);
    } finally {
      knex!.off("query", record);
    }
    const listed = ran.filter((query) => query.sql.includes('"t"."resolved_at" >='));
    expect(listed).toHaveLength(2);
    const connection = (await knex!.client.acquireConnection()) as { query(sql: string, values: unknown[]): Promise<{ rows: Array<{ "QUERY PLAN": string }> }> };
    try {
      for (const query of listed) {
        const { rows } = await connection.query(`EXPLAIN ${query.sql}`, query.bindings);
        const plan = rows.map((row) => row["QUERY PLAN"]).join("\n");
        expect(plan).toMatch(/Index (Only )?Scan using tickets_resolved_at on tickets t|Bitmap Index Scan on tickets_resolved_at/);
        expect(plan).not.toMatch(/Seq Scan on tickets/);
      }
    } finally {
      knex!.client.releaseConnection(connection);
    }
  });

  it("ids - a valid id beyond the int4 range is simply not found", async () => {
    const big = 2 ** 53 - 1;
    expect(await storage.users.get(tenantId, big)).toBeNull();
    expect(await storage.tickets.get(tenantId, big)).toBeNull();
    expect(await storage.tickets.update(tenantId, big, { title: "X", updated_at: 2 })).toBeNull();
    expect(await storage.groups.delete(tenantId, big)).toBe(false);
    const org = await storage.organizations.create(tenantId, { name: "Acme", domain: null, description: null, group_id: big, created_at: 1, updated_at: 1, shared_tickets: false });
    expect((await storage.organizations.get(tenantId, org.id))?.group_id).toBe(big);
  });

  const organization = (name: string) => ({ name, domain: null, description: null, group_id: null, created_at: 1, updated_at: 1, shared_tickets: false });
  const orgNames = async () => (await storage.organizations.list(tenantId, {}, [], ALL)).items.map((o) => o.name);

  it("transaction - a rejected tx.transaction undoes its own writes only (a savepoint); the outer one goes on", async () => {
    await storage.transaction(async (tx) => {
      await tx.organizations.create(tenantId, organization("Outer"));
      const inner = tx.transaction(async (nested) => {
        await nested.organizations.create(tenantId, organization("Inner"));
        throw new Error("inner fails");
      });
      await expect(inner).rejects.toThrow("inner fails");
      // A unique violation inside a savepoint leaves the transaction usable too (Postgres aborts it otherwise).
      const taken = tx.transaction((nested) => nested.organizations.create(tenantId, organization("OUTER")));
      await expect(taken).rejects.toMatchObject({ code: "ORGANIZATION_NAME_TAKEN" });
      await tx.organizations.create(tenantId, organization("After"));
    });
    expect(await orgNames()).toEqual(["Outer", "After"]);
  });

  it("transaction - a tx kept after its transaction ended acts like the root storage", async () => {
    const kept = await storage.transaction(async (tx) => tx);
    await kept.organizations.create(tenantId, organization("Late"));
    expect(await kept.transaction(async (tx) => (await tx.organizations.list(tenantId, {}, [], ALL)).count)).toBe(1);
    expect(await orgNames()).toEqual(["Late"]);
  });

  it("transaction - calls outside an open transaction run at once on another connection, seeing only committed rows", async () => {
    const events: string[] = [];
    await storage.transaction(async (tx) => {
      await tx.organizations.create(tenantId, organization("Uncommitted"));
      // Unlike SQLite's single connection, the root call does not wait for the transaction to end.
      events.push(`outside saw ${(await storage.organizations.list(tenantId, {}, [], ALL)).count}`);
      events.push("tx commits");
    });
    expect(events).toEqual(["outside saw 0", "tx commits"]);
  });

  it("text - a NUL character, which Postgres text cannot hold, is RECORD_INVALID", async () => {
    const withNul = storage.tickets.create(tenantId, ticket(requesterId, [], "nul\u0000here"), { author_id: requesterId, content: "x", public: true, created_at: 1 });
    await expect(withNul).rejects.toMatchObject({ code: "RECORD_INVALID" });
    const inJson = storage.tickets.create(tenantId, ticket(requesterId, [{ name: "field_1", value: "a\u0000b" }]), { author_id: requesterId, content: "x", public: true, created_at: 1 });
    await expect(inJson).rejects.toMatchObject({ code: "RECORD_INVALID" });
  });
});
