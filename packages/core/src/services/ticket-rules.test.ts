import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TICKET_STATUSES, TICKET_TYPES, type Ticket } from "../domain/ticket";
import { HelpdeskError } from "../errors";
import { lifecycleStamps, ticketInScope } from "./ticket-rules";

type State = Parameters<typeof lifecycleStamps>[1];
const base: State = { status: "open", assignee_id: 7, type: null, problem_id: null, due_date: null, assigneed_at: 1, resolved_at: null, closed_at: null };
const NOW = 1_000_000;

function codeOf(fn: () => unknown): string | null {
  try {
    fn();
    return null;
  } catch (error) {
    return error instanceof HelpdeskError ? error.code : "UNEXPECTED";
  }
}

describe("lifecycleStamps", () => {
  it("lifecycle - no ticket goes back to new", () => {
    for (const status of TICKET_STATUSES.filter((s) => s !== "new")) {
      expect(codeOf(() => lifecycleStamps({ ...base, status }, { ...base, status: "new" }, NOW))).toBe("TICKET_STATUS_BACK_TO_NEW");
    }
    expect(codeOf(() => lifecycleStamps({ ...base, status: "new" }, { ...base, status: "new" }, NOW))).toBeNull();
    expect(codeOf(() => lifecycleStamps(null, { ...base, status: "new" }, NOW))).toBeNull();
  });

  it("lifecycle - solving needs an assignee", () => {
    expect(codeOf(() => lifecycleStamps(base, { ...base, status: "solved", assignee_id: null }, NOW))).toBe("TICKET_SOLVED_WITHOUT_ASSIGNEE");
    expect(codeOf(() => lifecycleStamps(null, { ...base, status: "solved", assignee_id: null }, NOW))).toBe("TICKET_SOLVED_WITHOUT_ASSIGNEE");
    expect(codeOf(() => lifecycleStamps({ ...base, status: "solved" }, { ...base, status: "solved", assignee_id: null }, NOW))).toBe("TICKET_SOLVED_WITHOUT_ASSIGNEE");
    expect(lifecycleStamps(base, { ...base, status: "solved" }, NOW)).toEqual({ resolved_at: NOW });
  });

  it("lifecycle - stamps first assignment, solving and closing", () => {
    expect(lifecycleStamps({ ...base, assignee_id: null, assigneed_at: null }, base, NOW)).toEqual({ assigneed_at: NOW });
    expect(lifecycleStamps(base, { ...base, assignee_id: 8 }, NOW)).toEqual({});
    expect(lifecycleStamps({ ...base, status: "solved", resolved_at: 5 }, { ...base, status: "closed", resolved_at: 5 }, NOW)).toEqual({ closed_at: NOW });
    expect(lifecycleStamps(base, { ...base, status: "closed" }, NOW)).toEqual({ closed_at: NOW, resolved_at: NOW });
  });

  it("lifecycle - problem links only on incidents, due dates only on tasks", () => {
    expect(codeOf(() => lifecycleStamps(null, { ...base, type: "question", problem_id: 3 }, NOW))).toBe("RECORD_INVALID");
    expect(codeOf(() => lifecycleStamps(null, { ...base, type: "incident", problem_id: 3 }, NOW))).toBeNull();
    expect(codeOf(() => lifecycleStamps(null, { ...base, type: null, due_date: 3 }, NOW))).toBe("RECORD_INVALID");
    expect(codeOf(() => lifecycleStamps(null, { ...base, type: "task", due_date: 3 }, NOW))).toBeNull();
  });

  it("lifecycle - any transition either fails with a rule's code or stamps only times it owns", () => {
    const state = fc.record({
      status: fc.constantFrom(...TICKET_STATUSES),
      assignee_id: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
      type: fc.option(fc.constantFrom(...TICKET_TYPES), { nil: null }),
      problem_id: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
      due_date: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
      assigneed_at: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
      resolved_at: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
      closed_at: fc.constant(null),
    });
    fc.assert(
      fc.property(fc.option(state, { nil: null }), state, (before, after) => {
        let stamps: ReturnType<typeof lifecycleStamps>;
        try {
          stamps = lifecycleStamps(before, after, NOW);
        } catch (error) {
          expect(error).toBeInstanceOf(HelpdeskError);
          return;
        }
        expect(after.status === "solved" && after.assignee_id === null && before?.status !== "solved").toBe(false);
        if (stamps.closed_at !== undefined) expect(after.status).toBe("closed");
        if (stamps.assigneed_at !== undefined) expect(after.assignee_id).not.toBeNull();
        for (const value of Object.values(stamps)) expect(value).toBe(NOW);
      }),
    );
  });
});

describe("ticketInScope", () => {
  const ticket = (assignee_id: number | null, group_id: number | null) => ({ assignee_id, group_id }) as Pick<Ticket, "assignee_id" | "group_id">;
  it("scope - restricts agents to their groups or their assignments", () => {
    expect(ticketInScope({ kind: "all" }, ticket(null, null))).toBe(true);
    expect(ticketInScope({ kind: "assigned", userId: 1 }, ticket(1, null))).toBe(true);
    expect(ticketInScope({ kind: "assigned", userId: 1 }, ticket(2, 5))).toBe(false);
    expect(ticketInScope({ kind: "groups", userId: 1, groupIds: [5] }, ticket(2, 5))).toBe(true);
    expect(ticketInScope({ kind: "groups", userId: 1, groupIds: [5] }, ticket(1, 6))).toBe(true);
    expect(ticketInScope({ kind: "groups", userId: 1, groupIds: [5] }, ticket(2, 6))).toBe(false);
    expect(ticketInScope({ kind: "groups", userId: 1, groupIds: [] }, ticket(null, null))).toBe(false);
  });
});
