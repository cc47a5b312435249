import { describe, expect, it } from "vitest";
import type { ConformanceContext } from "./conformance-context";
import { at, createTenants, newComment, newTicket, newUser } from "./fixtures";

export function describeTicketComments(ctx: ConformanceContext): void {
  describe("ticket comments", () => {
    it("tickets.getComment - the comment of that ticket, as listComments gives it", async () => {
      const [tenant] = await createTenants(ctx.storage);
      const user = await ctx.storage.users.create(tenant.id, newUser());
      const ticket = await ctx.storage.tickets.create(tenant.id, newTicket(user.id), newComment(user.id, { created_at: at(1) }));
      const reply = await ctx.storage.tickets.addComment(tenant.id, ticket.id, newComment(user.id, { content: "Private", public: false, created_at: at(2) }));
      const [first] = await ctx.storage.tickets.listComments(tenant.id, ticket.id);
      expect(await ctx.storage.tickets.getComment(tenant.id, ticket.id, reply.id)).toEqual(reply);
      expect(await ctx.storage.tickets.getComment(tenant.id, ticket.id, first!.id)).toEqual(first);
    });

    it("tickets.getComment - null for another ticket's comment, an unknown id, or another tenant", async () => {
      const [a, b] = await createTenants(ctx.storage);
      const user = await ctx.storage.users.create(a.id, newUser());
      const one = await ctx.storage.tickets.create(a.id, newTicket(user.id), newComment(user.id));
      const two = await ctx.storage.tickets.create(a.id, newTicket(user.id), newComment(user.id));
      const comment = await ctx.storage.tickets.addComment(a.id, one.id, newComment(user.id, { content: "On one" }));
      const bUser = await ctx.storage.users.create(b.id, newUser());
      // Tenant B's ticket 1 has the same number as tenant A's.
      await ctx.storage.tickets.create(b.id, newTicket(bUser.id), newComment(bUser.id));
      expect(await ctx.storage.tickets.getComment(a.id, two.id, comment.id)).toBeNull();
      expect(await ctx.storage.tickets.getComment(a.id, one.id, comment.id + 1000)).toBeNull();
      expect(await ctx.storage.tickets.getComment(b.id, one.id, comment.id)).toBeNull();
      expect(await ctx.storage.tickets.getComment(a.id, 99, comment.id)).toBeNull();
    });

    it("tickets.list - a requester's or an organization's tickets, newest first", async () => {
      const [tenant] = await createTenants(ctx.storage);
      const rita = await ctx.storage.users.create(tenant.id, newUser({ email: "rita@example.com" }));
      const otto = await ctx.storage.users.create(tenant.id, newUser({ email: "otto@example.com" }));
      const create = (requesterId: number, seconds: number, organization_id: number | null) =>
        ctx.storage.tickets.create(tenant.id, newTicket(requesterId, { created_at: at(seconds), organization_id }), newComment(requesterId));
      const old = await create(rita.id, 1, 7);
      const newer = await create(rita.id, 3, null);
      const others = await create(otto.id, 2, 7);
      const sameTime = await create(rita.id, 3, 7);
      const newestFirst = [
        { by: "created_at", dir: "desc" },
        { by: "id", dir: "desc" },
      ] as const;
      const ids = async (filter: { requesterId?: number; organizationId?: number }) =>
        (await ctx.storage.tickets.list(tenant.id, { ...filter, scope: { kind: "all" } }, [...newestFirst], { limit: 100, offset: 0 })).items.map((t) => t.id);
      expect(await ids({ requesterId: rita.id })).toEqual([sameTime.id, newer.id, old.id]);
      expect(await ids({ organizationId: 7 })).toEqual([sameTime.id, others.id, old.id]);
      expect(await ids({ requesterId: otto.id, organizationId: 7 })).toEqual([others.id]);
    });
  });
}
