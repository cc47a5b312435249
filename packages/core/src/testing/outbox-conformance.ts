import { describe, expect, it } from "vitest";
import { OUTBOX_KINDS } from "../domain/rule";
import type { OutboxMessage } from "../domain/rule";
import type { ConformanceContext } from "./conformance-context";
import { at, createTenant, createTenants, idsOf, newOutboxMessage, sorted } from "./fixtures";

const ALL = { limit: 100, offset: 0 };

const ALL_KINDS = OUTBOX_KINDS;

export function describeOutbox(ctx: ConformanceContext): void {
  describe("outbox", () => {
    /** Every message of the tenant by id, as `list` shows it. */
    const byId = async (tenantId: number): Promise<Map<number, OutboxMessage>> =>
      new Map((await ctx.storage.outbox.list(tenantId, {}, ALL)).items.map((m) => [m.id, m]));

    it("outbox.enqueue - adds pending messages with every field as given, in order", async () => {
      const tenant = await createTenant(ctx.storage);
      const first = newOutboxMessage({ payload: { to: ["a@example.com"], nested: { n: 1, ok: true, none: null } }, ticket_id: 7, rule_id: 9 });
      const second = newOutboxMessage({ kind: "webhook", payload: { webhook_id: 3, body: "{\"x\": \"ü\"}" }, created_at: at(1), next_attempt_at: at(5) });
      const messages = await ctx.storage.outbox.enqueue(tenant.id, [first, second]);
      const pending = { state: "pending", attempts: 0, last_error: null, sent_at: null };
      expect(messages).toEqual([
        { ...first, ...pending, id: expect.any(Number) },
        { ...second, ...pending, id: expect.any(Number) },
      ]);
      expect(messages[1]!.id).toBeGreaterThan(messages[0]!.id);
      expect(await ctx.storage.outbox.enqueue(tenant.id, [])).toEqual([]);
      expect(await byId(tenant.id)).toEqual(new Map(messages.map((m) => [m.id, m])));
    });

    it("outbox.enqueue - inside a transaction that rolls back, the messages never exist", async () => {
      const tenant = await createTenant(ctx.storage);
      const outcome = ctx.storage.transaction(async (tx) => {
        await tx.outbox.enqueue(tenant.id, [newOutboxMessage()]);
        throw new Error("roll back");
      });
      await expect(outcome).rejects.toThrow("roll back");
      expect(await ctx.storage.outbox.list(tenant.id, {}, ALL)).toEqual({ items: [], count: 0 });
      expect(await ctx.storage.outbox.claim(at(100), at(200), 10, ALL_KINDS)).toEqual([]);
    });

    it("outbox.claim - takes due messages of every tenant, earliest due first, up to the limit, with their tenant", async () => {
      const [a, b] = await createTenants(ctx.storage);
      const [a3, a1] = await ctx.storage.outbox.enqueue(a.id, [newOutboxMessage({ next_attempt_at: at(3) }), newOutboxMessage({ next_attempt_at: at(1) })]);
      const [b2, bLater] = await ctx.storage.outbox.enqueue(b.id, [newOutboxMessage({ next_attempt_at: at(2) }), newOutboxMessage({ next_attempt_at: at(11) })]);
      const [a1Tie] = await ctx.storage.outbox.enqueue(a.id, [newOutboxMessage({ next_attempt_at: at(1) })]);
      const claimed = await ctx.storage.outbox.claim(at(10), at(70), 3, ALL_KINDS);
      expect(claimed).toEqual([
        { ...a1!, tenant_id: a.id, next_attempt_at: at(70) },
        { ...a1Tie!, tenant_id: a.id, next_attempt_at: at(70) },
        { ...b2!, tenant_id: b.id, next_attempt_at: at(70) },
      ]);
      expect(idsOf(await ctx.storage.outbox.claim(at(10), at(70), 3, ALL_KINDS))).toEqual([a3!.id]);
      expect(await ctx.storage.outbox.claim(at(10), at(70), 3, ALL_KINDS)).toEqual([]);
      // The due time is inclusive.
      expect(idsOf(await ctx.storage.outbox.claim(at(11), at(70), 3, ALL_KINDS))).toEqual([bLater!.id]);
      expect((await byId(a.id)).get(a1!.id)).toMatchObject({ state: "pending", attempts: 0, next_attempt_at: at(70) });
    });

    it("outbox.claim - a claimed message is not claimed again before its lease ends, and is once it has", async () => {
      const tenant = await createTenant(ctx.storage);
      const [message] = await ctx.storage.outbox.enqueue(tenant.id, [newOutboxMessage({ next_attempt_at: at(0) })]);
      expect(idsOf(await ctx.storage.outbox.claim(at(1), at(60), 10, ALL_KINDS))).toEqual([message!.id]);
      expect(await ctx.storage.outbox.claim(at(2), at(62), 10, ALL_KINDS)).toEqual([]);
      expect(await ctx.storage.outbox.claim(at(59), at(119), 10, ALL_KINDS)).toEqual([]);
      // The worker died: once the lease has run out, another one takes the message.
      const again = await ctx.storage.outbox.claim(at(60), at(120), 10, ALL_KINDS);
      expect(again).toEqual([{ ...message!, tenant_id: tenant.id, next_attempt_at: at(120) }]);
    });

    it("outbox.claim - never hands one message to two workers", async () => {
      const tenant = await createTenant(ctx.storage);
      const messages = await ctx.storage.outbox.enqueue(tenant.id, Array.from({ length: 24 }, (_, i) => newOutboxMessage({ next_attempt_at: at(i % 5) })));
      const claims = await Promise.all(Array.from({ length: 6 }, () => ctx.storage.outbox.claim(at(10), at(100), 5, ALL_KINDS)));
      const claimed = claims.flatMap(idsOf);
      expect(new Set(claimed).size).toBe(claimed.length);
      // Whatever the race left over is still there for the next claim.
      const rest = idsOf(await ctx.storage.outbox.claim(at(10), at(100), 100, ALL_KINDS));
      expect(sorted([...claimed, ...rest])).toEqual(sorted(idsOf(messages)));
    });

    it("outbox.markSent - the message is sent and never claimed again", async () => {
      const tenant = await createTenant(ctx.storage);
      const [message, other] = await ctx.storage.outbox.enqueue(tenant.id, [newOutboxMessage(), newOutboxMessage()]);
      await ctx.storage.outbox.claim(at(1), at(60), 10, ALL_KINDS);
      await ctx.storage.outbox.markSent(message!.id, at(5));
      const stored = await byId(tenant.id);
      expect(stored.get(message!.id)).toEqual({ ...message!, state: "sent", sent_at: at(5), next_attempt_at: at(60) });
      expect(stored.get(other!.id)).toMatchObject({ state: "pending", sent_at: null });
      expect(idsOf(await ctx.storage.outbox.claim(at(1000), at(2000), 10, ALL_KINDS))).toEqual([other!.id]);
      // A late report from a worker whose lease ran out changes nothing.
      await ctx.storage.outbox.markFailed(message!.id, "too late", at(3000));
      await ctx.storage.outbox.markSent(message!.id, at(6));
      expect((await byId(tenant.id)).get(message!.id)).toEqual(stored.get(message!.id));
    });

    it("outbox.markFailed - counts the attempt and keeps the error; due again at retryAt, not before", async () => {
      const tenant = await createTenant(ctx.storage);
      const [message] = await ctx.storage.outbox.enqueue(tenant.id, [newOutboxMessage()]);
      await ctx.storage.outbox.claim(at(1), at(60), 10, ALL_KINDS);
      await ctx.storage.outbox.markFailed(message!.id, "connection refused", at(30));
      expect((await byId(tenant.id)).get(message!.id)).toEqual({ ...message!, attempts: 1, last_error: "connection refused", next_attempt_at: at(30) });
      expect(await ctx.storage.outbox.claim(at(29), at(90), 10, ALL_KINDS)).toEqual([]);
      expect(idsOf(await ctx.storage.outbox.claim(at(30), at(90), 10, ALL_KINDS))).toEqual([message!.id]);
      await ctx.storage.outbox.markFailed(message!.id, "timed out", at(200));
      expect((await byId(tenant.id)).get(message!.id)).toMatchObject({ state: "pending", attempts: 2, last_error: "timed out", next_attempt_at: at(200) });
    });

    it("outbox.claim - takes only the kinds asked for, leaving the others untouched", async () => {
      const tenant = await createTenant(ctx.storage);
      const [email, hook] = await ctx.storage.outbox.enqueue(tenant.id, [newOutboxMessage({ kind: "email" }), newOutboxMessage({ kind: "webhook" })]);
      expect(idsOf(await ctx.storage.outbox.claim(at(10), at(70), 10, ["webhook", "message"]))).toEqual([hook!.id]);
      expect((await byId(tenant.id)).get(email!.id)).toEqual(email);
      expect(idsOf(await ctx.storage.outbox.claim(at(10), at(70), 10, ALL_KINDS))).toEqual([email!.id]);
    });

    it("outbox.markFailed - a null retryAt fails the message for good", async () => {
      const tenant = await createTenant(ctx.storage);
      const [message] = await ctx.storage.outbox.enqueue(tenant.id, [newOutboxMessage()]);
      const [claimed] = await ctx.storage.outbox.claim(at(1), at(60), 10, ALL_KINDS);
      await ctx.storage.outbox.markFailed(message!.id, "mailbox does not exist", null);
      expect((await byId(tenant.id)).get(message!.id)).toEqual({
        ...message!,
        state: "failed",
        attempts: 1,
        last_error: "mailbox does not exist",
        next_attempt_at: claimed!.next_attempt_at,
      });
      expect(await ctx.storage.outbox.claim(at(100_000), at(200_000), 10, ALL_KINDS)).toEqual([]);
      await ctx.storage.outbox.markSent(message!.id, at(7));
      expect((await byId(tenant.id)).get(message!.id)?.state).toBe("failed");
    });

    it("outbox.list - newest first, optionally of one state, paged with the count", async () => {
      const tenant = await createTenant(ctx.storage);
      const messages = await ctx.storage.outbox.enqueue(tenant.id, [1, 2, 3, 4, 5].map((s) => newOutboxMessage({ created_at: at(s) })));
      const [m1, m2, m3, m4, m5] = idsOf(messages);
      await ctx.storage.outbox.claim(at(10), at(60), 2, ALL_KINDS);
      await ctx.storage.outbox.markSent(m1!, at(11));
      await ctx.storage.outbox.markFailed(m2!, "no", null);
      const list = async (state: OutboxMessage["state"] | undefined, limit = 10, offset = 0) => {
        const page = await ctx.storage.outbox.list(tenant.id, state === undefined ? {} : { state }, { limit, offset });
        return { ids: idsOf(page.items), count: page.count };
      };
      expect(await list(undefined)).toEqual({ ids: [m5, m4, m3, m2, m1], count: 5 });
      expect(await list("pending")).toEqual({ ids: [m5, m4, m3], count: 3 });
      expect(await list("sent")).toEqual({ ids: [m1], count: 1 });
      expect(await list("failed")).toEqual({ ids: [m2], count: 1 });
      expect(await list(undefined, 2, 1)).toEqual({ ids: [m4, m3], count: 5 });
      expect(await list("pending", 2, 5)).toEqual({ ids: [], count: 3 });
    });

    it("outbox - a tenant lists only its own messages", async () => {
      const [a, b] = await createTenants(ctx.storage);
      const [mine] = await ctx.storage.outbox.enqueue(a.id, [newOutboxMessage()]);
      expect(await ctx.storage.outbox.list(b.id, {}, ALL)).toEqual({ items: [], count: 0 });
      expect(await ctx.storage.outbox.list(b.id, { state: "pending" }, ALL)).toEqual({ items: [], count: 0 });
      expect(await ctx.storage.outbox.list(a.id, {}, ALL)).toEqual({ items: [mine], count: 1 });
    });
  });
}
