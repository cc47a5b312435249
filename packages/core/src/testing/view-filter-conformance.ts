import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Ticket } from "../domain/ticket";
import type { ConditionInput, RuleContext } from "../rules";
import { referenceRuleMatches } from "../rules/reference-evaluator";
import { NOW, ticketArb, viewConditionArb } from "../rules/test-arbitraries";
import { assertValidViewConditions, viewPredicate, type ViewViewer } from "../rules/view-conditions";
import { ticketInScope } from "../services/ticket-rules";
import type { Storage, TicketFilter, TicketScope } from "../storage";
import type { TicketPredicate } from "../ticket-predicate";
import type { ConformanceContext } from "./conformance-context";
import { createTenant, idsOf, newComment, newTicket, newUser } from "./fixtures";

const ALL = { limit: 100, offset: 0 };
const everything: TicketScope = { kind: "all" };

/** The ids `filter` selects, through both the list and the count. */
async function selected(storage: Storage, tenantId: number, filter: TicketFilter): Promise<{ ids: number[]; count: number }> {
  const page = await storage.tickets.list(tenantId, filter, [], ALL);
  expect(page.count).toBe(page.items.length);
  return { ids: idsOf(page.items), count: await storage.tickets.count(tenantId, filter) };
}

/**
 * Tickets as storage holds them once the services wrote them: tags
 * lower-cased without duplicates or blanks, one custom field entry per name.
 */
function stored(ticket: Ticket): Omit<Ticket, "id"> {
  const { id: _id, ...rest } = ticket;
  const tags = [...new Set(ticket.tags.map((t) => t.toLowerCase()).filter((t) => t !== ""))];
  const custom_fields = ticket.custom_fields.filter((f, i, all) => all.findIndex((g) => g.name === f.name) === i);
  return { ...rest, tags, custom_fields };
}

const viewerArb = fc.record({ id: fc.integer({ min: 1, max: 5 }), groupIds: fc.uniqueArray(fc.integer({ min: 1, max: 4 }), { maxLength: 3 }) });
const scopeArb = (viewer: ViewViewer): fc.Arbitrary<TicketScope> =>
  fc.constantFrom<TicketScope>(everything, { kind: "assigned", userId: viewer.id }, { kind: "groups", userId: viewer.id, groupIds: [...viewer.groupIds] });
const conditionsArb = fc.record({ all: fc.array(viewConditionArb("all"), { maxLength: 3 }), any: fc.array(viewConditionArb("any"), { maxLength: 2 }) });

function matches(conditions: { all: ConditionInput[]; any: ConditionInput[] }, ticket: Ticket, viewer: ViewViewer): boolean {
  const ctx: RuleContext = {
    before: null,
    after: ticket,
    event: "updated",
    actor: { id: viewer.id, role: "agent", groupIds: viewer.groupIds },
    now: NOW,
    comment: null,
    requesterLanguage: null,
  };
  return referenceRuleMatches({ conditions }, ctx);
}

export function describeViewFilters(ctx: ConformanceContext): void {
  describe("ticket predicates (views)", () => {
    it("tickets.list / count with a predicate - null-safe tests, negation, empty lists, tags and custom fields", async () => {
      const { storage } = ctx;
      const tenant = await createTenant(storage);
      const user = await storage.users.create(tenant.id, newUser());
      const rows = [
        newTicket(user.id, { status: "open", group_id: 3, tags: ["vip"], custom_fields: [{ name: "field_1", value: ["a", "b"] }] }),
        newTicket(user.id, { status: "pending", group_id: null, priority: "high", custom_fields: [{ name: "field_1", value: "" }] }),
        newTicket(user.id, { status: "solved", group_id: 4, assignee_id: user.id, tags: ["billing", "vip"], custom_fields: [{ name: "field_1", value: 5 }] }),
      ];
      for (const row of rows) await storage.tickets.create(tenant.id, row, newComment(user.id));
      const run = (predicate: TicketPredicate) => selected(storage, tenant.id, { scope: everything, predicate });
      const not = (arg: TicketPredicate): TicketPredicate => ({ kind: "not", arg });

      expect(await run({ kind: "in", field: "group_id", values: [3, null] })).toEqual({ ids: [1, 2], count: 2 });
      expect(await run(not({ kind: "in", field: "group_id", values: [3] }))).toEqual({ ids: [2, 3], count: 2 });
      expect(await run({ kind: "in", field: "status", values: ["pending", "solved"] })).toEqual({ ids: [2, 3], count: 2 });
      expect(await run({ kind: "in", field: "assignee_id", values: [] })).toEqual({ ids: [], count: 0 });
      expect(await run(not({ kind: "in", field: "priority", values: ["high"] }))).toEqual({ ids: [1, 3], count: 2 });
      expect(await run({ kind: "or", args: [] })).toEqual({ ids: [], count: 0 });
      expect(await run({ kind: "and", args: [] })).toEqual({ ids: [1, 2, 3], count: 3 });
      expect(await run(not({ kind: "tags", tags: ["vip", "nope"] }))).toEqual({ ids: [2], count: 1 });
      expect(await run({ kind: "field", name: "field_1", value: "b" })).toEqual({ ids: [1], count: 1 });
      expect(await run({ kind: "field", name: "field_1", value: "5" })).toEqual({ ids: [3], count: 1 });
      expect(await run({ kind: "field", name: "field_1", value: null })).toEqual({ ids: [2], count: 1 });
      expect(await run(not({ kind: "range", field: "resolved_at" }))).toEqual({ ids: [1, 2, 3], count: 3 });
      // The scope still applies around the predicate.
      const assigned = { kind: "assigned" as const, userId: user.id };
      expect(await selected(storage, tenant.id, { scope: assigned, predicate: { kind: "tags", tags: ["vip"] } })).toEqual({ ids: [3], count: 1 });
    });

    it("tickets.list / count with a view's predicate - the same tickets as the rule engine's reference evaluator", async () => {
      const { storage } = ctx;
      let run = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.array(ticketArb, { maxLength: 30 }),
          fc.array(conditionsArb, { minLength: 1, maxLength: 4 }),
          viewerArb.chain((viewer) => scopeArb(viewer).map((scope) => ({ viewer, scope }))),
          async (tickets, views, { viewer, scope }) => {
            const tenant = await createTenant(storage, `run${run++}.example.com`);
            const created: Ticket[] = [];
            for (const ticket of tickets) created.push(await storage.tickets.create(tenant.id, stored(ticket), newComment(ticket.requester_id)));
            for (const conditions of views) {
              const predicate = viewPredicate(assertValidViewConditions(conditions), viewer, NOW);
              const expected = created.filter((t) => ticketInScope(scope, t) && matches(conditions, t, viewer)).map((t) => t.id);
              expect(await selected(storage, tenant.id, { scope, predicate })).toEqual({ ids: expected, count: expected.length });
            }
          },
        ),
        { numRuns: 40 },
      );
    });
  });
}
