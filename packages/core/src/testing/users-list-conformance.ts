import { describe, expect, it } from "vitest";
import type { User } from "../domain/user";
import type { NewUser, Storage, UserFilter } from "../storage";
import type { ConformanceContext } from "./conformance-context";
import { at, createTenant, idsOf, newOrganization, newUser } from "./fixtures";

const ALL = { limit: 100, offset: 0 };

/** Five users with distinct roles, organizations, texts and times (created at 1..5 s, updated in reverse). */
async function seed(storage: Storage): Promise<{ tenantId: number; users: User[] }> {
  const tenant = await createTenant(storage);
  const org = await storage.organizations.create(tenant.id, newOrganization({ name: "Acme" }));
  const rows: Array<Partial<NewUser>> = [
    { name: "Ann Admin", email: "ann@acme.test", role: "admin", organization_id: org.id },
    { name: "Bob Agent", email: "bob@acme.test", role: "agent", organization_id: org.id, phone: "+15550100" },
    { name: "Cid 100% Real", email: "cid@example.org", role: "end_user" },
    { name: "Dee_Underscore", email: null, role: "end_user", phone: "+15550199" },
    { name: "Eve", email: "eve@example.org", role: "agent" },
  ];
  const users: User[] = [];
  for (const [i, row] of rows.entries()) {
    users.push(await storage.users.create(tenant.id, newUser({ ...row, created_at: at(i + 1), updated_at: at(10 - i) })));
  }
  return { tenantId: tenant.id, users };
}

export function describeUserLists(ctx: ConformanceContext): void {
  describe("users.list", () => {
    const names = async (tenantId: number, filter: UserFilter) =>
      (await ctx.storage.users.list(tenantId, filter, [], ALL)).items.map((u) => u.name);

    it("users.list - all users by id with their count when nothing filters", async () => {
      const { tenantId, users } = await seed(ctx.storage);
      const page = await ctx.storage.users.list(tenantId, {}, [], ALL);
      expect(page).toEqual({ items: users, count: 5 });
    });

    it("users.list - filters by role", async () => {
      const { tenantId } = await seed(ctx.storage);
      expect(await names(tenantId, { roles: ["agent"] })).toEqual(["Bob Agent", "Eve"]);
      expect(await names(tenantId, { roles: ["admin", "end_user"] })).toEqual(["Ann Admin", "Cid 100% Real", "Dee_Underscore"]);
    });

    it("users.list - filters by organization", async () => {
      const { tenantId, users } = await seed(ctx.storage);
      expect(await names(tenantId, { organizationId: users[0]!.organization_id! })).toEqual(["Ann Admin", "Bob Agent"]);
      expect(await names(tenantId, { organizationId: 999_999 })).toEqual([]);
    });

    it("users.list - filters by text in name, e-mail or phone, ignoring case", async () => {
      const { tenantId } = await seed(ctx.storage);
      expect(await names(tenantId, { text: "AGENT" })).toEqual(["Bob Agent"]);
      expect(await names(tenantId, { text: "example.ORG" })).toEqual(["Cid 100% Real", "Eve"]);
      expect(await names(tenantId, { text: "5550199" })).toEqual(["Dee_Underscore"]);
      expect(await names(tenantId, { text: "nobody" })).toEqual([]);
    });

    it("users.list - text matches % and _ literally", async () => {
      const { tenantId } = await seed(ctx.storage);
      expect(await names(tenantId, { text: "100%" })).toEqual(["Cid 100% Real"]);
      expect(await names(tenantId, { text: "%" })).toEqual(["Cid 100% Real"]);
      expect(await names(tenantId, { text: "e_u" })).toEqual(["Dee_Underscore"]);
      expect(await names(tenantId, { text: "b_a" })).toEqual([]);
    });

    it("users.list - filters by created and updated ranges, bounds inclusive", async () => {
      const { tenantId } = await seed(ctx.storage);
      expect(await names(tenantId, { createdFrom: at(2), createdTo: at(4) })).toEqual(["Bob Agent", "Cid 100% Real", "Dee_Underscore"]);
      expect(await names(tenantId, { createdFrom: at(5) })).toEqual(["Eve"]);
      expect(await names(tenantId, { updatedFrom: at(9), updatedTo: at(10) })).toEqual(["Ann Admin", "Bob Agent"]);
      expect(await names(tenantId, { updatedTo: at(6) })).toEqual(["Eve"]);
      expect(await names(tenantId, { createdFrom: at(2), updatedFrom: at(8) })).toEqual(["Bob Agent", "Cid 100% Real"]);
    });

    it("users.list - combines filters", async () => {
      const { tenantId } = await seed(ctx.storage);
      expect(await names(tenantId, { roles: ["agent"], text: "eve" })).toEqual(["Eve"]);
    });

    it("users.list - sorts by created_at, updated_at and id either way", async () => {
      const { tenantId, users } = await seed(ctx.storage);
      const byId = idsOf(users);
      const list = async (by: "id" | "created_at" | "updated_at", dir: "asc" | "desc") =>
        idsOf((await ctx.storage.users.list(tenantId, {}, [{ by, dir }], ALL)).items);
      expect(await list("created_at", "asc")).toEqual(byId);
      expect(await list("created_at", "desc")).toEqual([...byId].reverse());
      expect(await list("updated_at", "asc")).toEqual([...byId].reverse());
      expect(await list("updated_at", "desc")).toEqual(byId);
      expect(await list("id", "desc")).toEqual([...byId].reverse());
    });

    it("users.list - breaks ties by id ascending", async () => {
      const tenant = await createTenant(ctx.storage);
      const made = [];
      for (const name of ["A", "B", "C"]) made.push(await ctx.storage.users.create(tenant.id, newUser({ name, created_at: at(1) })));
      const late = await ctx.storage.users.create(tenant.id, newUser({ name: "Late", created_at: at(2) }));
      const page = await ctx.storage.users.list(tenant.id, {}, [{ by: "created_at", dir: "desc" }], ALL);
      expect(idsOf(page.items)).toEqual([late.id, ...idsOf(made)]);
    });

    it("users.list - pages: limit, offset, and a count of every match", async () => {
      const { tenantId, users } = await seed(ctx.storage);
      expect(await ctx.storage.users.list(tenantId, {}, [], { limit: 1, offset: 0 })).toEqual({ items: [users[0]], count: 5 });
      expect(await ctx.storage.users.list(tenantId, {}, [], { limit: 2, offset: 3 })).toEqual({ items: [users[3], users[4]], count: 5 });
      expect(await ctx.storage.users.list(tenantId, {}, [], { limit: 2, offset: 4 })).toEqual({ items: [users[4]], count: 5 });
      expect(await ctx.storage.users.list(tenantId, { roles: ["agent"] }, [], { limit: 1, offset: 1 })).toEqual({ items: [users[4]], count: 2 });
    });

    it("users.list - an offset past the end gives no items but the full count", async () => {
      const { tenantId } = await seed(ctx.storage);
      expect(await ctx.storage.users.list(tenantId, {}, [], { limit: 10, offset: 5 })).toEqual({ items: [], count: 5 });
      expect(await ctx.storage.users.list(tenantId, {}, [], { limit: 10, offset: 500 })).toEqual({ items: [], count: 5 });
    });

    it("users.list - an empty tenant gives no items and a zero count", async () => {
      const tenant = await createTenant(ctx.storage);
      expect(await ctx.storage.users.list(tenant.id, {}, [], ALL)).toEqual({ items: [], count: 0 });
    });
  });
}
