import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDeliveryWorker } from "@helpdesk/http";
import { errorBody, startTestServer, type Client, type TestServer, type TestUser } from "../support/server";
import { startSmtpReceiver, startWebhookReceiver } from "../support/receivers";

let server: TestServer;
let admin: Client;
let agent: TestUser;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let hooks: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  server = await startTestServer();
  admin = server.a.admin.client;
  agent = await server.a.createAgent({ name: "Ada Agent" });
  smtp = await startSmtpReceiver();
  hooks = await startWebhookReceiver();
});
afterAll(async () => {
  await server.close();
  await smtp.close();
  await hooks.close();
});

const trigger = (fields: Record<string, unknown>) => ({ trigger: { title: "t", ...fields } });
const createdCondition = { all: [{ source: "{ticket}", operator: "is", value: "created" }], any: [] };

async function deleteAllTriggers() {
  for (const t of (await admin.get("/apiv2/triggers.json")).body.triggers as Array<{ id: number }>) await admin.delete(`/apiv2/triggers/${t.id}.json`);
}

describe("trigger and automation definitions over HTTP", () => {
  it("triggers - create answers 201 with Location; lists order by sort desc then id; one rule answers under both keys", async () => {
    const low = await admin.post("/apiv2/triggers.json", trigger({ title: "low", sort: 1, conditions: createdCondition, actions: [{ source: "priority", value: "1" }] }));
    expect(low.status).toBe(201);
    expect(low.headers.location).toBe(`http://a.test/apiv2/triggers/${low.body.trigger.id}.json`);
    const high = await admin.post("/apiv2/triggers.json", trigger({ title: "high", sort: 5, status: false, conditions: createdCondition, actions: [{ source: "priority", value: "2" }] }));
    const list = await admin.get("/apiv2/triggers.json");
    expect(list.body.triggers.map((t: { title: string }) => t.title)).toEqual(["high", "low"]);
    const active = await admin.get("/apiv2/triggers/active.json");
    expect(active.body.triggers.map((t: { title: string }) => t.title)).toEqual(["low"]);
    const one = await admin.get(`/apiv2/triggers/${low.body.trigger.id}.json`);
    expect(one.body.triggers).toEqual(one.body.trigger);
    expect(one.body.trigger).toMatchObject({ title: "low", status: true, sort: 1, conditions: createdCondition, created_at: expect.stringMatching(/^\d{4}-/) });
    const renamed = await admin.put(`/apiv2/triggers/${high.body.trigger.id}.json`, { trigger: { title: "renamed", status: true } });
    expect(renamed.body.trigger).toMatchObject({ title: "renamed", status: true });
    expect((await admin.delete(`/apiv2/triggers/${high.body.trigger.id}.json`)).status).toBe(200);
    expect((await admin.get(`/apiv2/triggers/${high.body.trigger.id}.json`)).status).toBe(404);
    await deleteAllTriggers();
  });

  it("triggers - a bad condition is 422 naming it; agents get 403", async () => {
    const bad = await admin.post("/apiv2/triggers.json", trigger({ conditions: { all: [{ source: "status", operator: "sometimes", value: "1" }] }, actions: [{ source: "status", value: "1" }] }));
    expect(bad.status).toBe(422);
    expect(Object.keys(errorBody(bad).details ?? {})).toContain("conditions.all[0].operator");
    const hours = await admin.post("/apiv2/triggers.json", trigger({ conditions: { all: [{ source: "created", operator: "greater_than", value: "2" }] }, actions: [{ source: "status", value: "1" }] }));
    expect(hours.status).toBe(422);
    expect((await agent.client.get("/apiv2/triggers.json")).status).toBe(403);
    expect((await agent.client.post("/apiv2/triggers.json", trigger({ conditions: createdCondition, actions: [{ source: "status", value: "1" }] }))).status).toBe(403);
  });

  it("rules and webhooks - another tenant's are 404, end users get 403", async () => {
    const rule = await admin.post("/apiv2/automations.json", {
      automation: { title: "mine", conditions: { all: [{ source: "status", operator: "is", value: "3" }, { source: "resolved", operator: "greater_than", value: "1" }] }, actions: [{ source: "status", value: "4" }] },
    });
    expect(rule.status, rule.text).toBe(201);
    const hook = await admin.post("/apiv2/webhooks.json", { webhook: { title: "mine", url: hooks.url } });
    const other = server.b.admin.client;
    expect((await other.get(`/apiv2/automations/${rule.body.automation.id}.json`)).status).toBe(404);
    expect((await other.put(`/apiv2/automations/${rule.body.automation.id}.json`, { automation: { title: "theirs" } })).status).toBe(404);
    expect((await other.delete(`/apiv2/webhooks/${hook.body.webhook.id}.json`)).status).toBe(404);
    expect((await other.get("/apiv2/automations.json")).body.automations).toEqual([]);
    expect((await server.a.clientFor(server.a.admin.auth).get("/apiv2/webhooks.json")).body.webhooks).toHaveLength(1);
    const endUser = await server.a.createEndUser();
    expect((await endUser.client.get("/apiv2/automations.json")).status).toBe(403);
    expect((await endUser.client.get("/apiv2/outbox.json")).status).toBe(403);
    await admin.delete(`/apiv2/automations/${rule.body.automation.id}.json`);
    await admin.delete(`/apiv2/webhooks/${hook.body.webhook.id}.json`);
  });

  it("automations - an automation without a condition its actions make false is refused", async () => {
    const endless = await admin.post("/apiv2/automations.json", {
      automation: { title: "nag", conditions: { all: [{ source: "updated", operator: "greater_than", value: "24" }] }, actions: [{ source: "priority", value: "3" }] },
    });
    expect(endless.status).toBe(422);
    expect(Object.keys(errorBody(endless).details ?? {})).toContain("conditions.all");
  });
});

