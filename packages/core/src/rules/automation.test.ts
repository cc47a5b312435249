import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Ticket } from "../domain/ticket";
import { evaluateAutomation } from "./automation";
import { automationCandidateFilter, type AutomationCandidateFilter } from "./candidate-filter";
import { compileRule } from "./compile-rules";
import { HOURS_SOURCES } from "./condition-table";
import { baseTicket, cond, H, NOW, rule, ruleArb, ticketArb, timestampArb } from "./test-arbitraries";

const closeAfter96 = rule(1, {
  title: "Close ticket 4 days after status is set to solved",
  all: [cond("status", "is", "3"), cond("resolved", "greater_than", "96")],
  actions: [{ source: "status", value: "4" }],
});

function passes(filter: AutomationCandidateFilter, ticket: Ticket): boolean {
  if (filter.excludeStatuses.includes(ticket.status as "closed")) return false;
  if (filter.statuses !== undefined && !filter.statuses.includes(ticket.status)) return false;
  return filter.timeBounds.every((b) => {
    const at = ticket[b.field];
    return at !== null && (b.from === undefined || at >= b.from) && (b.to === undefined || at <= b.to);
  });
}

describe("evaluateAutomation", () => {
  it("automation - Zendesk's 96-hour close fires once, on the first hourly run past 96 whole hours", () => {
    const compiled = compileRule("automation", closeAfter96);
    const solvedAt = Date.UTC(2024, 7, 20, 9, 15);
    let ticket = baseTicket({ status: "solved", assignee_id: 3, resolved_at: solvedAt, updated_at: solvedAt });
    const firedAt: number[] = [];
    for (let run = 0; run < 120; run++) {
      const now = Date.UTC(2024, 7, 20, 10, 3) + run * H;
      const result = evaluateAutomation(compiled, ticket, { now });
      if (!result.matched) continue;
      firedAt.push(Math.floor((now - solvedAt) / H));
      ticket = { ...result.ticket, updated_at: now };
    }
    expect(firedAt).toEqual([97]);
    expect(ticket.status).toBe("closed");
  });

  it("automation - hours count whole hours: solved 9:15, the 10:11 run four days later is at 96", () => {
    const exactly96 = compileRule("automation", rule(2, { all: [cond("status", "is", "3"), cond("resolved", "is", "96")], actions: [{ source: "status", value: "4" }] }));
    const ticket = baseTicket({ status: "solved", resolved_at: Date.UTC(2024, 7, 20, 9, 15) });
    expect(evaluateAutomation(exactly96, ticket, { now: Date.UTC(2024, 7, 24, 10, 11) }).matched).toBe(true);
    expect(evaluateAutomation(exactly96, ticket, { now: Date.UTC(2024, 7, 24, 9, 11) }).matched).toBe(false);
  });

  it("automation - never matches a closed ticket", () => {
    const any = compileRule("automation", rule(3, { all: [cond("status", "is_not", "1")], actions: [{ source: "status", value: "1" }] }));
    const closed = baseTicket({ status: "closed" });
    expect(evaluateAutomation(any, closed, { now: NOW })).toEqual({ matched: false, ticket: closed, effects: [] });
  });

  it("automation - with a nullifying condition, fires at most once per ticket when its result is fed back", () => {
    fc.assert(
      fc.property(ruleArb("automation", 1), ticketArb, (r, start) => {
        const compiled = compileRule("automation", { ...r, status: true });
        let ticket = start;
        let fires = 0;
        for (let run = 0; run < 6; run++) {
          const now = NOW + run * H;
          const result = evaluateAutomation(compiled, ticket, { now });
          if (!result.matched) continue;
          fires++;
          ticket = { ...result.ticket, updated_at: now };
        }
        expect(fires).toBeLessThanOrEqual(1);
      }),
      { numRuns: 200 },
    );
  });
});

