import { describe, expect, it } from "vitest";
import { TICKET_TIME_FIELDS, type TicketStatus, type TicketTimeField } from "../domain/ticket";
import type { SortKey, Storage, TicketFilter, TicketScope } from "../storage";
import type { ConformanceContext } from "./conformance-context";
import { at, createTenant, idsOf, newComment, newOrganization, newTicket, newUser } from "./fixtures";

const ALL = { limit: 100, offset: 0 };
const all: TicketScope = { kind: "all" };

/**
 * Five tickets, created at 1..5 s and updated in reverse (19..15 s). Statuses
 * run neither in id nor in alphabetical order: pending, closed, new, solved, open.
 */
async function seed(storage: Storage) {
  const tenant = await createTenant(storage);
  const rita = await storage.users.create(tenant.id, newUser({ name: "Rita Requester", email: "rita@example.com" }));
  const otto = await storage.users.create(tenant.id, newUser({ name: "Otto Other", email: "otto@example.net" }));
  const al = await storage.users.create(tenant.id, newUser({ name: "Al Agent", email: "al@example.org", role: "agent" }));
  const g1 = await storage.groups.create(tenant.id, { name: "One", agent_ids: [al.id], created_at: at(0), updated_at: at(0) });
  const g2 = await storage.groups.create(tenant.id, { name: "Two", agent_ids: [], created_at: at(0), updated_at: at(0) });
  const org = await storage.organizations.create(tenant.id, newOrganization());
  const rows = [
    newTicket(rita.id, { title: "Printer jam", description: "Paper stuck", status: "pending", type: "question", group_id: g1.id, organization_id: org.id,
      custom_fields: [{ name: "field_1", value: "red" }, { name: "field_2", value: 10 }] }),
    newTicket(otto.id, { title: "VPN down", description: "No tunnel", status: "closed", type: "incident", problem_id: 3, assignee_id: al.id, group_id: g2.id,
      custom_fields: [{ name: "field_1", value: "blue" }, { name: "field_3", value: ["x", "y"] }] }),
    newTicket(rita.id, { title: "Outage", description: "Everything", status: "new", type: "problem", assignee_id: al.id,
      custom_fields: [{ name: "field_2", value: 9 }, { name: "field_4", value: true }] }),
    newTicket(otto.id, { title: "100% CPU", description: "Hot", status: "solved", type: "task", group_id: g1.id }),
    newTicket(rita.id, { title: "Closed one", description: "Done", status: "open", type: null, organization_id: org.id,
      custom_fields: [{ name: "field_1", value: "green" }] }),
  ];
  for (const [i, row] of rows.entries()) {
    const comment = newComment(row.requester_id, { content: `Opening ${i + 1}` });
    await storage.tickets.create(tenant.id, { ...row, created_at: at(i + 1), updated_at: at(19 - i) }, comment);
  }
  await storage.tickets.addComment(tenant.id, 4, newComment(al.id, { content: "Customer mentions WIDGET_x", created_at: at(30) }));
  return { tenantId: tenant.id, rita, otto, al, g1, g2, org };
}

const NOT_NULL_TIMES: readonly TicketTimeField[] = ["created_at", "updated_at"];
/** Where field k of TICKET_TIME_FIELDS starts: apart from every other field, so a query on the wrong column finds the wrong tickets. */
const base = (field: TicketTimeField): number => 100 * (TICKET_TIME_FIELDS.indexOf(field) + 1);

/**
 * Four tickets, new, pending, solved and closed: ticket i has every time field
 * at at(base(field) + i), except ticket 4, whose nullable time fields are null.
 */
async function seedTimes(storage: Storage) {
  const tenant = await createTenant(storage);
  const user = await storage.users.create(tenant.id, newUser());
  const statuses: TicketStatus[] = ["new", "pending", "solved", "closed"];
  for (const [index, status] of statuses.entries()) {
    const i = index + 1;
    const times = Object.fromEntries(TICKET_TIME_FIELDS.map((f) => [f, i === 4 && !NOT_NULL_TIMES.includes(f) ? null : at(base(f) + i)]));
    await storage.tickets.create(tenant.id, newTicket(user.id, { ...times, status }), newComment(user.id));
  }
  return tenant.id;
}

