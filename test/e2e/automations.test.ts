import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runHelpdesk } from "../support/processes";
import { START_TIME, startTestServer, type Client, type TestServer, type TestUser } from "../support/server";

let server: TestServer;
let admin: Client;
let agent: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = server.a.admin.client;
  agent = await server.a.createAgent();
});
afterAll(() => server.close());

const HOUR = 3_600_000;
const at = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace("T", " ");

describe("helpdesk automations run", () => {
  it("automations run --at - closes tickets solved more than 24 hours before, once", async () => {
    const automation = await admin.post("/apiv2/automations.json", {
      automation: {
        title: "Close solved after a day",
        conditions: { all: [{ source: "status", operator: "is", value: "3" }, { source: "resolved", operator: "greater_than", value: "24" }] },
        actions: [{ source: "status", value: "4" }],
      },
    });
    expect(automation.status).toBe(201);
    const solvedEarly = await admin.post("/apiv2/tickets.json", { ticket: { title: "old", comment: { content: "x" }, assignee_id: agent.user.id, status: "solved" } });
    server.clock.advance(10 * HOUR);
    const solvedLate = await admin.post("/apiv2/tickets.json", { ticket: { title: "recent", comment: { content: "x" }, assignee_id: agent.user.id, status: "solved" } });
    const open = await admin.post("/apiv2/tickets.json", { ticket: { title: "open", comment: { content: "x" } } });

    const first = await runHelpdesk(["automations", "run", "--at", at(START_TIME + 26 * HOUR), ...server.database.cliArgs]);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain("1 firings");
    expect(first.stdout).toContain(`#${solvedEarly.body.ticket.id}`);
    const early = (await admin.get(`/apiv2/tickets/${solvedEarly.body.ticket.id}.json`)).body.ticket;
    expect(early).toMatchObject({ status: "closed", closed_at: at(START_TIME + 26 * HOUR) });
    expect((await admin.get(`/apiv2/tickets/${solvedLate.body.ticket.id}.json`)).body.ticket.status).toBe("solved");
    expect((await admin.get(`/apiv2/tickets/${open.body.ticket.id}.json`)).body.ticket.status).toBe("new");

    const again = await runHelpdesk(["automations", "run", "--at", at(START_TIME + 26 * HOUR), ...server.database.cliArgs]);
    expect(again.stdout).toContain("0 firings");
    const later = await runHelpdesk(["automations", "run", "--at", at(START_TIME + 40 * HOUR), ...server.database.cliArgs]);
    expect(later.stdout).toContain(`#${solvedLate.body.ticket.id}`);
    expect((await admin.get(`/apiv2/tickets/${solvedLate.body.ticket.id}.json`)).body.ticket.status).toBe("closed");
  }, 60_000);
});
