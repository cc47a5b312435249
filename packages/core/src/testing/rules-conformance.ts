import { describe, expect, it } from "vitest";
import type { ConformanceContext } from "./conformance-context";
import { at, createTenant, createTenants, idsOf, newComment, newRule, newTicket, newUser, nextTick } from "./fixtures";

export function describeRules(ctx: ConformanceContext): void {
  describe("rules", () => {
    it("rules.create - returns every field as given, conditions and actions intact", async () => {
      const tenant = await createTenant(ctx.storage);
      const data = newRule({
        title: "Escalate",
        status: false,
        sort: -7,
        conditions: {
          all: [{ source: "priority", operator: "is", value: "urgent" }, { source: "status", operator: "changed", value: null }],
          any: [{ source: "current_tags", operator: "includes", value: "vip gold" }],
        },
        actions: [
          { source: "priority", value: "high", subject: null, body: null },
          { source: "notification_webhook", value: "12", subject: null, body: '{"ticket": "{{ticket.id}}", "ünï": "ok"}' },
        ],
        created_at: at(3),
        updated_at: at(4),
      });
      const rule = await ctx.storage.rules.create(tenant.id, "trigger", data);
      expect(rule).toEqual({ ...data, id: expect.any(Number) });
      expect(await ctx.storage.rules.get(tenant.id, "trigger", rule.id)).toEqual(rule);
    });

    it("rules.get - null for an unknown id and for a rule of the other kind", async () => {
      const tenant = await createTenant(ctx.storage);
      const trigger = await ctx.storage.rules.create(tenant.id, "trigger", newRule());
      expect(await ctx.storage.rules.get(tenant.id, "automation", trigger.id)).toBeNull();
      expect(await ctx.storage.rules.get(tenant.id, "trigger", trigger.id + 1000)).toBeNull();
    });

    it("rules.list - one kind in evaluation order: sort descending, then id ascending", async () => {
      const tenant = await createTenant(ctx.storage);
      const create = (sort: number, status = true) => ctx.storage.rules.create(tenant.id, "automation", newRule({ sort, status }));
      const a = await create(0);
      const b = await create(5);
      const c = await create(0, false);
      const d = await create(-3);
      const e = await create(5, false);
      await ctx.storage.rules.create(tenant.id, "trigger", newRule({ sort: 100 }));
      expect(idsOf(await ctx.storage.rules.list(tenant.id, "automation", { activeOnly: false }))).toEqual(idsOf([b, e, a, c, d]));
      expect(await ctx.storage.rules.list(tenant.id, "automation", { activeOnly: true })).toEqual([b, a, d]);
      expect(await ctx.storage.rules.list(tenant.id, "trigger", { activeOnly: true })).toHaveLength(1);
      expect(await ctx.storage.rules.list(tenant.id + 1000, "automation", { activeOnly: false })).toEqual([]);
    });

    it("rules.update - replaces the fields given and leaves the others alone", async () => {
      const tenant = await createTenant(ctx.storage);
      const rule = await ctx.storage.rules.create(tenant.id, "trigger", newRule({ sort: 1 }));
      const conditions = { all: [], any: [{ source: "type", operator: "is", value: "task" }] };
      const updated = await ctx.storage.rules.update(tenant.id, "trigger", rule.id, { status: false, conditions, updated_at: at(9) });
      expect(updated).toEqual({ ...rule, status: false, conditions, updated_at: at(9) });
      expect(await ctx.storage.rules.get(tenant.id, "trigger", rule.id)).toEqual(updated);
      const actions = [{ source: "status", value: "solved", subject: null, body: null }];
      const again = await ctx.storage.rules.update(tenant.id, "trigger", rule.id, { title: "Renamed", sort: 2, actions, updated_at: at(10) });
      expect(again).toEqual({ ...updated, title: "Renamed", sort: 2, actions, updated_at: at(10) });
    });

    it("rules.update - null for an unknown id or the other kind", async () => {
      const tenant = await createTenant(ctx.storage);
      const rule = await ctx.storage.rules.create(tenant.id, "trigger", newRule());
      expect(await ctx.storage.rules.update(tenant.id, "automation", rule.id, { title: "X", updated_at: at(1) })).toBeNull();
      expect(await ctx.storage.rules.update(tenant.id, "trigger", rule.id + 1000, { title: "X", updated_at: at(1) })).toBeNull();
      expect(await ctx.storage.rules.get(tenant.id, "trigger", rule.id)).toEqual(rule);
    });

    it("rules.delete - removes the rule; false when none or of the other kind", async () => {
      const tenant = await createTenant(ctx.storage);
      const rule = await ctx.storage.rules.create(tenant.id, "automation", newRule());
      const kept = await ctx.storage.rules.create(tenant.id, "automation", newRule());
      expect(await ctx.storage.rules.delete(tenant.id, "trigger", rule.id)).toBe(false);
      expect(await ctx.storage.rules.delete(tenant.id, "automation", rule.id)).toBe(true);
      expect(await ctx.storage.rules.get(tenant.id, "automation", rule.id)).toBeNull();
      expect(await ctx.storage.rules.delete(tenant.id, "automation", rule.id)).toBe(false);
      expect(await ctx.storage.rules.list(tenant.id, "automation", { activeOnly: false })).toEqual([kept]);
    });

    it("rules.delete - removes the automation's firings, and only its", async () => {
      const tenant = await createTenant(ctx.storage);
      const user = await ctx.storage.users.create(tenant.id, newUser());
      const ticket = await ctx.storage.tickets.create(tenant.id, newTicket(user.id), newComment(user.id));
      const gone = await ctx.storage.rules.create(tenant.id, "automation", newRule());
      const kept = await ctx.storage.rules.create(tenant.id, "automation", newRule());
      await ctx.storage.automationFirings.record(tenant.id, gone.id, ticket.id, at(1), at(2));
      await ctx.storage.automationFirings.record(tenant.id, kept.id, ticket.id, at(1), at(2));
      await ctx.storage.rules.delete(tenant.id, "automation", gone.id);
      expect(await ctx.storage.automationFirings.lastFirings(tenant.id, gone.id, [ticket.id])).toEqual(new Map());
      expect(await ctx.storage.automationFirings.lastFirings(tenant.id, kept.id, [ticket.id])).toEqual(new Map([[ticket.id, at(1)]]));
    });

    it("rules.revision - changes on every create, update and delete of a rule of the tenant", async () => {
      const tenant = await createTenant(ctx.storage);
      const seen = [await ctx.storage.rules.revision(tenant.id)];
      const changed = async () => {
        const revision = await ctx.storage.rules.revision(tenant.id);
        expect(seen).not.toContain(revision);
        seen.push(revision);
      };
      const trigger = await ctx.storage.rules.create(tenant.id, "trigger", newRule());
      await changed();
      const automation = await ctx.storage.rules.create(tenant.id, "automation", newRule());
      await changed();
      await ctx.storage.rules.update(tenant.id, "trigger", trigger.id, { sort: 3, updated_at: at(1) });
      await changed();
      // An update that changes nothing but the time still counts.
      await ctx.storage.rules.update(tenant.id, "automation", automation.id, { updated_at: at(1) });
      await changed();
      await ctx.storage.rules.delete(tenant.id, "trigger", trigger.id);
      await changed();
    });

    it("rules.revision - stays put on reads, on misses and on other tenants' changes", async () => {
      const [a, b] = await createTenants(ctx.storage);
      const rule = await ctx.storage.rules.create(a.id, "trigger", newRule());
      const before = await ctx.storage.rules.revision(a.id);
      await ctx.storage.rules.get(a.id, "trigger", rule.id);
      await ctx.storage.rules.list(a.id, "trigger", { activeOnly: true });
      await ctx.storage.rules.update(a.id, "automation", rule.id, { title: "Wrong kind", updated_at: at(1) });
      await ctx.storage.rules.update(a.id, "trigger", rule.id + 1000, { title: "No such rule", updated_at: at(1) });
      await ctx.storage.rules.delete(a.id, "automation", rule.id);
      await ctx.storage.rules.create(b.id, "trigger", newRule());
      await ctx.storage.rules.update(b.id, "trigger", rule.id, { title: "Other tenant", updated_at: at(1) });
      await ctx.storage.rules.delete(b.id, "trigger", rule.id);
      expect(await ctx.storage.rules.revision(a.id)).toBe(before);
    });

    it("rules.revision - changes after concurrent creates; a rolled-back change leaves it as it was", async () => {
      const tenant = await createTenant(ctx.storage);
      const before = await ctx.storage.rules.revision(tenant.id);
      const created = await Promise.all(Array.from({ length: 6 }, () => ctx.storage.rules.create(tenant.id, "trigger", newRule())));
      const afterCreates = await ctx.storage.rules.revision(tenant.id);
      expect(afterCreates).not.toBe(before);
      const rollback = ctx.storage.transaction(async (tx) => {
        await tx.rules.delete(tenant.id, "trigger", created[0]!.id);
        expect(await tx.rules.revision(tenant.id)).not.toBe(afterCreates);
        await nextTick();
        throw new Error("undo");
      });
      await expect(rollback).rejects.toThrow("undo");
      expect(await ctx.storage.rules.revision(tenant.id)).toBe(afterCreates);
      expect(await ctx.storage.rules.list(tenant.id, "trigger", { activeOnly: false })).toHaveLength(6);
    });

    it("rules - nothing of tenant A is read, changed or deleted through tenant B", async () => {
      const [a, b] = await createTenants(ctx.storage);
      const rule = await ctx.storage.rules.create(a.id, "trigger", newRule());
      expect(await ctx.storage.rules.get(b.id, "trigger", rule.id)).toBeNull();
      expect(await ctx.storage.rules.list(b.id, "trigger", { activeOnly: false })).toEqual([]);
      expect(await ctx.storage.rules.update(b.id, "trigger", rule.id, { title: "Hijacked", updated_at: at(9) })).toBeNull();
      expect(await ctx.storage.rules.delete(b.id, "trigger", rule.id)).toBe(false);
      expect(await ctx.storage.rules.list(a.id, "trigger", { activeOnly: false })).toEqual([rule]);
    });
  });
}