export function describeTicketLists(ctx: ConformanceContext): void {
  describe("tickets.list", () => {
    const ids = async (tenantId: number, filter: Partial<TicketFilter>, sort: SortKey[] = []) =>
      idsOf((await ctx.storage.tickets.list(tenantId, { scope: all, ...filter }, sort, ALL)).items);

    it("tickets.list - all tickets by id with the count", async () => {
      const { tenantId } = await seed(ctx.storage);
      const page = await ctx.storage.tickets.list(tenantId, { scope: all }, [], ALL);
      expect(idsOf(page.items)).toEqual([1, 2, 3, 4, 5]);
      expect(page.count).toBe(5);
      expect(page.items[1]).toEqual(await ctx.storage.tickets.get(tenantId, 2));
    });

    it("tickets.list - scope groups: tickets of the groups or assigned to the user", async () => {
      const { tenantId, al, otto, g1, g2 } = await seed(ctx.storage);
      expect(await ids(tenantId, { scope: { kind: "groups", userId: al.id, groupIds: [g1.id] } })).toEqual([1, 2, 3, 4]);
      expect(await ids(tenantId, { scope: { kind: "groups", userId: otto.id, groupIds: [g2.id] } })).toEqual([2]);
      expect(await ids(tenantId, { scope: { kind: "groups", userId: otto.id, groupIds: [] } })).toEqual([]);
    });

    it("tickets.list - scope assigned: tickets assigned to the user", async () => {
      const { tenantId, al, otto } = await seed(ctx.storage);
      expect(await ids(tenantId, { scope: { kind: "assigned", userId: al.id } })).toEqual([2, 3]);
      expect(await ids(tenantId, { scope: { kind: "assigned", userId: otto.id } })).toEqual([]);
    });

    it("tickets.list - filters by ids", async () => {
      const { tenantId } = await seed(ctx.storage);
      expect(await ids(tenantId, { ids: [5, 1, 99] })).toEqual([1, 5]);
      expect(await ids(tenantId, { ids: [] })).toEqual([]);
    });

    it("tickets.list - filters by assignee, requester, organization and problem", async () => {
      const { tenantId, al, rita, org } = await seed(ctx.storage);
      expect(await ids(tenantId, { assigneeId: al.id })).toEqual([2, 3]);
      expect(await ids(tenantId, { requesterId: rita.id })).toEqual([1, 3, 5]);
      expect(await ids(tenantId, { organizationId: org.id })).toEqual([1, 5]);
      expect(await ids(tenantId, { problemId: 3 })).toEqual([2]);
      expect(await ids(tenantId, { problemId: 1 })).toEqual([]);
    });

    it("tickets.list - filters by type", async () => {
      const { tenantId } = await seed(ctx.storage);
      expect(await ids(tenantId, { type: "incident" })).toEqual([2]);
      expect(await ids(tenantId, { type: "task" })).toEqual([4]);
      expect(await ids(tenantId, { type: null })).toEqual([5]);
    });

    it("tickets.list - filters by statuses", async () => {
      const { tenantId } = await seed(ctx.storage);
      expect(await ids(tenantId, { statuses: ["new", "closed"] })).toEqual([2, 3]);
      expect(await ids(tenantId, { statuses: ["open"] })).toEqual([5]);
      expect(await ids(tenantId, { statuses: [] })).toEqual([]);
    });

    it("tickets.list - text matches title, description, comments and the requester's name or e-mail, ignoring case", async () => {
      const { tenantId } = await seed(ctx.storage);
      expect(await ids(tenantId, { text: "PRINTER" })).toEqual([1]);
      expect(await ids(tenantId, { text: "stuck" })).toEqual([1]);
      expect(await ids(tenantId, { text: "opening 3" })).toEqual([3]);
      expect(await ids(tenantId, { text: "widget" })).toEqual([4]);
      expect(await ids(tenantId, { text: "otto" })).toEqual([2, 4]);
      expect(await ids(tenantId, { text: "RITA@example" })).toEqual([1, 3, 5]);
      expect(await ids(tenantId, { text: "Al Agent" })).toEqual([]);
      expect(await ids(tenantId, { text: "nothing like it" })).toEqual([]);
    });

    it("tickets.list - text matches % and _ literally", async () => {
      const { tenantId } = await seed(ctx.storage);
      expect(await ids(tenantId, { text: "100%" })).toEqual([4]);
      expect(await ids(tenantId, { text: "%" })).toEqual([4]);
      expect(await ids(tenantId, { text: "widget_x" })).toEqual([4]);
      expect(await ids(tenantId, { text: "o_t" })).toEqual([]);
    });

    it("tickets.list - fieldValue matches a custom field value exactly, array elements too", async () => {
      const { tenantId } = await seed(ctx.storage);
      expect(await ids(tenantId, { fieldValue: "red" })).toEqual([1]);
      expect(await ids(tenantId, { fieldValue: "re" })).toEqual([]);
      expect(await ids(tenantId, { fieldValue: "RED" })).toEqual([]);
      expect(await ids(tenantId, { fieldValue: "10" })).toEqual([1]);
      expect(await ids(tenantId, { fieldValue: "true" })).toEqual([3]);
      expect(await ids(tenantId, { fieldValue: "y" })).toEqual([2]);
      expect(await ids(tenantId, { fieldValue: "field_1" })).toEqual([]);
    });

    it("tickets.list - filters by created and updated ranges, bounds inclusive", async () => {
      const { tenantId } = await seed(ctx.storage);
      expect(await ids(tenantId, { createdFrom: at(2), createdTo: at(3) })).toEqual([2, 3]);
      expect(await ids(tenantId, { updatedFrom: at(18) })).toEqual([1, 2]);
      expect(await ids(tenantId, { updatedTo: at(15) })).toEqual([5]);
      expect(await ids(tenantId, { createdFrom: at(2), updatedFrom: at(16) })).toEqual([2, 3, 4]);
    });

    it("tickets.list - combines scope and filters", async () => {
      const { tenantId, al, g1, rita } = await seed(ctx.storage);
      const scope: TicketScope = { kind: "groups", userId: al.id, groupIds: [g1.id] };
      expect(await ids(tenantId, { scope, requesterId: rita.id, statuses: ["pending", "new", "open"] })).toEqual([1, 3]);
      expect(await ids(tenantId, { scope, text: "otto" })).toEqual([2, 4]);
    });

    it("tickets.list - sorts by created_at, updated_at and id either way", async () => {
      const { tenantId } = await seed(ctx.storage);
      expect(await ids(tenantId, {}, [{ by: "created_at", dir: "desc" }])).toEqual([5, 4, 3, 2, 1]);
      expect(await ids(tenantId, {}, [{ by: "updated_at", dir: "asc" }])).toEqual([5, 4, 3, 2, 1]);
      expect(await ids(tenantId, {}, [{ by: "updated_at", dir: "desc" }])).toEqual([1, 2, 3, 4, 5]);
      expect(await ids(tenantId, {}, [{ by: "id", dir: "desc" }])).toEqual([5, 4, 3, 2, 1]);
    });

    it("tickets.list - sorts by status in lifecycle order", async () => {
      const { tenantId } = await seed(ctx.storage);
      expect(await ids(tenantId, {}, [{ by: "status", dir: "asc" }])).toEqual([3, 5, 1, 4, 2]);
      expect(await ids(tenantId, {}, [{ by: "status", dir: "desc" }])).toEqual([2, 4, 1, 5, 3]);
    });

    it("tickets.list - sorts by a custom field, tickets without it as null (first when asc)", async () => {
      const { tenantId } = await seed(ctx.storage);
      expect(await ids(tenantId, {}, [{ by: "field", fieldId: 1, dir: "asc" }])).toEqual([3, 4, 2, 5, 1]);
      expect(await ids(tenantId, {}, [{ by: "field", fieldId: 1, dir: "desc" }])).toEqual([1, 5, 2, 3, 4]);
      expect(await ids(tenantId, {}, [{ by: "field", fieldId: 2, dir: "asc" }])).toEqual([2, 4, 5, 3, 1]);
      expect(await ids(tenantId, {}, [{ by: "field", fieldId: 99, dir: "desc" }])).toEqual([1, 2, 3, 4, 5]);
    });

    it("tickets.list - later sort keys break ties of earlier ones, then id ascending", async () => {
      const { tenantId } = await seed(ctx.storage);
      expect(await ids(tenantId, {}, [{ by: "field", fieldId: 1, dir: "asc" }, { by: "created_at", dir: "desc" }])).toEqual([4, 3, 2, 5, 1]);
      const tenant = await createTenant(ctx.storage, "ties.example.com");
      const user = await ctx.storage.users.create(tenant.id, newUser());
      for (let i = 0; i < 3; i++) await ctx.storage.tickets.create(tenant.id, newTicket(user.id, { created_at: at(1) }), newComment(user.id));
      await ctx.storage.tickets.create(tenant.id, newTicket(user.id, { created_at: at(2) }), newComment(user.id));
      expect(await ids(tenant.id, {}, [{ by: "created_at", dir: "desc" }])).toEqual([4, 1, 2, 3]);
    });

    it("tickets.list - excludeStatuses leaves those statuses out; an empty list leaves nothing out", async () => {
      const tenantId = await seedTimes(ctx.storage);
      expect(await ids(tenantId, { excludeStatuses: ["closed"] })).toEqual([1, 2, 3]);
      expect(await ids(tenantId, { excludeStatuses: ["new", "closed", "open"] })).toEqual([2, 3]);
      expect(await ids(tenantId, { excludeStatuses: [] })).toEqual([1, 2, 3, 4]);
      expect(await ids(tenantId, { statuses: ["new", "closed"], excludeStatuses: ["closed"] })).toEqual([1]);
    });

    it("tickets.list - timeBounds: from and to are inclusive, on each time field", async () => {
      const tenantId = await seedTimes(ctx.storage);
      for (const field of TICKET_TIME_FIELDS) {
        const fourth = NOT_NULL_TIMES.includes(field) ? [4] : [];
        const bounded = (bound: { from?: number; to?: number }) => ids(tenantId, { timeBounds: [{ field, ...bound }] });
        expect({ field, ids: await bounded({ from: at(base(field) + 2) }) }).toEqual({ field, ids: [2, 3, ...fourth] });
        expect({ field, ids: await bounded({ to: at(base(field) + 2) }) }).toEqual({ field, ids: [1, 2] });
        expect({ field, ids: await bounded({ from: at(base(field) + 2), to: at(base(field) + 3) }) }).toEqual({ field, ids: [2, 3] });
        expect({ field, ids: await bounded({ from: at(base(field) + 3), to: at(base(field) + 3) }) }).toEqual({ field, ids: [3] });
        expect({ field, ids: await bounded({ from: at(base(field) + 3) + 1, to: at(base(field) + 4) - 1 }) }).toEqual({ field, ids: [] });
      }
    });

    it("tickets.list - timeBounds: a null field never matches a bound, even one without ends", async () => {
      const tenantId = await seedTimes(ctx.storage);
      for (const field of TICKET_TIME_FIELDS) {
        const expected = NOT_NULL_TIMES.includes(field) ? [1, 2, 3, 4] : [1, 2, 3];
        expect({ field, ids: await ids(tenantId, { timeBounds: [{ field }] }) }).toEqual({ field, ids: expected });
        expect({ field, ids: await ids(tenantId, { timeBounds: [{ field, from: 0 }] }) }).toEqual({ field, ids: expected });
        expect({ field, ids: await ids(tenantId, { timeBounds: [{ field, to: at(100_000) }] }) }).toEqual({ field, ids: expected });
      }
    });

    it("tickets.list - timeBounds: every bound applies, together with the other filters, sort and window", async () => {
      const tenantId = await seedTimes(ctx.storage);
      const timeBounds = [
        { field: "pending_at" as const, from: at(base("pending_at") + 1) },
        { field: "resolved_at" as const, to: at(base("resolved_at") + 3) },
        { field: "created_at" as const, from: at(base("created_at") + 2) },
      ];
      expect(await ids(tenantId, { timeBounds })).toEqual([2, 3]);
      expect(await ids(tenantId, { timeBounds, excludeStatuses: ["solved"] })).toEqual([2]);
      expect(await ids(tenantId, { timeBounds: [] })).toEqual([1, 2, 3, 4]);
      const page = await ctx.storage.tickets.list(tenantId, { scope: all, timeBounds }, [{ by: "id", dir: "desc" }], { limit: 1, offset: 0 });
      expect({ ids: idsOf(page.items), count: page.count }).toEqual({ ids: [3], count: 2 });
    });

    it("tickets.list - pages: limit 1, offsets, and a count of every match", async () => {
      const { tenantId, rita } = await seed(ctx.storage);
      const list = (filter: Partial<TicketFilter>, sort: SortKey[], limit: number, offset: number) =>
        ctx.storage.tickets.list(tenantId, { scope: all, ...filter }, sort, { limit, offset }).then((p) => ({ ids: idsOf(p.items), count: p.count }));
      expect(await list({}, [], 1, 0)).toEqual({ ids: [1], count: 5 });
      expect(await list({}, [{ by: "status", dir: "asc" }], 2, 1)).toEqual({ ids: [5, 1], count: 5 });
      expect(await list({ requesterId: rita.id }, [], 2, 2)).toEqual({ ids: [5], count: 3 });
    });

    it("tickets.list - an offset past the end gives no items but the full count", async () => {
      const { tenantId } = await seed(ctx.storage);
      expect(await ctx.storage.tickets.list(tenantId, { scope: all }, [], { limit: 10, offset: 5 })).toEqual({ items: [], count: 5 });
      expect(await ctx.storage.tickets.list(tenantId, { scope: all, statuses: ["new"] }, [], { limit: 1, offset: 1 })).toEqual({ items: [], count: 1 });
    });
  });
}
