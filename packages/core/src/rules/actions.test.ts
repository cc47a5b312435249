import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Ticket } from "../domain/ticket";
import type { ActionEnv } from "./actions";
import { compileRule } from "./compile-rules";
import type { RuleActor } from "./context";
import { actionArb, actorArb, baseTicket, deepFreeze, rule, ticketArb } from "./test-arbitraries";

const agent: RuleActor = { id: 7, role: "agent", groupIds: [5, 2, 9] };
const env = (overrides: Partial<ActionEnv> = {}): ActionEnv => ({ actor: agent, roundRobin: () => null, ...overrides });

function apply(ticket: Ticket, actions: Array<{ source: string; value: string | null; subject?: string | null; body?: string | null }>, e = env()) {
  return compileRule("trigger", rule(42, { actions })).apply(deepFreeze(ticket), e);
}

describe("actions", () => {
  it("actions - set status, type, priority, group and assignee, decoding codes and placeholders", () => {
    const { ticket } = apply(baseTicket(), [
      { source: "status", value: "2" },
      { source: "type_id", value: "1" },
      { source: "priority", value: "3" },
      { source: "group_id", value: "(current_groups)" },
      { source: "assignee_id", value: "(current_user)" },
    ]);
    expect(ticket).toMatchObject({ status: "pending", type: "incident", priority: "urgent", group_id: 2, assignee_id: 7 });
    expect(apply(baseTicket({ priority: "low", type: "task" }), [{ source: "priority", value: "empty" }, { source: "type_id", value: "" }]).ticket).toMatchObject({ priority: null, type: null });
  });

  it("actions - placeholders without an actor to fill them: no groups clears the group, an end user is never assigned", () => {
    const endUser = env({ actor: { id: 3, role: "end_user", groupIds: [] } });
    const { ticket } = apply(baseTicket({ group_id: 4, assignee_id: 8 }), [{ source: "group_id", value: "(current_groups)" }, { source: "assignee_id", value: "(current_user)" }], endUser);
    expect(ticket).toMatchObject({ group_id: null, assignee_id: 8 });
  });

  it("actions - custom fields are set or replaced, keeping checkbox, number and multi-select types", () => {
    const start = baseTicket({ custom_fields: [{ name: "field_1", value: false }, { name: "field_2", value: 3 }, { name: "field_3", value: ["a"] }, { name: "field_4", value: "x" }] });
    const { ticket } = apply(start, [
      { source: "field_1", value: "true" },
      { source: "field_2", value: "5" },
      { source: "field_3", value: "b" },
      { source: "field_4", value: "empty" },
      { source: "field_5", value: "new" },
      { source: "field_6", value: "empty" },
    ]);
    expect(ticket.custom_fields).toEqual([
      { name: "field_1", value: true },
      { name: "field_2", value: 5 },
      { name: "field_3", value: ["b"] },
      { name: "field_4", value: null },
      { name: "field_5", value: "new" },
    ]);
  });

  it("actions - tags are added lower-case without duplicates; ccs are a set", () => {
    const { ticket } = apply(baseTicket({ tags: ["vip"], assignee_id: 4, collaborator_ids: [4] }), [
      { source: "tags", value: "VIP  Billing billing" },
      { source: "ccs", value: "(assignee)" },
      { source: "ccs", value: "9" },
      { source: "ccs", value: "9" },
    ]);
    expect(ticket.tags).toEqual(["vip", "billing"]);
    expect(ticket.collaborator_ids).toEqual([4, 9]);
    expect(apply(baseTicket(), [{ source: "ccs", value: "(assignee)" }]).ticket.collaborator_ids).toEqual([]);
  });

  it("actions - score sets the rating on the ticket, keeping its comment; empty removes it", () => {
    const rated = baseTicket({ id: 12, satisfaction_rating: { id: 12, score: "2", comment: "slow" } });
    expect(apply(rated, [{ source: "score", value: "5" }]).ticket.satisfaction_rating).toEqual({ id: 12, score: "5", comment: "slow" });
    expect(apply(baseTicket({ id: 3 }), [{ source: "score", value: "4" }]).ticket.satisfaction_rating).toEqual({ id: 3, score: "4", comment: "" });
    expect(apply(rated, [{ source: "score", value: "empty" }]).ticket.satisfaction_rating).toBeNull();
  });

  it("actions - inturn_assign asks the caller for the group's next agent, and leaves the ticket alone when there is none", () => {
    const asked: number[] = [];
    const roundRobin = (group: number) => (asked.push(group), group === 3 ? 11 : null);
    expect(apply(baseTicket(), [{ source: "inturn_assign", value: "3" }], env({ roundRobin })).ticket).toMatchObject({ group_id: 3, assignee_id: 11 });
    const untouched = baseTicket({ group_id: 1 });
    expect(apply(untouched, [{ source: "inturn_assign", value: "4" }], env({ roundRobin })).ticket).toBe(untouched);
    expect(asked).toEqual([3, 4]);
  });

  it("actions - notifications become effects carrying the rule, the recipient as given and the raw templates", () => {
    const start = baseTicket();
    const { ticket, effects } = apply(start, [
      { source: "email_user", value: "(requester)", subject: "Re: {{ticket.title}}", body: "Hi {{ticket.requester.name}}" },
      { source: "email_group", value: "6", body: "x" },
      { source: "message_user", value: "(assigned_group)", body: "y" },
      { source: "target", value: "2", body: null },
    ]);
    expect(ticket).toBe(start);
    expect(effects).toEqual([
      { type: "email_user", ruleId: 42, value: "(requester)", recipient: { kind: "requester" }, subject: "Re: {{ticket.title}}", body: "Hi {{ticket.requester.name}}" },
      { type: "email_group", ruleId: 42, value: "6", recipient: { kind: "group", id: 6 }, subject: null, body: "x" },
      { type: "message_user", ruleId: 42, value: "(assigned_group)", recipient: { kind: "assigned_group" }, subject: null, body: "y" },
      { type: "target", ruleId: 42, value: "2", recipient: { kind: "webhook", id: 2 }, subject: null, body: null },
    ]);
  });

  it("actions - never mutate the ticket; tags and ccs only grow; a no-op returns the same object", () => {
    fc.assert(
      fc.property(ticketArb, fc.array(actionArb("trigger"), { minLength: 1, maxLength: 4 }), actorArb, (t, actions, actor) => {
        const before = structuredClone(t);
        const frozen = deepFreeze(t);
        const { ticket } = apply(frozen, actions, env({ actor, roundRobin: (g) => g + 10 }));
        expect(frozen).toEqual(before);
        const lower = new Set(ticket.tags.map((tag) => tag.toLowerCase()));
        for (const tag of before.tags) expect(lower.has(tag.toLowerCase())).toBe(true);
        for (const id of before.collaborator_ids) expect(ticket.collaborator_ids).toContain(id);
        expect(new Set(ticket.collaborator_ids).size).toBe(ticket.collaborator_ids.length);
        const tagActions = actions.filter((a) => a.source === "tags");
        if (tagActions.length > 0) expect(apply(ticket, tagActions, env({ actor })).ticket).toBe(ticket);
      }),
      { numRuns: 200 },
    );
  });
});