describe("triggers on ticket writes", () => {
  it("trigger - assigns and e-mails the requester on creation, delivered through SMTP", async () => {
    await admin.post("/apiv2/triggers.json", trigger({
      title: "Welcome",
      conditions: createdCondition,
      actions: [
        { source: "assignee_id", value: String(agent.user.id) },
        { source: "email_user", value: "(requester)", subject: "Received: {{ticket.title}}", body: "Hello {{ticket.requester.name}}, about <b>{{ticket.title}}</b>" },
      ],
    }));
    const created = await admin.post("/apiv2/tickets.json", { ticket: { title: "Printer <on fire>", comment: { content: "help" }, requester: { email: "casey@example.org", name: "Casey" } } });
    expect(created.status).toBe(201);
    expect(created.body.ticket).toMatchObject({ assignee_id: agent.user.id, status: "open" });
    const outbox = await admin.get("/apiv2/outbox.json?state=pending");
    const email = outbox.body.outbox.find((m: { ticket_id: number }) => m.ticket_id === created.body.ticket.id);
    expect(email).toMatchObject({ kind: "email", state: "pending", payload: { to: ["casey@example.org"], subject: "Received: Printer <on fire>" } });
    // Values are escaped in the HTML part; the admin's template markup is kept.
    expect(email.payload.html).toBe("Hello Casey, about <b>Printer &lt;on fire&gt;</b>");
    expect(email.payload.text).toBe("Hello Casey, about <b>Printer <on fire></b>");

    const worker = startDeliveryWorker({ storage: server.storage, smtpUrl: smtp.url, clock: server.clock.now, intervalMs: 60_000 });
    try {
      await worker.drain();
    } finally {
      await worker.stop();
    }
    const mail = smtp.messages.find((m) => m.includes("Received: Printer <on fire>"));
    expect(mail).toBeDefined();
    expect(mail).toContain("casey@example.org");
    const sent = await admin.get("/apiv2/outbox.json?state=sent");
    expect(sent.body.outbox.map((m: { id: number }) => m.id)).toContain(email.id);
    await deleteAllTriggers();
  });

  it("trigger - reacts to a bulk update, once per ticket", async () => {
    await admin.post("/apiv2/triggers.json", trigger({
      title: "Escalate",
      conditions: { all: [{ source: "priority", operator: "changed_to", value: "3" }] },
      actions: [{ source: "tags", value: "escalated" }, { source: "group_id", value: "" }],
    }));
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await admin.post("/apiv2/tickets.json", { ticket: { title: `bulk ${i}`, comment: { content: "x" } } })).body.ticket.id);
    const bulk = await admin.put(`/apiv2/tickets/update_many.json?ids=${ids.join(",")}`, { ticket: { priority: "urgent" } });
    expect(bulk.body.results.every((r: { success: boolean }) => r.success)).toBe(true);
    for (const id of ids) expect((await admin.get(`/apiv2/tickets/${id}.json`)).body.ticket.tags).toEqual(["escalated"]);
    // Already urgent: changed_to does not hold again.
    await admin.put(`/apiv2/tickets/update_many.json?ids=${ids.join(",")}`, { ticket: { priority: "urgent", tags: [] } });
    for (const id of ids) expect((await admin.get(`/apiv2/tickets/${id}.json`)).body.ticket.tags).toEqual([]);
    await deleteAllTriggers();
  });

  it("trigger - calls a signed webhook; a write that fails queues nothing", async () => {
    const secret = "a-webhook-secret-of-some-length";
    const webhook = await admin.post("/apiv2/webhooks.json", { webhook: { title: "CRM", url: hooks.url, secret } });
    expect(webhook.status).toBe(201);
    expect(webhook.body.webhook).toMatchObject({ has_secret: true, method: "POST" });
    expect(webhook.body.webhook).not.toHaveProperty("secret");
    await admin.post("/apiv2/triggers.json", trigger({
      title: "Notify CRM",
      conditions: createdCondition,
      actions: [{ source: "target", value: String(webhook.body.webhook.id), body: '{"id": {{ticket.id}}, "title": "{{ticket.title}}"}' }],
    }));
    const before = (await admin.get("/apiv2/outbox.json")).body.count;
    const refused = await admin.post("/apiv2/tickets.json", { ticket: { title: "no", comment: { content: "x" }, assignee_id: 999_999 } });
    expect(refused.status).toBe(422);
    expect((await admin.get("/apiv2/outbox.json")).body.count).toBe(before);

    const created = await admin.post("/apiv2/tickets.json", { ticket: { title: "Hooked", comment: { content: "x" } } });
    const worker = startDeliveryWorker({ storage: server.storage, clock: server.clock.now, intervalMs: 60_000 });
    try {
      await worker.drain();
    } finally {
      await worker.stop();
    }
    const call = hooks.requests.find((r) => r.body.includes(`"id": ${created.body.ticket.id}`));
    expect(call).toBeDefined();
    expect(call!.body).toBe(`{"id": ${created.body.ticket.id}, "title": "Hooked"}`);
    expect(call!.headers["x-helpdesk-signature"]).toBe(`sha256=${createHmac("sha256", secret).update(call!.body).digest("hex")}`);
    await deleteAllTriggers();
  });
});
