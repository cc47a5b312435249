import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Rule } from "../domain/rule";
import type { Ticket } from "../domain/ticket";
import { compileRules, matchingRules } from "./compile-rules";
import type { RuleContext } from "./context";
import { evaluateRules } from "./evaluate-rules";
import { referenceRuleMatches } from "./reference-evaluator";
import { baseTicket, cond, contextArb, deepFreeze, NOW, rule, ruleSetArb } from "./test-arbitraries";
import { runTriggerCycle } from "./trigger-cycle";

const agent = { id: 7, role: "agent" as const, groupIds: [2] };

function ctxFor(after: Ticket, before: Ticket | null = baseTicket()): RuleContext {
  return { before, after, event: before === null ? "created" : "updated", actor: agent, now: NOW, comment: null, requesterLanguage: null };
}

function run(rules: Rule[], ctx: RuleContext, roundRobin = (_group: number): number | null => null) {
  return runTriggerCycle(compileRules("trigger", rules), { ctx, roundRobin });
}

/** The cycle as the spec words it, with no shortcuts: restart from the top after every fire. */
function naiveCycle(rules: Rule[], ctx: RuleContext, roundRobin: (group: number) => number | null) {
  const ordered = compileRules("trigger", rules).rules;
  const fired: Array<{ ruleId: number; title: string; trace: unknown }> = [];
  const effects: unknown[] = [];
  let after = ctx.after;
  if (ctx.before?.status === "closed") return { ticket: after, fired, effects };
  for (let restart = true; restart; ) {
    restart = false;
    for (const r of ordered) {
      const now = { ...ctx, after };
      if (fired.some((f) => f.ruleId === r.id) || !referenceRuleMatches(r.rule, now)) continue;
      fired.push({ ruleId: r.id, title: r.title, trace: r.trace(now) });
      const result = r.apply(after, { actor: ctx.actor, roundRobin });
      effects.push(...result.effects);
      after = result.ticket;
      restart = true;
      break;
    }
  }
  return { ticket: after, fired, effects };
}