describe("automationCandidateFilter", () => {
  it("candidate filter - turns status and hours-since conditions into statuses and inclusive time bounds", () => {
    expect(automationCandidateFilter(closeAfter96, NOW)).toEqual({ statuses: ["solved"], excludeStatuses: ["closed"], timeBounds: [{ field: "resolved_at", to: NOW - 97 * H }] });
    const r = rule(4, {
      all: [cond("status", "less_than", "3"), cond("updated", "less_than", "5"), cond("created", "is", "2"), cond("pending", "greater_than", "1"), cond("before_due_date", "greater_than", "0")],
      actions: [{ source: "status", value: "3" }],
    });
    expect(automationCandidateFilter(r, NOW)).toEqual({
      statuses: ["pending"],
      excludeStatuses: ["closed"],
      timeBounds: [
        { field: "updated_at", from: NOW - 5 * H + 1 },
        { field: "created_at", from: NOW - 3 * H + 1, to: NOW - 2 * H },
        { field: "pending_at", to: NOW - 2 * H },
        { field: "due_date", from: NOW + H },
      ],
    });
    expect(automationCandidateFilter(rule(5, { all: [cond("status", "is", "4")], actions: [{ source: "status", value: "3" }] }), NOW).statuses).toEqual([]);
  });

  it("candidate filter - a single hours-since condition holds exactly on the tickets inside its bound", () => {
    const arb = fc.record({
      source: fc.constantFrom(...HOURS_SOURCES),
      operator: fc.constantFrom("is", "less_than", "greater_than"),
      n: fc.integer({ min: 0, max: 200 }),
      at: timestampArb,
      now: timestampArb,
    });
    fc.assert(
      fc.property(arb, ({ source, operator, n, at, now }) => {
        const r = rule(6, { all: [cond(source, operator, String(n)), cond("field_9", "is_not", "x")], actions: [{ source: "field_9", value: "x" }] });
        const ticket = baseTicket({ status: "pending", created_at: at, updated_at: at, assigneed_at: at, pending_at: at, resolved_at: at, closed_at: at, requester_updated_at: at, assignee_updated_at: at, due_date: at });
        expect(passes(automationCandidateFilter(r, now), ticket)).toBe(evaluateAutomation(compileRule("automation", r), ticket, { now }).matched);
      }),
      { numRuns: 200 },
    );
  });

  it("candidate filter - is a superset of the tickets an automation matches", () => {
    let matched = 0;
    fc.assert(
      fc.property(ruleArb("automation", 1), ticketArb, timestampArb, (r, ticket, now) => {
        const result = evaluateAutomation(compileRule("automation", { ...r, status: true }), ticket, { now });
        if (!result.matched) return;
        matched++;
        expect(passes(automationCandidateFilter(r, now), ticket)).toBe(true);
      }),
      { numRuns: 200 },
    );
    expect(matched).toBeGreaterThan(0);
  });

  it("candidate filter - is a superset on rules made of hours-since and status conditions", () => {
    const hours = fc.record({ source: fc.constantFrom(...HOURS_SOURCES), operator: fc.constantFrom("is", "less_than", "greater_than"), value: fc.integer({ min: 0, max: 150 }).map(String) });
    const status = fc.record({ source: fc.constant("status"), operator: fc.constantFrom("is", "is_not", "less_than", "greater_than"), value: fc.integer({ min: 0, max: 4 }).map(String) });
    const targeted = fc
      .tuple(fc.array(hours, { minLength: 1, maxLength: 2 }), fc.array(status, { maxLength: 1 }))
      .map(([h, s]) => rule(7, { all: [...h, ...s, cond("field_9", "is_not", "x")], actions: [{ source: "field_9", value: "x" }] }));
    let matched = 0;
    fc.assert(
      fc.property(targeted, ticketArb, fc.constantFrom(NOW, NOW + 1, NOW - 1), (r, ticket, now) => {
        if (!evaluateAutomation(compileRule("automation", r), ticket, { now }).matched) return;
        matched++;
        expect(passes(automationCandidateFilter(r, now), ticket)).toBe(true);
      }),
      { numRuns: 200 },
    );
    expect(matched).toBeGreaterThan(0);
  });
});
