import { describe, expect, it } from "vitest";
import type { Storage } from "../storage";
import type { ConformanceContext } from "./conformance-context";
import { at, createTenant, newComment, newRule, newTicket, newUser } from "./fixtures";

/** A tenant with two automations, a trigger and three tickets. */
async function seed(storage: Storage, host?: string) {
  const tenant = await createTenant(storage, host);
  const user = await storage.users.create(tenant.id, newUser());
  const tickets = [];
  for (let i = 0; i < 3; i++) tickets.push(await storage.tickets.create(tenant.id, newTicket(user.id), newComment(user.id)));
  const [t1, t2, t3] = tickets.map((t) => t.id) as [number, number, number];
  const first = await storage.rules.create(tenant.id, "automation", newRule());
  const second = await storage.rules.create(tenant.id, "automation", newRule());
  const trigger = await storage.rules.create(tenant.id, "trigger", newRule());
  return { tenantId: tenant.id, t1, t2, t3, first: first.id, second: second.id, trigger: trigger.id };
}

export function describeAutomationFirings(ctx: ConformanceContext): void {
  describe("automationFirings", () => {
    it("automationFirings.lastFirings - empty when the automation never fired on the tickets", async () => {
      const s = await seed(ctx.storage);
      expect(await ctx.storage.automationFirings.lastFirings(s.tenantId, s.first, [s.t1, s.t2, 999])).toEqual(new Map());
      expect(await ctx.storage.automationFirings.lastFirings(s.tenantId, s.first, [])).toEqual(new Map());
    });

    it("automationFirings.record - lastFirings gives each ticket's updated_at at the firing, for many tickets at once", async () => {
      const s = await seed(ctx.storage);
      await ctx.storage.automationFirings.record(s.tenantId, s.first, s.t1, at(10), at(11));
      await ctx.storage.automationFirings.record(s.tenantId, s.first, s.t3, at(30), at(31));
      await ctx.storage.automationFirings.record(s.tenantId, s.second, s.t2, at(20), at(21));
      expect(await ctx.storage.automationFirings.lastFirings(s.tenantId, s.first, [s.t1, s.t2, s.t3])).toEqual(
        new Map([[s.t1, at(10)], [s.t3, at(30)]]),
      );
      expect(await ctx.storage.automationFirings.lastFirings(s.tenantId, s.second, [s.t1, s.t2, s.t3])).toEqual(new Map([[s.t2, at(20)]]));
    });

    it("automationFirings.record - a second firing on a ticket replaces the first", async () => {
      const s = await seed(ctx.storage);
      await ctx.storage.automationFirings.record(s.tenantId, s.first, s.t1, at(10), at(11));
      await ctx.storage.automationFirings.record(s.tenantId, s.first, s.t1, at(50), at(51));
      expect(await ctx.storage.automationFirings.lastFirings(s.tenantId, s.first, [s.t1])).toEqual(new Map([[s.t1, at(50)]]));
    });

    it("automationFirings.record - kept only if its transaction commits", async () => {
      const s = await seed(ctx.storage);
      const outcome = ctx.storage.transaction(async (tx) => {
        await tx.automationFirings.record(s.tenantId, s.first, s.t1, at(10), at(11));
        expect(await tx.automationFirings.lastFirings(s.tenantId, s.first, [s.t1])).toEqual(new Map([[s.t1, at(10)]]));
        throw new Error("roll back");
      });
      await expect(outcome).rejects.toThrow("roll back");
      expect(await ctx.storage.automationFirings.lastFirings(s.tenantId, s.first, [s.t1])).toEqual(new Map());
    });

    it("automationFirings - deleting a ticket removes its firings", async () => {
      const s = await seed(ctx.storage);
      await ctx.storage.automationFirings.record(s.tenantId, s.first, s.t1, at(10), at(11));
      await ctx.storage.automationFirings.record(s.tenantId, s.first, s.t2, at(20), at(21));
      await ctx.storage.tickets.delete(s.tenantId, [s.t1]);
      expect(await ctx.storage.automationFirings.lastFirings(s.tenantId, s.first, [s.t1, s.t2])).toEqual(new Map([[s.t2, at(20)]]));
    });

    it("automationFirings.record - records nothing for a ticket or automation that does not exist", async () => {
      const s = await seed(ctx.storage);
      await ctx.storage.tickets.delete(s.tenantId, [s.t3]);
      await ctx.storage.automationFirings.record(s.tenantId, s.first, s.t3, at(10), at(11));
      await ctx.storage.automationFirings.record(s.tenantId, s.first, 999, at(10), at(11));
      await ctx.storage.automationFirings.record(s.tenantId, s.second + 1000, s.t1, at(10), at(11));
      await ctx.storage.automationFirings.record(s.tenantId, s.trigger, s.t1, at(10), at(11));
      expect(await ctx.storage.automationFirings.lastFirings(s.tenantId, s.first, [s.t3, 999])).toEqual(new Map());
      expect(await ctx.storage.automationFirings.lastFirings(s.tenantId, s.second + 1000, [s.t1])).toEqual(new Map());
      expect(await ctx.storage.automationFirings.lastFirings(s.tenantId, s.trigger, [s.t1])).toEqual(new Map());
    });

    it("automationFirings - a tenant reads and writes only its own firings", async () => {
      const a = await seed(ctx.storage, "alpha.example.com");
      const b = await seed(ctx.storage, "beta.example.com");
      await ctx.storage.automationFirings.record(a.tenantId, a.first, a.t1, at(10), at(11));
      // Ticket numbers repeat across tenants; automation ids do not, so B cannot name A's.
      expect(await ctx.storage.automationFirings.lastFirings(b.tenantId, a.first, [a.t1])).toEqual(new Map());
      await ctx.storage.automationFirings.record(b.tenantId, a.first, b.t1, at(40), at(41));
      await ctx.storage.automationFirings.record(b.tenantId, b.first, b.t1, at(50), at(51));
      expect(await ctx.storage.automationFirings.lastFirings(a.tenantId, a.first, [a.t1])).toEqual(new Map([[a.t1, at(10)]]));
      expect(await ctx.storage.automationFirings.lastFirings(b.tenantId, b.first, [b.t1])).toEqual(new Map([[b.t1, at(50)]]));
      await ctx.storage.tickets.delete(b.tenantId, [b.t1]);
      expect(await ctx.storage.automationFirings.lastFirings(a.tenantId, a.first, [a.t1])).toEqual(new Map([[a.t1, at(10)]]));
    });
  });
}
