import { createHelpDesk } from "@helpdesk/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, STORAGE_KIND, type OpenStorage, type TestDatabase } from "../support/database";
import { sendRequest, type Auth, type TestResponse } from "../support/http-client";
import { startServeProcess, type ServerProcess } from "../support/processes";

// Two real `helpdesk serve` processes on one database, driven in parallel.
const HOST = "mp.test";
const admin: Auth = { email: "admin@mp.test", password: "multi-process-admin" };
let database: TestDatabase;
let setup: OpenStorage;
let servers: ServerProcess[] = [];

const call = (server: ServerProcess, method: string, path: string, body?: unknown): Promise<TestResponse> =>
  sendRequest(server.port, method, path, { host: HOST, auth: admin, ...(body === undefined ? {} : { body }) });
const ticketBody = (title: string) => ({ ticket: { title, comment: { content: `${title} body` } } });

beforeAll(async () => {
  database = await createTestDatabase();
  setup = await database.open();
  await createHelpDesk({ storage: setup.storage }).tenants.create({ host: HOST, name: "Multi", admin });
  servers = await Promise.all([startServeProcess(database.cliArgs), startServeProcess(database.cliArgs)]);
}, 60_000);

afterAll(async () => {
  const codes = await Promise.all(servers.map((server) => server.stop()));
  expect(codes).toEqual([0, 0]);
  await setup?.close();
  await database?.drop();
});

describe(`two server processes on one ${STORAGE_KIND} database`, () => {
  it("tickets.create - tickets created at once through both processes get distinct consecutive ids", async () => {
    const created = await Promise.all(
      Array.from({ length: 40 }, (_, i) => call(servers[i % 2]!, "POST", "/apiv2/tickets.json", ticketBody(`parallel ${i}`))),
    );
    expect(created.map((r) => r.status)).toEqual(Array(40).fill(201));
    const ids = created.map((r) => r.body.ticket.id as number).sort((a, b) => a - b);
    expect(ids).toEqual(Array.from({ length: 40 }, (_, i) => ids[0]! + i));
    const list = await call(servers[0]!, "GET", "/apiv2/tickets.json?per_page=100");
    expect(list.body.count).toBe(40);
  });

  it("tickets.updateMany - overlapping bulk updates from both processes lose no update", async () => {
    const made = await Promise.all(Array.from({ length: 30 }, (_, i) => call(servers[0]!, "POST", "/apiv2/tickets.json", ticketBody(`bulk ${i}`))));
    const ids = made.map((r) => r.body.ticket.id as number).sort((a, b) => a - b);
    const first = ids.slice(0, 20).join(",");
    const second = ids.slice(10).join(",");
    const [a, b] = await Promise.all([
      call(servers[0]!, "PUT", `/apiv2/tickets/update_many.json?ids=${first}`, { ticket: { priority: "high", comment: { content: "from A" } } }),
      call(servers[1]!, "PUT", `/apiv2/tickets/update_many.json?ids=${second}`, { ticket: { type: "question", comment: { content: "from B" } } }),
    ]);
    expect(a.body.results.every((r: { success: boolean }) => r.success)).toBe(true);
    expect(b.body.results.every((r: { success: boolean }) => r.success)).toBe(true);
    for (const id of ids.slice(10, 20)) {
      const ticket = (await call(servers[1]!, "GET", `/apiv2/tickets/${id}.json`)).body.ticket;
      expect(ticket).toMatchObject({ priority: "high", type: "question" });
      const comments = (await call(servers[0]!, "GET", `/apiv2/tickets/${id}/comments.json`)).body.comments as Array<{ content: string }>;
      expect(comments).toHaveLength(3);
      expect(comments.slice(1).map((c) => c.content).sort()).toEqual(["from A", "from B"]);
    }
  });

  it("tickets.create - a refused write leaves nothing behind: no requester, no used ticket id", async () => {
    const before = await call(servers[0]!, "POST", "/apiv2/tickets.json", ticketBody("before"));
    const refused = await call(servers[1]!, "POST", "/apiv2/tickets.json", {
      ticket: { title: "x", comment: { content: "y" }, requester: { email: "ghost@mp.test", name: "Ghost" }, assignee_id: 999_999 },
    });
    expect(refused.status).toBe(422);
    const after = await call(servers[1]!, "POST", "/apiv2/tickets.json", ticketBody("after"));
    expect(after.body.ticket.id).toBe(before.body.ticket.id + 1);
    const search = await call(servers[0]!, "GET", "/apiv2/users/search.json?query=ghost");
    expect(search.body.users).toEqual([]);
  });

  it.runIf(STORAGE_KIND === "postgres")("storage - both processes keep serving after every database connection is terminated", async () => {
    for (const server of servers) expect((await call(server, "GET", "/apiv2/tickets.json")).status).toBe(200);
    expect(await database.terminateConnections!()).toBeGreaterThanOrEqual(2);
    for (const server of servers) {
      expect((await call(server, "GET", "/apiv2/users/me.json")).status).toBe(200);
      expect((await call(server, "POST", "/apiv2/tickets.json", ticketBody("after restart"))).status).toBe(201);
    }
  });

  it("inturn_assign - tickets created through both processes at once are shared evenly among the group's agents", async () => {
    const agents: number[] = [];
    for (let i = 0; i < 3; i++) {
      const made = await call(servers[0]!, "POST", "/apiv2/users.json", { user: { name: `Turn ${i}`, email: `turn${i}@mp.test`, role: "agent" } });
      agents.push(made.body.user.id);
    }
    const group = await call(servers[0]!, "POST", "/apiv2/groups.json", { group: { name: "Turns", agents } });
    const rule = await call(servers[1]!, "POST", "/apiv2/triggers.json", {
      trigger: {
        title: "Share out",
        conditions: { all: [{ source: "{ticket}", operator: "is", value: "created" }, { source: "tags", operator: "contain_at_least_one", value: "turns" }] },
        actions: [{ source: "inturn_assign", value: String(group.body.group.id) }],
      },
    });
    expect(rule.status).toBe(201);
    const created = await Promise.all(
      Array.from({ length: 30 }, (_, i) => call(servers[i % 2]!, "POST", "/apiv2/tickets.json", { ticket: { title: `turn ${i}`, comment: { content: "x" }, tags: ["turns"] } })),
    );
    expect(created.map((r) => r.status)).toEqual(Array(30).fill(201));
    const counts = new Map<number, number>();
    for (const r of created) counts.set(r.body.ticket.assignee_id, (counts.get(r.body.ticket.assignee_id) ?? 0) + 1);
    expect([...counts.keys()].sort()).toEqual([...agents].sort());
    expect([...counts.values()]).toEqual([10, 10, 10]);
    await call(servers[0]!, "DELETE", `/apiv2/triggers/${rule.body.trigger.id}.json`);
  });
});
