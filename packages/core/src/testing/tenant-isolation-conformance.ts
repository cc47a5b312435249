import { describe, expect, it } from "vitest";
import type { Storage } from "../storage";
import type { ConformanceContext } from "./conformance-context";
import { at, createTenants, newComment, newOrganization, newTicket, newUser } from "./fixtures";

const ALL = { limit: 100, offset: 0 };

/** Tenant A with one of everything; tenant B with a user and its own ticket 1. */
async function seed(storage: Storage) {
  const [a, b] = await createTenants(storage);
  const org = await storage.organizations.create(a.id, newOrganization({ name: "Acme", domain: "acme.test" }));
  const agent = await storage.users.create(
    a.id,
    newUser({ name: "Al", email: "al@acme.test", phone: "+15550001", role: "agent", organization_id: org.id, password_hash: "h" }),
  );
  const requester = await storage.users.create(a.id, newUser({ name: "Rita", email: "rita@acme.test" }));
  const group = await storage.groups.create(a.id, { name: "Support", agent_ids: [agent.id], created_at: at(0), updated_at: at(0) });
  const t1 = await storage.tickets.create(
    a.id,
    newTicket(requester.id, { title: "A one", assignee_id: agent.id, collaborator_ids: [agent.id], group_id: group.id, organization_id: org.id }),
    newComment(requester.id),
  );
  const t2 = await storage.tickets.create(a.id, newTicket(requester.id, { title: "A two", problem_id: 1 }), newComment(agent.id));
  const token = await storage.apiTokens.create(a.id, { token_hash: "hash-a", created_at: at(0) });
  const bUser = await storage.users.create(b.id, newUser({ name: "Bea", email: "bea@beta.test" }));
  const bTicket = await storage.tickets.create(b.id, newTicket(bUser.id, { title: "B one" }), newComment(bUser.id));
  return { a: a.id, b: b.id, org, agent, requester, group, t1, t2, token, bUser, bTicket };
}

