import { describe, expect, it } from "vitest";
import type { Storage } from "../storage";
import type { ConformanceContext } from "./conformance-context";
import { at, createTenant, createTenants, idsOf, newComment, newTicket, newUser, sorted } from "./fixtures";

async function people(storage: Storage, tenantId: number) {
  const requester = await storage.users.create(tenantId, newUser({ name: "Rita Requester", email: "rita@example.com" }));
  const agent = await storage.users.create(tenantId, newUser({ name: "Al Agent", email: "al@example.com", role: "agent" }));
  const other = await storage.users.create(tenantId, newUser({ name: "Otto Other", email: "otto@example.com" }));
  return { requester, agent, other };
}

export function describeTickets(ctx: ConformanceContext): void {
  describe("tickets", () => {
    it("tickets.create - returns every field as given, with the first comment stored", async () => {
      const tenant = await createTenant(ctx.storage);
      const { requester, agent, other } = await people(ctx.storage, tenant.id);
      const data = newTicket(requester.id, {
        title: "Broken",
        description: "Really broken",
        type: "task",
        status: "pending",
        priority: "urgent",
        recipient: "help@example.com",
        assignee_id: agent.id,
        organization_id: 41,
        group_id: 42,
        problem_id: null,
        due_date: at(100),
        created_at: at(1),
        updated_at: at(2),
        assigneed_at: at(3),
        resolved_at: at(4),
        closed_at: at(5),
        pending_at: at(6),
        requester_updated_at: at(7),
        assignee_updated_at: at(8),
        source: "email",
        collaborator_ids: [other.id, agent.id],
        tags: ["one", "two"],
        custom_fields: [
          { name: "field_1", value: "a" },
          { name: "field_2", value: ["x", "y"] },
          { name: "field_3", value: 2.5 },
          { name: "field_4", value: false },
          { name: "field_5", value: null },
        ],
        satisfaction_rating: { id: 9, score: "good", comment: "Thanks" },
      });
      const ticket = await ctx.storage.tickets.create(tenant.id, data, newComment(agent.id, { content: "Really broken", public: false, created_at: at(1) }));
      expect({ ...ticket, collaborator_ids: sorted(ticket.collaborator_ids) }).toEqual({ ...data, id: 1, collaborator_ids: sorted(data.collaborator_ids) });
      expect(await ctx.storage.tickets.get(tenant.id, ticket.id)).toEqual(ticket);
      expect(await ctx.storage.tickets.listComments(tenant.id, ticket.id)).toEqual([
        { id: expect.any(Number), ticket_id: ticket.id, author_id: agent.id, content: "Really broken", public: false, created_at: at(1) },
      ]);
    });

    it("tickets.create - ids count from 1 in each tenant", async () => {
      const [a, b] = await createTenants(ctx.storage);
      const ua = await ctx.storage.users.create(a.id, newUser());
      const ub = await ctx.storage.users.create(b.id, newUser());
      const a1 = await ctx.storage.tickets.create(a.id, newTicket(ua.id), newComment(ua.id));
      const a2 = await ctx.storage.tickets.create(a.id, newTicket(ua.id), newComment(ua.id));
      const b1 = await ctx.storage.tickets.create(b.id, newTicket(ub.id), newComment(ub.id));
      const a3 = await ctx.storage.tickets.create(a.id, newTicket(ua.id), newComment(ua.id));
      expect([a1.id, a2.id, a3.id, b1.id]).toEqual([1, 2, 3, 1]);
    });

    it("tickets.create - ids are never reused after deletes", async () => {
      const tenant = await createTenant(ctx.storage);
      const user = await ctx.storage.users.create(tenant.id, newUser());
      for (let i = 0; i < 3; i++) await ctx.storage.tickets.create(tenant.id, newTicket(user.id), newComment(user.id));
      expect(await ctx.storage.tickets.delete(tenant.id, [2, 3])).toBe(2);
      expect((await ctx.storage.tickets.create(tenant.id, newTicket(user.id), newComment(user.id))).id).toBe(4);
      expect(await ctx.storage.tickets.delete(tenant.id, [1, 4])).toBe(2);
      expect((await ctx.storage.tickets.create(tenant.id, newTicket(user.id), newComment(user.id))).id).toBe(5);
    });

    it("tickets.create - concurrent creates get distinct consecutive ids", async () => {
      const tenant = await createTenant(ctx.storage);
      const user = await ctx.storage.users.create(tenant.id, newUser());
      const made = await Promise.all(
        Array.from({ length: 12 }, (_, i) => ctx.storage.tickets.create(tenant.id, newTicket(user.id, { title: `T${i}` }), newComment(user.id))),
      );
      expect(sorted(idsOf(made))).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
      for (const ticket of made) expect(await ctx.storage.tickets.get(tenant.id, ticket.id)).toEqual(ticket);
    });

    it("tickets.create - concurrent creates in transactions get distinct consecutive ids", async () => {
      const tenant = await createTenant(ctx.storage);
      const user = await ctx.storage.users.create(tenant.id, newUser());
      const made = await Promise.all(
        Array.from({ length: 6 }, () =>
          ctx.storage.transaction(async (tx) => {
            const first = await tx.tickets.create(tenant.id, newTicket(user.id), newComment(user.id));
            const second = await tx.tickets.create(tenant.id, newTicket(user.id), newComment(user.id));
            return [first.id, second.id];
          }),
        ),
      );
      expect(sorted(made.flat())).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
      for (const [first, second] of made) expect(second).toBe(first! + 1);
    });

    it("tickets.get - null for an unknown id", async () => {
      const tenant = await createTenant(ctx.storage);
      expect(await ctx.storage.tickets.get(tenant.id, 1)).toBeNull();
    });

    it("tickets.getForUpdate - concurrent read-modify-write transactions on one ticket lose no update", async () => {
      const tenant = await createTenant(ctx.storage);
      const { requester } = await people(ctx.storage, tenant.id);
      const ticket = await ctx.storage.tickets.create(tenant.id, newTicket(requester.id, { tags: [] }), newComment(requester.id));
      expect(await ctx.storage.tickets.getForUpdate(tenant.id, 999)).toBeNull();
      // Each transaction appends one tag to what it read; a lost update would drop tags.
      await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          ctx.storage.transaction(async (tx) => {
            const current = await tx.tickets.getForUpdate(tenant.id, ticket.id);
            await new Promise((resolve) => setImmediate(resolve));
            await tx.tickets.update(tenant.id, ticket.id, { tags: [...current!.tags, `t${i}`], updated_at: at(i) });
          }),
        ),
      );
      expect((await ctx.storage.tickets.get(tenant.id, ticket.id))!.tags).toHaveLength(8);
    });

    it("tickets.update - applies the patch and leaves other fields alone", async () => {
      const tenant = await createTenant(ctx.storage);
      const { requester, agent, other } = await people(ctx.storage, tenant.id);
      const ticket = await ctx.storage.tickets.create(tenant.id, newTicket(requester.id, { collaborator_ids: [other.id], tags: ["a"] }), newComment(requester.id));
      const patch = {
        status: "solved" as const,
        assignee_id: agent.id,
        assigneed_at: at(10),
        resolved_at: at(11),
        pending_at: at(9),
        requester_updated_at: at(8),
        assignee_updated_at: at(7),
        tags: ["b"],
        custom_fields: [{ name: "field_7", value: "seven" }],
        updated_at: at(12),
      };
      const updated = await ctx.storage.tickets.update(tenant.id, ticket.id, patch);
      expect(updated).toEqual({ ...ticket, ...patch });
      expect(await ctx.storage.tickets.get(tenant.id, ticket.id)).toEqual(updated);
      const cleared = await ctx.storage.tickets.update(tenant.id, ticket.id, { assignee_id: null, type: null, pending_at: null, updated_at: at(13) });
      expect(cleared).toEqual({ ...updated, assignee_id: null, pending_at: null, updated_at: at(13) });
    });

    it("tickets.update - collaborator_ids replaces the set", async () => {
      const tenant = await createTenant(ctx.storage);
      const { requester, agent, other } = await people(ctx.storage, tenant.id);
      const ticket = await ctx.storage.tickets.create(tenant.id, newTicket(requester.id, { collaborator_ids: [other.id] }), newComment(requester.id));
      const updated = await ctx.storage.tickets.update(tenant.id, ticket.id, { collaborator_ids: [agent.id, requester.id], updated_at: at(1) });
      expect(sorted(updated!.collaborator_ids)).toEqual(sorted([agent.id, requester.id]));
      expect((await ctx.storage.tickets.update(tenant.id, ticket.id, { collaborator_ids: [], updated_at: at(2) }))?.collaborator_ids).toEqual([]);
    });

    it("tickets.update - null for an unknown ticket", async () => {
      const tenant = await createTenant(ctx.storage);
      expect(await ctx.storage.tickets.update(tenant.id, 7, { title: "X", updated_at: at(1) })).toBeNull();
    });

    it("tickets.addComment - appends; listComments gives them oldest first", async () => {
      const tenant = await createTenant(ctx.storage);
      const { requester, agent } = await people(ctx.storage, tenant.id);
      const ticket = await ctx.storage.tickets.create(tenant.id, newTicket(requester.id), newComment(requester.id, { created_at: at(1) }));
      const later = await ctx.storage.tickets.addComment(tenant.id, ticket.id, newComment(agent.id, { content: "Later", public: false, created_at: at(5) }));
      expect(later).toEqual({ id: expect.any(Number), ticket_id: ticket.id, author_id: agent.id, content: "Later", public: false, created_at: at(5) });
      const between = await ctx.storage.tickets.addComment(tenant.id, ticket.id, newComment(requester.id, { content: "Between", created_at: at(3) }));
      const comments = await ctx.storage.tickets.listComments(tenant.id, ticket.id);
      expect(comments.map((c) => c.content)).toEqual(["First words", "Between", "Later"]);
      expect(comments.slice(1)).toEqual([between, later]);
      expect(await ctx.storage.tickets.listComments(tenant.id, 99)).toEqual([]);
    });

    it("tickets.delete - removes the tickets and their comments; returns how many existed", async () => {
      const tenant = await createTenant(ctx.storage);
      const { requester } = await people(ctx.storage, tenant.id);
      const one = await ctx.storage.tickets.create(tenant.id, newTicket(requester.id), newComment(requester.id));
      const two = await ctx.storage.tickets.create(tenant.id, newTicket(requester.id), newComment(requester.id));
      const kept = await ctx.storage.tickets.create(tenant.id, newTicket(requester.id), newComment(requester.id));
      expect(await ctx.storage.tickets.delete(tenant.id, [one.id, two.id, 99, one.id])).toBe(2);
      expect(await ctx.storage.tickets.get(tenant.id, one.id)).toBeNull();
      expect(await ctx.storage.tickets.listComments(tenant.id, one.id)).toEqual([]);
      expect(await ctx.storage.tickets.get(tenant.id, kept.id)).toEqual(kept);
      expect(await ctx.storage.tickets.listComments(tenant.id, kept.id)).toHaveLength(1);
      expect(await ctx.storage.tickets.delete(tenant.id, [one.id])).toBe(0);
      expect(await ctx.storage.tickets.delete(tenant.id, [])).toBe(0);
    });

    it("tickets.delete - incidents pointing at a deleted problem lose problem_id", async () => {
      const tenant = await createTenant(ctx.storage);
      const { requester } = await people(ctx.storage, tenant.id);
      const create = (overrides: Parameters<typeof newTicket>[1]) =>
        ctx.storage.tickets.create(tenant.id, newTicket(requester.id, overrides), newComment(requester.id));
      const problem = await create({ type: "problem" });
      const otherProblem = await create({ type: "problem" });
      const incident = await create({ type: "incident", problem_id: problem.id });
      const keptIncident = await create({ type: "incident", problem_id: otherProblem.id });
      await ctx.storage.tickets.delete(tenant.id, [problem.id]);
      expect(await ctx.storage.tickets.get(tenant.id, incident.id)).toEqual({ ...incident, problem_id: null });
      expect(await ctx.storage.tickets.get(tenant.id, keptIncident.id)).toEqual(keptIncident);
    });

    it("tickets.countRequestedBy - counts the user's requested tickets", async () => {
      const tenant = await createTenant(ctx.storage);
      const { requester, other } = await people(ctx.storage, tenant.id);
      for (let i = 0; i < 3; i++) await ctx.storage.tickets.create(tenant.id, newTicket(requester.id), newComment(requester.id));
      await ctx.storage.tickets.create(tenant.id, newTicket(other.id), newComment(other.id));
      expect(await ctx.storage.tickets.countRequestedBy(tenant.id, requester.id)).toBe(3);
      expect(await ctx.storage.tickets.countRequestedBy(tenant.id, 999_999)).toBe(0);
    });

    it("tickets.reassignUser - moves requested tickets, authorship and collaborations without duplicates", async () => {
      const tenant = await createTenant(ctx.storage);
      const { requester: from, agent, other: to } = await people(ctx.storage, tenant.id);
      const requested = await ctx.storage.tickets.create(tenant.id, newTicket(from.id, { organization_id: 5 }), newComment(from.id));
      const bothCopied = await ctx.storage.tickets.create(tenant.id, newTicket(agent.id, { collaborator_ids: [from.id, to.id] }), newComment(agent.id));
      const fromCopied = await ctx.storage.tickets.create(tenant.id, newTicket(agent.id, { collaborator_ids: [from.id, agent.id] }), newComment(agent.id));
      const untouched = await ctx.storage.tickets.create(tenant.id, newTicket(agent.id, { collaborator_ids: [agent.id] }), newComment(agent.id));
      await ctx.storage.tickets.addComment(tenant.id, untouched.id, newComment(from.id, { content: "From's remark", created_at: at(1) }));

      await ctx.storage.tickets.reassignUser(tenant.id, from.id, to.id, 77, at(50));

      expect(await ctx.storage.tickets.get(tenant.id, requested.id)).toEqual({ ...requested, requester_id: to.id, organization_id: 77, updated_at: at(50) });
      expect(sorted((await ctx.storage.tickets.get(tenant.id, bothCopied.id))!.collaborator_ids)).toEqual([to.id]);
      expect(sorted((await ctx.storage.tickets.get(tenant.id, fromCopied.id))!.collaborator_ids)).toEqual(sorted([to.id, agent.id]));
      expect((await ctx.storage.tickets.get(tenant.id, untouched.id))?.collaborator_ids).toEqual([agent.id]);
      const authors = (await ctx.storage.tickets.listComments(tenant.id, requested.id)).concat(await ctx.storage.tickets.listComments(tenant.id, untouched.id));
      expect(authors.map((c) => c.author_id)).toEqual([to.id, agent.id, to.id]);
      expect(await ctx.storage.tickets.countRequestedBy(tenant.id, from.id)).toBe(0);
      expect(await ctx.storage.tickets.countRequestedBy(tenant.id, to.id)).toBe(1);
    });

    it("tickets.releaseUser - unassigns the user's tickets and drops them as a collaborator", async () => {
      const tenant = await createTenant(ctx.storage);
      const { requester, agent, other } = await people(ctx.storage, tenant.id);
      const assigned = await ctx.storage.tickets.create(tenant.id, newTicket(requester.id, { assignee_id: agent.id, status: "open" }), newComment(requester.id));
      const copied = await ctx.storage.tickets.create(tenant.id, newTicket(requester.id, { collaborator_ids: [agent.id, other.id] }), newComment(requester.id));
      const untouched = await ctx.storage.tickets.create(tenant.id, newTicket(requester.id, { assignee_id: other.id }), newComment(requester.id));

      await ctx.storage.tickets.releaseUser(tenant.id, agent.id, at(60));

      expect(await ctx.storage.tickets.get(tenant.id, assigned.id)).toMatchObject({ assignee_id: null, status: "open", requester_id: requester.id, updated_at: at(60) });
      expect((await ctx.storage.tickets.get(tenant.id, copied.id))?.collaborator_ids).toEqual([other.id]);
      expect(await ctx.storage.tickets.get(tenant.id, untouched.id)).toEqual(untouched);
      const page = await ctx.storage.tickets.list(tenant.id, { scope: { kind: "all" }, assigneeId: agent.id }, [], { limit: 10, offset: 0 });
      expect(page.count).toBe(0);
    });
  });
}