describe("runTriggerCycle", () => {
  it("trigger cycle - restarts from the top after each fire (A above B fires after B; C, falsified by A, does not)", () => {
    const a = rule(1, { title: "A", sort: 3, all: [cond("tags", "contain_at_least_one", "b_fired")], actions: [{ source: "tags", value: "a_fired" }] });
    const b = rule(2, { title: "B", sort: 2, actions: [{ source: "tags", value: "b_fired" }] });
    const c = rule(3, { title: "C", sort: 1, all: [cond("tags", "not_contain", "a_fired")], actions: [{ source: "tags", value: "c_fired" }] });
    const result = run([c, a, b], ctxFor(baseTicket()));
    expect(result.fired.map((f) => f.title)).toEqual(["B", "A"]);
    expect(result.ticket.tags).toEqual(["b_fired", "a_fired"]);
    expect(result.fired[1]!.trace).toEqual({
      matched: true,
      all: [{ index: 0, source: "tags", operator: "contain_at_least_one", value: "b_fired", matched: true }],
      any: [],
    });
  });

  it("trigger cycle - orders by sort descending then id ascending, whatever the input order", () => {
    const mk = (id: number, sort: number) => rule(id, { sort, actions: [{ source: "tags", value: `t${id}` }] });
    const rules = [mk(5, 0), mk(2, 1), mk(9, 1), mk(1, 0), mk(3, -1)];
    const set = compileRules("trigger", rules);
    expect(set.rules.map((r) => r.id)).toEqual([2, 9, 1, 5, 3]);
    expect(run([...rules].reverse(), ctxFor(baseTicket())).fired.map((f) => f.ruleId)).toEqual([2, 9, 1, 5, 3]);
  });

  it("trigger cycle - nothing fires on a ticket that was closed; a trigger may fire on the update that closes it", () => {
    const notify = rule(1, { all: [cond("status", "is", "4")], actions: [{ source: "tags", value: "closed_seen" }] });
    expect(run([notify], ctxFor(baseTicket({ status: "closed" }), baseTicket({ status: "closed" }))).fired).toEqual([]);
    expect(run([notify], ctxFor(baseTicket({ status: "closed" }), baseTicket({ status: "solved" }))).fired.map((f) => f.ruleId)).toEqual([1]);
  });

  it("trigger cycle - a ping-pong pair terminates with each firing once", () => {
    const up = rule(1, { all: [cond("priority", "is", "1")], actions: [{ source: "priority", value: "2" }] });
    const down = rule(2, { all: [cond("priority", "is", "2")], actions: [{ source: "priority", value: "1" }] });
    const result = run([up, down], ctxFor(baseTicket({ priority: "medium" })));
    expect(result.fired.map((f) => f.ruleId)).toEqual([1, 2]);
    expect(result.ticket.priority).toBe("medium");
  });

  it("trigger cycle - random ping-pong pairs (and chains) terminate with each trigger firing at most once", () => {
    const field = fc.constantFrom(["priority", ["0", "1", "2", "3"]] as const, ["group_id", ["1", "2", "3"]] as const, ["field_1", ["a", "b", "c"]] as const, ["status", ["1", "2", "3"]] as const);
    const chain = field.chain(([source, values]) =>
      fc.array(fc.tuple(fc.constantFrom(...values), fc.constantFrom(...values)), { minLength: 2, maxLength: 6 }).map((steps) =>
        steps.map(([from, to], i) => rule(i + 1, { sort: i % 3, all: [cond(source, "is", from)], actions: [{ source, value: to }] })),
      ),
    );
    fc.assert(
      fc.property(chain, contextArb, (rules, ctx) => {
        const ids = run(rules, { ...ctx, before: ctx.before === null ? null : { ...ctx.before, status: "open" } }).fired.map((f) => f.ruleId);
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids.length).toBeLessThanOrEqual(rules.length);
      }),
      { numRuns: 150 },
    );
  });

  it("trigger cycle - round robin hands new tickets to agents 1, 2, 3 in turn", () => {
    const assign = rule(1, { all: [cond("{ticket}", "is", "created"), cond("assignee_id", "is", "empty")], actions: [{ source: "inturn_assign", value: "5" }] });
    const set = compileRules("trigger", [assign]);
    expect(set.roundRobinGroups).toEqual([5]);
    const agents = [1, 2, 3];
    let turn = 0;
    const roundRobin = (group: number) => (group === 5 ? agents[turn++ % agents.length]! : null);
    const assignees = [1, 2, 3, 4].map((id) => runTriggerCycle(set, { ctx: ctxFor(baseTicket({ id }), null), roundRobin }).ticket.assignee_id);
    expect(assignees).toEqual([1, 2, 3, 1]);
  });

  it("trigger cycle - terminates, fires each trigger at most once and no more than are enabled, and exits at a fixpoint", () => {
    fc.assert(
      fc.property(ruleSetArb("trigger"), contextArb, (rules, ctx) => {
        const result = run(rules, ctx, (g) => g + 10);
        const ids = result.fired.map((f) => f.ruleId);
        const enabled = rules.filter((r) => r.status);
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids.length).toBeLessThanOrEqual(enabled.length);
        for (const id of ids) expect(enabled.some((r) => r.id === id)).toBe(true);
        if (ctx.before?.status === "closed") {
          expect(ids).toEqual([]);
          return;
        }
        const final = { ...ctx, after: result.ticket };
        for (const r of enabled) if (!ids.includes(r.id)) expect(referenceRuleMatches(r, final)).toBe(false);
        for (const effect of result.effects) expect(ids).toContain(effect.ruleId);
      }),
      { numRuns: 200 },
    );
  });

  it("trigger cycle - agrees with a naive restart-from-the-top loop over the reference evaluator", () => {
    fc.assert(
      fc.property(ruleSetArb("trigger", 10), contextArb, (rules, ctx) => {
        const roundRobin = (g: number) => g + 10;
        expect(run(rules, ctx, roundRobin)).toEqual(naiveCycle(rules, ctx, roundRobin));
      }),
      { numRuns: 200 },
    );
  });

  it("matchingRules - guards never change which rules match", () => {
    fc.assert(
      fc.property(ruleSetArb("trigger"), contextArb, (rules, ctx) => {
        const set = compileRules("trigger", rules);
        expect(matchingRules(set, ctx).map((r) => r.id)).toEqual(set.rules.filter((r) => r.matches(ctx)).map((r) => r.id));
      }),
      { numRuns: 150 },
    );
  });

  it("trigger cycle - is deterministic, independent of input order, and never mutates its (deep-frozen) inputs", () => {
    fc.assert(
      fc.property(ruleSetArb("trigger"), contextArb, fc.array(fc.nat()), (rules, ctx, keys) => {
        const snapshot = structuredClone({ rules, ctx });
        const frozenRules = deepFreeze(rules);
        const frozenCtx = deepFreeze(ctx);
        const first = run(frozenRules, frozenCtx, (g) => g + 10);
        expect(run(frozenRules, frozenCtx, (g) => g + 10)).toEqual(first);
        const shuffled = frozenRules.map((r, i) => ({ r, k: keys[i] ?? i })).sort((x, y) => x.k - y.k).map((x) => x.r);
        expect(run(shuffled, frozenCtx, (g) => g + 10)).toEqual(first);
        expect({ rules, ctx }).toEqual(snapshot);
      }),
      { numRuns: 150 },
    );
  });

  it("trigger cycle - disabled rules and rules that can never match are inert", () => {
    fc.assert(
      fc.property(ruleSetArb("trigger", 5), ruleSetArb("trigger", 4), contextArb, (rules, extra, ctx) => {
        const inert = extra.map((r, i) => {
          const id = 100 + i;
          // Half switched off, half given contradictory conditions.
          if (i % 2 === 0) return { ...r, id, status: false };
          return { ...r, id, status: true, conditions: { all: [cond("status", "is", "1"), cond("status", "is_not", "1"), ...r.conditions.all], any: r.conditions.any } };
        });
        const withInert = run([...rules, ...inert], ctx, (g) => g + 10);
        const without = run(rules, ctx, (g) => g + 10);
        expect(withInert.ticket).toEqual(without.ticket);
        expect(withInert.fired.map((f) => f.ruleId)).toEqual(without.fired.map((f) => f.ruleId));
        expect(withInert.effects).toEqual(without.effects);
      }),
      { numRuns: 150 },
    );
  });
});

describe("evaluateRules", () => {
  it("evaluateRules - compiles and runs triggers against one change, defaulting event and clock", () => {
    const urgent = rule(1, { title: "Urgent to tier 2", all: [cond("priority", "is", "3"), cond("{ticket}", "is", "created")], actions: [{ source: "group_id", value: "2" }] });
    const result = evaluateRules({ triggers: [urgent], before: null, after: baseTicket({ priority: "urgent" }), actor: agent });
    expect(result.fired).toEqual([{ ruleId: 1, title: "Urgent to tier 2" }]);
    expect(result.ticket.group_id).toBe(2);
    expect(() => evaluateRules({ triggers: [rule(2, { actions: [{ source: "status", value: "9" }] })], before: null, after: baseTicket(), actor: agent })).toThrow(
      /trigger 2 is invalid/,
    );
  });
});
