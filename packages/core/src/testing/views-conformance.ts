import { describe, expect, it } from "vitest";
import type { NewView } from "../storage";
import type { ConformanceContext } from "./conformance-context";
import { at, createTenant, createTenants, idsOf } from "./fixtures";

const ALL = { limit: 100, offset: 0 };

/** An active, unrestricted view of open tickets. */
export function newView(overrides: Partial<NewView> = {}): NewView {
  return {
    title: "Open tickets",
    active: true,
    position: 0,
    conditions: { all: [{ source: "status", operator: "is", value: "1" }], any: [] },
    output: { sort_by: "id", sort_order: "asc" },
    restriction: null,
    sla_id: null,
    created_at: at(0),
    updated_at: at(0),
    ...overrides,
  };
}

export function describeViews(ctx: ConformanceContext): void {
  describe("views", () => {
    it("views.create - returns every field as given", async () => {
      const tenant = await createTenant(ctx.storage);
      const data = newView({
        title: "Urgent for Tier 2",
        active: false,
        position: -3,
        conditions: { all: [{ source: "priority", operator: "is", value: "3" }], any: [{ source: "tags", operator: "contain_at_least_one", value: "vip ünï" }] },
        output: { sort_by: "updated_at", sort_order: "desc" },
        restriction: { type: "Group", id: 12 },
        sla_id: 7,
        created_at: at(3),
        updated_at: at(4),
      });
      const view = await ctx.storage.views.create(tenant.id, data);
      expect(view).toEqual({ ...data, id: expect.any(Number) });
      expect(await ctx.storage.views.get(tenant.id, view.id)).toEqual(view);
    });

    it("views.get - null for an unknown id and for another tenant's view", async () => {
      const [a, b] = await createTenants(ctx.storage);
      const view = await ctx.storage.views.create(a.id, newView());
      expect(await ctx.storage.views.get(a.id, view.id + 1000)).toBeNull();
      expect(await ctx.storage.views.get(b.id, view.id)).toBeNull();
      expect(await ctx.storage.views.getMany(b.id, [view.id])).toEqual([]);
    });

    it("views.getMany - the views among the ids that exist, in id order", async () => {
      const tenant = await createTenant(ctx.storage);
      const one = await ctx.storage.views.create(tenant.id, newView());
      const two = await ctx.storage.views.create(tenant.id, newView({ title: "Two" }));
      expect(idsOf(await ctx.storage.views.getMany(tenant.id, [two.id, 999_999, one.id]))).toEqual([one.id, two.id]);
      expect(await ctx.storage.views.getMany(tenant.id, [])).toEqual([]);
    });

    it("views.list - by position then id, paged with the count; activeOnly leaves inactive ones out", async () => {
      const tenant = await createTenant(ctx.storage);
      const late = await ctx.storage.views.create(tenant.id, newView({ position: 5 }));
      const first = await ctx.storage.views.create(tenant.id, newView({ position: -1 }));
      const tieA = await ctx.storage.views.create(tenant.id, newView({ position: 2, active: false }));
      const tieB = await ctx.storage.views.create(tenant.id, newView({ position: 2 }));
      const all = await ctx.storage.views.list(tenant.id, { activeOnly: false }, ALL);
      expect(idsOf(all.items)).toEqual([first.id, tieA.id, tieB.id, late.id]);
      expect(all.count).toBe(4);
      const page = await ctx.storage.views.list(tenant.id, { activeOnly: false }, { limit: 2, offset: 1 });
      expect(idsOf(page.items)).toEqual([tieA.id, tieB.id]);
      expect(page.count).toBe(4);
      const active = await ctx.storage.views.list(tenant.id, { activeOnly: true }, ALL);
      expect(idsOf(active.items)).toEqual([first.id, tieB.id, late.id]);
      expect(active.count).toBe(3);
    });

    it("views.list - an audience sees unrestricted views, their own and their groups'", async () => {
      const tenant = await createTenant(ctx.storage);
      const open = await ctx.storage.views.create(tenant.id, newView());
      const mine = await ctx.storage.views.create(tenant.id, newView({ restriction: { type: "User", id: 5 } }));
      await ctx.storage.views.create(tenant.id, newView({ restriction: { type: "User", id: 6 } }));
      const ourGroup = await ctx.storage.views.create(tenant.id, newView({ restriction: { type: "Group", id: 5 } }));
      await ctx.storage.views.create(tenant.id, newView({ restriction: { type: "Group", id: 6 } }));
      const seen = await ctx.storage.views.list(tenant.id, { activeOnly: false, audience: { userId: 5, groupIds: [5, 9] } }, ALL);
      expect(idsOf(seen.items)).toEqual([open.id, mine.id, ourGroup.id]);
      expect(seen.count).toBe(3);
      const lonely = await ctx.storage.views.list(tenant.id, { activeOnly: true, audience: { userId: 8, groupIds: [] } }, ALL);
      expect(idsOf(lonely.items)).toEqual([open.id]);
    });

    it("views.update - replaces the fields given and leaves the rest; null for an unknown view", async () => {
      const [tenant, other] = await createTenants(ctx.storage);
      const view = await ctx.storage.views.create(tenant.id, newView({ restriction: { type: "User", id: 3 }, sla_id: 4 }));
      const conditions = { all: [], any: [{ source: "group_id", operator: "is", value: "(current_groups)" }] };
      const updated = await ctx.storage.views.update(tenant.id, view.id, { title: "Mine", conditions, restriction: null, updated_at: at(9) });
      expect(updated).toEqual({ ...view, title: "Mine", conditions, restriction: null, updated_at: at(9) });
      expect(await ctx.storage.views.get(tenant.id, view.id)).toEqual(updated);
      const again = await ctx.storage.views.update(tenant.id, view.id, { output: { sort_by: "status", sort_order: "desc" }, sla_id: null, active: false, updated_at: at(10) });
      expect(again).toEqual({ ...updated, output: { sort_by: "status", sort_order: "desc" }, sla_id: null, active: false, updated_at: at(10) });
      expect(await ctx.storage.views.update(tenant.id, view.id + 1000, { title: "x", updated_at: at(11) })).toBeNull();
      expect(await ctx.storage.views.update(other.id, view.id, { title: "x", updated_at: at(11) })).toBeNull();
    });

    it("views.delete - removes the view only in its tenant; false when none", async () => {
      const [tenant, other] = await createTenants(ctx.storage);
      const view = await ctx.storage.views.create(tenant.id, newView());
      expect(await ctx.storage.views.delete(other.id, view.id)).toBe(false);
      expect(await ctx.storage.views.delete(tenant.id, view.id)).toBe(true);
      expect(await ctx.storage.views.get(tenant.id, view.id)).toBeNull();
      expect(await ctx.storage.views.delete(tenant.id, view.id)).toBe(false);
    });
  });
}