export function describeTenantIsolation(ctx: ConformanceContext): void {
  describe("tenant isolation", () => {
    it("users - nothing of tenant A is read, changed or deleted through tenant B", async () => {
      const s = await seed(ctx.storage);
      const users = ctx.storage.users;
      expect(await users.get(s.b, s.agent.id)).toBeNull();
      expect(await users.getMany(s.b, [s.agent.id, s.requester.id, s.bUser.id])).toEqual([s.bUser]);
      expect(await users.findByEmail(s.b, "al@acme.test")).toBeNull();
      expect(await users.findByPhone(s.b, "+15550001")).toBeNull();
      expect(await users.getCredentials(s.b, { id: s.agent.id })).toBeNull();
      expect(await users.getCredentials(s.b, { email: "al@acme.test" })).toBeNull();
      expect(await users.list(s.b, {}, [], ALL)).toEqual({ items: [s.bUser], count: 1 });
      expect((await users.list(s.b, { text: "acme", roles: ["agent"], organizationId: s.org.id }, [], ALL)).count).toBe(0);
      expect(await users.update(s.b, s.agent.id, { name: "Hijacked", updated_at: at(9) })).toBeNull();
      expect(await users.delete(s.b, s.agent.id)).toBe(false);
      expect(await users.get(s.a, s.agent.id)).toEqual(s.agent);
      expect((await ctx.storage.groups.get(s.a, s.group.id))?.agent_ids).toEqual([s.agent.id]);
    });

    it("groups - nothing of tenant A is read, changed or deleted through tenant B", async () => {
      const s = await seed(ctx.storage);
      const groups = ctx.storage.groups;
      expect(await groups.get(s.b, s.group.id)).toBeNull();
      expect(await groups.list(s.b, ALL)).toEqual({ items: [], count: 0 });
      expect(await groups.listForUser(s.b, s.agent.id)).toEqual([]);
      expect(await groups.update(s.b, s.group.id, { name: "Hijacked", agent_ids: [], updated_at: at(9) })).toBeNull();
      expect(await groups.delete(s.b, s.group.id)).toBe(false);
      expect(await groups.get(s.a, s.group.id)).toEqual(s.group);
      expect((await ctx.storage.tickets.get(s.a, s.t1.id))?.group_id).toBe(s.group.id);
      expect((await groups.create(s.b, { name: "Support", agent_ids: [], created_at: at(1), updated_at: at(1) })).name).toBe("Support");
    });

    it("organizations - nothing of tenant A is read, changed or deleted through tenant B", async () => {
      const s = await seed(ctx.storage);
      const orgs = ctx.storage.organizations;
      expect(await orgs.get(s.b, s.org.id)).toBeNull();
      expect(await orgs.findByDomain(s.b, "acme.test")).toBeNull();
      expect(await orgs.list(s.b, {}, [], ALL)).toEqual({ items: [], count: 0 });
      expect(await orgs.update(s.b, s.org.id, { name: "Hijacked", updated_at: at(9) })).toBeNull();
      expect(await orgs.delete(s.b, s.org.id)).toBe(false);
      expect(await orgs.get(s.a, s.org.id)).toEqual(s.org);
      expect((await ctx.storage.users.get(s.a, s.agent.id))?.organization_id).toBe(s.org.id);
      expect((await ctx.storage.tickets.get(s.a, s.t1.id))?.organization_id).toBe(s.org.id);
    });

    it("tickets - reads through tenant B see only tenant B's tickets", async () => {
      const s = await seed(ctx.storage);
      const tickets = ctx.storage.tickets;
      expect(s.bTicket.id).toBe(1);
      expect(await tickets.get(s.b, 1)).toEqual(s.bTicket);
      expect(await tickets.get(s.b, s.t2.id)).toBeNull();
      expect(await tickets.listComments(s.b, s.t2.id)).toEqual([]);
      expect((await tickets.listComments(s.b, 1)).map((c) => c.author_id)).toEqual([s.bUser.id]);
      expect(await tickets.list(s.b, { scope: { kind: "all" } }, [], ALL)).toEqual({ items: [s.bTicket], count: 1 });
      expect((await tickets.list(s.b, { scope: { kind: "all" }, text: "A one" }, [], ALL)).count).toBe(0);
      expect((await tickets.list(s.b, { scope: { kind: "assigned", userId: s.agent.id } }, [], ALL)).count).toBe(0);
      expect((await tickets.list(s.b, { scope: { kind: "all" }, ids: [1, 2] }, [], ALL)).count).toBe(1);
      expect(await tickets.countRequestedBy(s.b, s.requester.id)).toBe(0);
    });

    it("tickets - writes through tenant B never touch tenant A's tickets", async () => {
      const s = await seed(ctx.storage);
      const tickets = ctx.storage.tickets;
      expect(await tickets.update(s.b, s.t2.id, { title: "Hijacked", updated_at: at(9) })).toBeNull();
      expect((await tickets.update(s.b, 1, { title: "B renamed", updated_at: at(9) }))?.title).toBe("B renamed");
      await tickets.addComment(s.b, s.t2.id, newComment(s.bUser.id, { content: "Sneaky" })).catch(() => undefined);
      expect(await tickets.delete(s.b, [s.t2.id])).toBe(0);
      await tickets.reassignUser(s.b, s.requester.id, s.bUser.id, null, at(9));
      await tickets.releaseUser(s.b, s.agent.id, at(9));
      expect(await tickets.get(s.a, s.t1.id)).toEqual(s.t1);
      expect(await tickets.get(s.a, s.t2.id)).toEqual(s.t2);
      expect((await tickets.listComments(s.a, s.t2.id)).map((c) => c.content)).toEqual(["First words"]);
      expect(await tickets.delete(s.b, [1])).toBe(1);
      expect(await tickets.get(s.a, 1)).toEqual(s.t1);
      expect((await tickets.get(s.a, s.t2.id))?.problem_id).toBe(1);
      expect((await tickets.create(s.b, newTicket(s.bUser.id), newComment(s.bUser.id))).id).toBe(2);
      expect((await tickets.create(s.a, newTicket(s.requester.id), newComment(s.requester.id))).id).toBe(3);
    });

    it("apiTokens - nothing of tenant A is read or deleted through tenant B", async () => {
      const s = await seed(ctx.storage);
      expect(await ctx.storage.apiTokens.findByHash(s.b, "hash-a")).toBeNull();
      expect(await ctx.storage.apiTokens.list(s.b)).toEqual([]);
      expect(await ctx.storage.apiTokens.delete(s.b, s.token.id)).toBe(false);
      expect(await ctx.storage.apiTokens.list(s.a)).toEqual([s.token]);
    });
  });
}
