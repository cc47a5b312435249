import { describe, expect, it } from "vitest";
import type { TimeRange } from "../storage";
import type { ConformanceContext } from "./conformance-context";
import { at, createTenant, errorCode, idsOf, newComment, newOrganization, newTicket, newUser } from "./fixtures";

const ALL = { limit: 100, offset: 0 };

export function describeOrganizations(ctx: ConformanceContext): void {
  describe("organizations", () => {
    it("organizations.create - returns every field as given, with an id", async () => {
      const tenant = await createTenant(ctx.storage);
      const grp = await ctx.storage.groups.create(tenant.id, { name: "Support", agent_ids: [], created_at: at(0), updated_at: at(0) });
      const data = newOrganization({
        name: "Acme",
        domain: "acme.test",
        description: "Makes anvils",
        group_id: grp.id,
        created_at: at(1),
        updated_at: at(2),
        shared_tickets: true,
      });
      const org = await ctx.storage.organizations.create(tenant.id, data);
      expect(org).toEqual({ ...data, id: expect.any(Number) });
      expect(await ctx.storage.organizations.get(tenant.id, org.id)).toEqual(org);
    });

    it("organizations.create - rejects a duplicate name in the tenant, ignoring case, with ORGANIZATION_NAME_TAKEN", async () => {
      const tenant = await createTenant(ctx.storage);
      await ctx.storage.organizations.create(tenant.id, newOrganization({ name: "Acme" }));
      expect(await errorCode(ctx.storage.organizations.create(tenant.id, newOrganization({ name: "Acme" })))).toBe("ORGANIZATION_NAME_TAKEN");
      expect(await errorCode(ctx.storage.organizations.create(tenant.id, newOrganization({ name: "ACME" })))).toBe("ORGANIZATION_NAME_TAKEN");
      const other = await createTenant(ctx.storage, "beta.example.com");
      expect((await ctx.storage.organizations.create(other.id, newOrganization({ name: "Acme" }))).name).toBe("Acme");
    });

    it("organizations.get - null for an unknown id", async () => {
      const tenant = await createTenant(ctx.storage);
      expect(await ctx.storage.organizations.get(tenant.id, 999_999)).toBeNull();
    });

    it("organizations.findByDomain - compares lower-case; the lowest id wins; null when none", async () => {
      const tenant = await createTenant(ctx.storage);
      await ctx.storage.organizations.create(tenant.id, newOrganization({ name: "Other", domain: "other.test" }));
      const first = await ctx.storage.organizations.create(tenant.id, newOrganization({ name: "First", domain: "acme.test" }));
      await ctx.storage.organizations.create(tenant.id, newOrganization({ name: "Second", domain: "acme.test" }));
      expect(await ctx.storage.organizations.findByDomain(tenant.id, "acme.test")).toEqual(first);
      expect(await ctx.storage.organizations.findByDomain(tenant.id, "ACME.Test")).toEqual(first);
      expect(await ctx.storage.organizations.findByDomain(tenant.id, "nobody.test")).toBeNull();
    });

    it("organizations.update - applies the patch and leaves other fields alone", async () => {
      const tenant = await createTenant(ctx.storage);
      const org = await ctx.storage.organizations.create(tenant.id, newOrganization({ name: "Acme", domain: "acme.test", description: "Old" }));
      const patch = { description: null, domain: "acme.example", shared_tickets: true, updated_at: at(7) };
      const updated = await ctx.storage.organizations.update(tenant.id, org.id, patch);
      expect(updated).toEqual({ ...org, ...patch });
      expect(await ctx.storage.organizations.get(tenant.id, org.id)).toEqual(updated);
      expect(await ctx.storage.organizations.findByDomain(tenant.id, "acme.test")).toBeNull();
    });

    it("organizations.update - rejects another organization's name with ORGANIZATION_NAME_TAKEN; its own is fine", async () => {
      const tenant = await createTenant(ctx.storage);
      const acme = await ctx.storage.organizations.create(tenant.id, newOrganization({ name: "Acme" }));
      const globex = await ctx.storage.organizations.create(tenant.id, newOrganization({ name: "Globex" }));
      expect(await errorCode(ctx.storage.organizations.update(tenant.id, globex.id, { name: "acme", updated_at: at(1) }))).toBe("ORGANIZATION_NAME_TAKEN");
      expect(await ctx.storage.organizations.get(tenant.id, globex.id)).toEqual(globex);
      expect((await ctx.storage.organizations.update(tenant.id, acme.id, { name: "Acme", updated_at: at(1) }))?.name).toBe("Acme");
    });

    it("organizations.update - null for an unknown organization", async () => {
      const tenant = await createTenant(ctx.storage);
      expect(await ctx.storage.organizations.update(tenant.id, 999_999, { name: "X", updated_at: at(1) })).toBeNull();
    });

    it("organizations.delete - users and tickets pointing at it get a null organization", async () => {
      const tenant = await createTenant(ctx.storage);
      const doomed = await ctx.storage.organizations.create(tenant.id, newOrganization({ name: "Doomed" }));
      const kept = await ctx.storage.organizations.create(tenant.id, newOrganization({ name: "Kept" }));
      const member = await ctx.storage.users.create(tenant.id, newUser({ organization_id: doomed.id }));
      const other = await ctx.storage.users.create(tenant.id, newUser({ organization_id: kept.id }));
      const ticket = await ctx.storage.tickets.create(tenant.id, newTicket(member.id, { organization_id: doomed.id }), newComment(member.id));
      const keptTicket = await ctx.storage.tickets.create(tenant.id, newTicket(other.id, { organization_id: kept.id }), newComment(other.id));

      expect(await ctx.storage.organizations.delete(tenant.id, doomed.id)).toBe(true);
      expect(await ctx.storage.organizations.get(tenant.id, doomed.id)).toBeNull();
      expect(await ctx.storage.users.get(tenant.id, member.id)).toEqual({ ...member, organization_id: null });
      expect(await ctx.storage.users.get(tenant.id, other.id)).toEqual(other);
      expect(await ctx.storage.tickets.get(tenant.id, ticket.id)).toEqual({ ...ticket, organization_id: null });
      expect(await ctx.storage.tickets.get(tenant.id, keptTicket.id)).toEqual(keptTicket);
    });

    it("organizations.delete - false when no such organization", async () => {
      const tenant = await createTenant(ctx.storage);
      expect(await ctx.storage.organizations.delete(tenant.id, 999_999)).toBe(false);
    });

    describe("organizations.list", () => {
      /** Four organizations created at 1..4 s and updated in reverse (8..5 s). */
      async function seed() {
        const tenant = await createTenant(ctx.storage);
        const orgs = [];
        for (const [i, name] of ["A", "B", "C", "D"].entries()) {
          orgs.push(await ctx.storage.organizations.create(tenant.id, newOrganization({ name, created_at: at(i + 1), updated_at: at(8 - i) })));
        }
        return { tenantId: tenant.id, ids: idsOf(orgs) };
      }
      const names = async (tenantId: number, filter: TimeRange) =>
        (await ctx.storage.organizations.list(tenantId, filter, [], ALL)).items.map((o) => o.name);

      it("organizations.list - all by id with the count", async () => {
        const { tenantId, ids } = await seed();
        const page = await ctx.storage.organizations.list(tenantId, {}, [], ALL);
        expect({ ids: idsOf(page.items), count: page.count }).toEqual({ ids, count: 4 });
      });

      it("organizations.list - filters by created and updated ranges, bounds inclusive", async () => {
        const { tenantId } = await seed();
        expect(await names(tenantId, { createdFrom: at(2), createdTo: at(3) })).toEqual(["B", "C"]);
        expect(await names(tenantId, { createdTo: at(1) })).toEqual(["A"]);
        expect(await names(tenantId, { updatedFrom: at(7) })).toEqual(["A", "B"]);
        expect(await names(tenantId, { updatedFrom: at(5), updatedTo: at(5) })).toEqual(["D"]);
        expect(await names(tenantId, { createdFrom: at(9) })).toEqual([]);
      });

      it("organizations.list - sorts by created_at, updated_at and id either way", async () => {
        const { tenantId, ids } = await seed();
        const list = async (by: "id" | "created_at" | "updated_at", dir: "asc" | "desc") =>
          idsOf((await ctx.storage.organizations.list(tenantId, {}, [{ by, dir }], ALL)).items);
        expect(await list("created_at", "asc")).toEqual(ids);
        expect(await list("created_at", "desc")).toEqual([...ids].reverse());
        expect(await list("updated_at", "asc")).toEqual([...ids].reverse());
        expect(await list("updated_at", "desc")).toEqual(ids);
        expect(await list("id", "desc")).toEqual([...ids].reverse());
      });

      it("organizations.list - breaks ties by id ascending", async () => {
        const tenant = await createTenant(ctx.storage);
        const same = [];
        for (const name of ["A", "B", "C"]) same.push(await ctx.storage.organizations.create(tenant.id, newOrganization({ name, updated_at: at(3) })));
        const newer = await ctx.storage.organizations.create(tenant.id, newOrganization({ name: "N", updated_at: at(4) }));
        const page = await ctx.storage.organizations.list(tenant.id, {}, [{ by: "updated_at", dir: "desc" }], ALL);
        expect(idsOf(page.items)).toEqual([newer.id, ...idsOf(same)]);
      });

      it("organizations.list - pages: limit 1, offsets, and past the end", async () => {
        const { tenantId, ids } = await seed();
        expect(idsOf((await ctx.storage.organizations.list(tenantId, {}, [], { limit: 1, offset: 0 })).items)).toEqual([ids[0]]);
        expect(await ctx.storage.organizations.list(tenantId, {}, [], { limit: 3, offset: 2 })).toMatchObject({ count: 4, items: [{ id: ids[2] }, { id: ids[3] }] });
        expect(await ctx.storage.organizations.list(tenantId, {}, [], { limit: 3, offset: 4 })).toEqual({ items: [], count: 4 });
        expect(await ctx.storage.organizations.list(tenantId, { createdFrom: at(3) }, [], { limit: 1, offset: 9 })).toEqual({ items: [], count: 2 });
      });
    });
  });
}
