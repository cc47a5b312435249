import { describe, expect, it } from "vitest";
import type { Storage } from "../storage";
import type { ConformanceContext } from "./conformance-context";
import { at, createTenant, errorCode, idsOf, newComment, newOrganization, newTicket, newUser, sorted } from "./fixtures";

async function agents(storage: Storage, tenantId: number, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) ids.push((await storage.users.create(tenantId, newUser({ name: `Agent ${i}`, role: "agent" }))).id);
  return ids;
}

const group = (name: string, agent_ids: number[] = [], time = at(0)) => ({ name, agent_ids, created_at: time, updated_at: time });

export function describeGroups(ctx: ConformanceContext): void {
  describe("groups", () => {
    it("groups.create - returns the group with its members", async () => {
      const tenant = await createTenant(ctx.storage);
      const [a1, a2] = await agents(ctx.storage, tenant.id, 2);
      const created = await ctx.storage.groups.create(tenant.id, { name: "Support", agent_ids: [a2!, a1!], created_at: at(1), updated_at: at(2) });
      expect({ ...created, agent_ids: sorted(created.agent_ids) }).toEqual({
        id: expect.any(Number),
        name: "Support",
        agent_ids: sorted([a1!, a2!]),
        created_at: at(1),
        updated_at: at(2),
      });
      const read = await ctx.storage.groups.get(tenant.id, created.id);
      expect(read && { ...read, agent_ids: sorted(read.agent_ids) }).toEqual({ ...created, agent_ids: sorted(created.agent_ids) });
    });

    it("groups.create - a group may have no members", async () => {
      const tenant = await createTenant(ctx.storage);
      const created = await ctx.storage.groups.create(tenant.id, group("Empty"));
      expect((await ctx.storage.groups.get(tenant.id, created.id))?.agent_ids).toEqual([]);
    });

    it("groups.create - rejects a duplicate name in the tenant, ignoring case, with GROUP_NAME_TAKEN", async () => {
      const tenant = await createTenant(ctx.storage);
      await ctx.storage.groups.create(tenant.id, group("Support"));
      expect(await errorCode(ctx.storage.groups.create(tenant.id, group("Support")))).toBe("GROUP_NAME_TAKEN");
      expect(await errorCode(ctx.storage.groups.create(tenant.id, group("SUPPORT")))).toBe("GROUP_NAME_TAKEN");
      expect((await ctx.storage.groups.list(tenant.id, { limit: 10, offset: 0 })).count).toBe(1);
      const other = await createTenant(ctx.storage, "beta.example.com");
      expect((await ctx.storage.groups.create(other.id, group("Support"))).name).toBe("Support");
    });

    it("groups.get - null for an unknown id", async () => {
      const tenant = await createTenant(ctx.storage);
      expect(await ctx.storage.groups.get(tenant.id, 999_999)).toBeNull();
    });

    it("groups.list - every group by id, paged, with the count", async () => {
      const tenant = await createTenant(ctx.storage);
      const made = [];
      for (const name of ["C", "A", "B"]) made.push(await ctx.storage.groups.create(tenant.id, group(name)));
      const all = await ctx.storage.groups.list(tenant.id, { limit: 10, offset: 0 });
      expect(idsOf(all.items)).toEqual(sorted(idsOf(made)));
      expect(all.count).toBe(3);
      expect(await ctx.storage.groups.list(tenant.id, { limit: 1, offset: 1 })).toEqual({ items: [all.items[1]], count: 3 });
      expect(await ctx.storage.groups.list(tenant.id, { limit: 5, offset: 3 })).toEqual({ items: [], count: 3 });
    });

    it("groups.listForUser - the groups the user belongs to, by id", async () => {
      const tenant = await createTenant(ctx.storage);
      const [a1, a2] = await agents(ctx.storage, tenant.id, 2);
      const g1 = await ctx.storage.groups.create(tenant.id, group("One", [a1!]));
      await ctx.storage.groups.create(tenant.id, group("Two", [a2!]));
      const g3 = await ctx.storage.groups.create(tenant.id, group("Three", [a2!, a1!]));
      expect(idsOf(await ctx.storage.groups.listForUser(tenant.id, a1!))).toEqual([g1.id, g3.id]);
      expect(await ctx.storage.groups.listForUser(tenant.id, 999_999)).toEqual([]);
    });

    it("groups.update - renames and replaces the membership", async () => {
      const tenant = await createTenant(ctx.storage);
      const [a1, a2, a3] = await agents(ctx.storage, tenant.id, 3);
      const created = await ctx.storage.groups.create(tenant.id, group("Support", [a1!, a2!]));
      const updated = await ctx.storage.groups.update(tenant.id, created.id, { name: "Helpers", agent_ids: [a3!, a2!], updated_at: at(9) });
      const expected = { ...created, name: "Helpers", agent_ids: sorted([a2!, a3!]), updated_at: at(9) };
      expect(updated && { ...updated, agent_ids: sorted(updated.agent_ids) }).toEqual(expected);
      expect(idsOf(await ctx.storage.groups.listForUser(tenant.id, a1!))).toEqual([]);
      expect(idsOf(await ctx.storage.groups.listForUser(tenant.id, a3!))).toEqual([created.id]);
    });

    it("groups.update - leaves fields that the patch does not name", async () => {
      const tenant = await createTenant(ctx.storage);
      const [a1] = await agents(ctx.storage, tenant.id, 1);
      const created = await ctx.storage.groups.create(tenant.id, group("Support", [a1!]));
      expect(await ctx.storage.groups.update(tenant.id, created.id, { updated_at: at(3) })).toEqual({ ...created, updated_at: at(3) });
      expect(await ctx.storage.groups.update(tenant.id, created.id, { agent_ids: [], updated_at: at(4) })).toEqual({ ...created, agent_ids: [], updated_at: at(4) });
    });

    it("groups.update - rejects another group's name with GROUP_NAME_TAKEN; its own name is fine", async () => {
      const tenant = await createTenant(ctx.storage);
      const one = await ctx.storage.groups.create(tenant.id, group("One"));
      const two = await ctx.storage.groups.create(tenant.id, group("Two"));
      expect(await errorCode(ctx.storage.groups.update(tenant.id, two.id, { name: "one", updated_at: at(1) }))).toBe("GROUP_NAME_TAKEN");
      expect(await ctx.storage.groups.get(tenant.id, two.id)).toEqual(two);
      expect((await ctx.storage.groups.update(tenant.id, one.id, { name: "One", updated_at: at(1) }))?.name).toBe("One");
    });

    it("groups.update - null for an unknown group", async () => {
      const tenant = await createTenant(ctx.storage);
      expect(await ctx.storage.groups.update(tenant.id, 999_999, { name: "X", updated_at: at(1) })).toBeNull();
    });

    it("groups.delete - drops memberships and nulls the group of tickets and organizations", async () => {
      const tenant = await createTenant(ctx.storage);
      const [a1] = await agents(ctx.storage, tenant.id, 1);
      const doomed = await ctx.storage.groups.create(tenant.id, group("Doomed", [a1!]));
      const kept = await ctx.storage.groups.create(tenant.id, group("Kept", [a1!]));
      const org = await ctx.storage.organizations.create(tenant.id, newOrganization({ group_id: doomed.id }));
      const keptOrg = await ctx.storage.organizations.create(tenant.id, newOrganization({ name: "Other", group_id: kept.id }));
      const ticket = await ctx.storage.tickets.create(tenant.id, newTicket(a1!, { group_id: doomed.id }), newComment(a1!));
      const keptTicket = await ctx.storage.tickets.create(tenant.id, newTicket(a1!, { group_id: kept.id }), newComment(a1!));

      expect(await ctx.storage.groups.delete(tenant.id, doomed.id)).toBe(true);
      expect(await ctx.storage.groups.get(tenant.id, doomed.id)).toBeNull();
      expect(idsOf(await ctx.storage.groups.listForUser(tenant.id, a1!))).toEqual([kept.id]);
      expect(await ctx.storage.organizations.get(tenant.id, org.id)).toEqual({ ...org, group_id: null });
      expect(await ctx.storage.organizations.get(tenant.id, keptOrg.id)).toEqual(keptOrg);
      expect(await ctx.storage.tickets.get(tenant.id, ticket.id)).toEqual({ ...ticket, group_id: null });
      expect(await ctx.storage.tickets.get(tenant.id, keptTicket.id)).toEqual(keptTicket);
    });

    it("groups.delete - false when no such group", async () => {
      const tenant = await createTenant(ctx.storage);
      expect(await ctx.storage.groups.delete(tenant.id, 999_999)).toBe(false);
    });
  });
}
