import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { RuleKind } from "../domain/rule";
import { automationContext } from "./automation";
import { compileRule } from "./compile-rules";
import { conditionSourceSpec } from "./condition-table";
import type { RuleContext } from "./context";
import { referenceConditionHolds, referenceRuleMatches } from "./reference-evaluator";
import type { ConditionInput } from "./rule-validation";
import { baseTicket, cond, conditionArb, contextArb, deepFreeze, H, NOW, rule, ruleArb } from "./test-arbitraries";
import { hoursOf } from "./ticket-readers";
import { isEmptyValue } from "./value-codes";

// Always true on generated tickets (they never carry field_9), and nullified by its own action, so automations validate.
const NEUTRAL = cond("field_9", "is_not", "zzz");
const NEUTRAL_ACTION = { source: "field_9", value: "zzz" };

function matcher(kind: RuleKind, all: ConditionInput[], any: ConditionInput[] = []) {
  return compileRule(kind, rule(1, { all: [...all, NEUTRAL], any, actions: [NEUTRAL_ACTION] }));
}

/** The context a rule of `kind` sees: automations read one stored ticket at `now`. */
function contextFor(kind: RuleKind, ctx: RuleContext): RuleContext {
  return kind === "trigger" ? ctx : { ...automationContext(ctx.after, ctx.now), requesterLanguage: ctx.requesterLanguage };
}

const holds = (kind: RuleKind, c: ConditionInput, ctx: RuleContext) => matcher(kind, [c]).matches(contextFor(kind, ctx));
const kindArb = fc.constantFrom<RuleKind>("trigger", "automation");
const kindConditionArb = kindArb.chain((kind) => fc.tuple(fc.constant(kind), conditionArb(kind)));

const COMPLEMENTS: Record<string, string> = {
  is: "is_not",
  contain_at_least_one: "not_contain",
  contain: "not_contain",
  changed: "not_changed",
  changed_to: "not_changed_to",
  changed_from: "not_changed_from",
};

describe("condition algebra", () => {
  it("compile - agrees with the reference evaluator on single conditions", () => {
    fc.assert(
      fc.property(kindConditionArb, contextArb, ([kind, c], raw) => {
        const ctx = contextFor(kind, raw);
        expect(holds(kind, c, ctx)).toBe(referenceConditionHolds(c, ctx));
      }),
      { numRuns: 200 },
    );
  });

  it("compile - agrees with the reference evaluator on whole rules, with traces to match", () => {
    fc.assert(
      fc.property(kindArb.chain((kind) => fc.tuple(fc.constant(kind), ruleArb(kind, 1))), contextArb, ([kind, r], raw) => {
        const ctx = contextFor(kind, raw);
        const compiled = compileRule(kind, r);
        const expected = referenceRuleMatches(r, ctx);
        expect(compiled.matches(ctx)).toBe(expected);
        const trace = compiled.trace(ctx);
        expect(trace.matched).toBe(expected);
        trace.all.forEach((t, i) => expect(t.matched).toBe(referenceConditionHolds(r.conditions.all[i]!, ctx)));
      }),
      { numRuns: 200 },
    );
  });

  it("complements - each operator and its negation disagree on every context, null fields included", () => {
    const positive = conditionArb("trigger").filter(
      (c) => Object.hasOwn(COMPLEMENTS, c.operator) && conditionSourceSpec(c.source)!.operators.includes(COMPLEMENTS[c.operator]!),
    );
    fc.assert(
      fc.property(positive, contextArb, (c, ctx) => {
        expect(holds("trigger", c, ctx)).toBe(!holds("trigger", { ...c, operator: COMPLEMENTS[c.operator]! }, ctx));
      }),
      { numRuns: 200 },
    );
  });

  it("changed_to - implies the value is v now and was not v before (absent on create)", () => {
    const changedTo = conditionArb("trigger").filter((c) => c.operator === "changed_to" || c.operator === "changed_from");
    fc.assert(
      fc.property(changedTo, contextArb, (c, ctx) => {
        if (!holds("trigger", c, ctx)) return;
        const isNow = holds("trigger", { ...c, operator: "is" }, ctx);
        // On create the value was absent, which is what "empty" means.
        const wasBefore = ctx.before === null ? isEmptyValue(c.value) : holds("trigger", { ...c, operator: "is" }, { ...ctx, after: ctx.before });
        if (c.operator === "changed_to") expect([isNow, wasBefore]).toEqual([true, false]);
        else expect([isNow, wasBefore]).toEqual([false, true]);
      }),
      { numRuns: 200 },
    );
  });

  it("all - is independent of the order and duplication of its conditions", () => {
    const arb = fc.tuple(fc.array(conditionArb("trigger"), { maxLength: 4 }), fc.array(fc.nat(), { minLength: 8, maxLength: 8 }), contextArb);
    fc.assert(
      fc.property(arb, ([all, keys, ctx]) => {
        const shuffled = [...all, ...all.slice(0, 2)].map((c, i) => ({ c, k: keys[i % keys.length]! })).sort((a, b) => a.k - b.k).map((x) => x.c);
        expect(matcher("trigger", shuffled).matches(ctx)).toBe(matcher("trigger", all).matches(ctx));
      }),
      { numRuns: 150 },
    );
  });

  it("empty lists - match every context; an empty any adds nothing; a one-element any is an all", () => {
    fc.assert(
      fc.property(fc.array(conditionArb("trigger"), { maxLength: 3 }), conditionArb("trigger"), contextArb, (all, single, ctx) => {
        expect(matcher("trigger", []).matches(ctx)).toBe(true);
        expect(matcher("trigger", all, []).matches(ctx)).toBe(all.every((c) => holds("trigger", c, ctx)));
        expect(matcher("trigger", all, [single]).matches(ctx)).toBe(matcher("trigger", [...all, single]).matches(ctx));
      }),
      { numRuns: 150 },
    );
  });

  it("trichotomy - exactly one of less_than, is, greater_than holds on a defined ordered value, none on null", () => {
    const ordered = kindArb.chain((kind) =>
      fc.tuple(fc.constant(kind), conditionArb(kind).filter((c) => c.operator === "less_than" || c.operator === "greater_than")),
    );
    fc.assert(
      fc.property(ordered, contextArb, ([kind, c], raw) => {
        const ctx = contextFor(kind, raw);
        const verdicts = ["less_than", "is", "greater_than"].map((operator) => holds(kind, { ...c, operator }, ctx));
        const t = ctx.after;
        const defined =
          c.source === "status" ? true
          : c.source === "priority" ? t.priority !== null
          : c.source === "score" ? t.satisfaction_rating !== null && /^[1-5]$/.test(t.satisfaction_rating.score)
          : hoursOf(c.source as never, t, ctx.now) !== null;
        expect(verdicts.filter(Boolean).length).toBe(defined ? 1 : 0);
      }),
      { numRuns: 200 },
    );
  });

  it("no-op update - every change operator is false and every not_ one true", () => {
    const change = conditionArb("trigger").filter((c) => c.operator.includes("changed"));
    fc.assert(
      fc.property(change, contextArb, (c, ctx) => {
        const noop = { ...ctx, before: structuredClone(ctx.after) };
        expect(holds("trigger", c, noop)).toBe(c.operator.startsWith("not_"));
      }),
      { numRuns: 150 },
    );
  });

  it("placeholders - (current_user) means the same as the actor's literal id", () => {
    const withUser = conditionArb("trigger").filter((c) => c.value === "(current_user)");
    fc.assert(
      fc.property(withUser, contextArb, (c, ctx) => {
        expect(holds("trigger", c, ctx)).toBe(holds("trigger", { ...c, value: String(ctx.actor.id) }, ctx));
      }),
      { numRuns: 100 },
    );
  });

  it("purity - deep-frozen inputs evaluate, twice to the same verdict", () => {
    fc.assert(
      fc.property(ruleArb("trigger", 1), contextArb, (r, ctx) => {
        const frozen = deepFreeze(structuredClone(ctx));
        const compiled = compileRule("trigger", deepFreeze(r));
        expect(compiled.matches(frozen)).toBe(compiled.matches(frozen));
        expect(compiled.trace(frozen)).toEqual(compiled.trace(frozen));
      }),
      { numRuns: 100 },
    );
  });
});

describe("condition semantics", () => {
  const ctx = (overrides: Partial<RuleContext> = {}): RuleContext => ({
    before: baseTicket(),
    after: baseTicket(),
    event: "updated",
    actor: { id: 5, role: "agent", groupIds: [2, 3] },
    now: NOW,
    comment: null,
    requesterLanguage: null,
    ...overrides,
  });

  it("changed - on create, a set value counts as changed from absent and an unset one does not", () => {
    const created = ctx({ before: null, after: baseTicket({ group_id: 2 }), event: "created" });
    expect(holds("trigger", cond("group_id", "changed"), created)).toBe(true);
    expect(holds("trigger", cond("group_id", "changed_to", "2"), created)).toBe(true);
    expect(holds("trigger", cond("assignee_id", "changed"), created)).toBe(false);
    expect(holds("trigger", cond("assignee_id", "changed_to", "empty"), created)).toBe(false);
    expect(holds("trigger", cond("status", "changed_to", "1"), created)).toBe(true);
  });

  it("comment_is_public - neither 1 nor 0 holds when the update has no comment", () => {
    expect(holds("trigger", cond("comment_is_public", "is", "1"), ctx())).toBe(false);
    expect(holds("trigger", cond("comment_is_public", "is", "0"), ctx())).toBe(false);
    expect(holds("trigger", cond("comment_is_public", "is", "0"), ctx({ comment: { content: "x", public: false } }))).toBe(true);
  });

  it("current_user - agent covers admins, enduser only end users, a number the user", () => {
    expect(holds("trigger", cond("{current_user}", "is", "agent"), ctx({ actor: { id: 1, role: "admin", groupIds: [] } }))).toBe(true);
    expect(holds("trigger", cond("{current_user}", "is", "enduser"), ctx({ actor: { id: 1, role: "admin", groupIds: [] } }))).toBe(false);
    expect(holds("trigger", cond("{current_user}", "is", "5"), ctx())).toBe(true);
  });

  it("group_id - (current_groups) means any of the actor's groups", () => {
    expect(holds("trigger", cond("group_id", "is", "(current_groups)"), ctx({ after: baseTicket({ group_id: 3 }) }))).toBe(true);
    expect(holds("trigger", cond("group_id", "is", "(current_groups)"), ctx({ after: baseTicket({ group_id: 4 }) }))).toBe(false);
  });

  it("description - case-insensitive, over the description and this update's comment", () => {
    expect(holds("trigger", cond("description", "contain", "SMOKE"), ctx())).toBe(true);
    expect(holds("trigger", cond("description", "contain", "refund"), ctx({ comment: { content: "I want a Refund", public: true } }))).toBe(true);
    expect(holds("trigger", cond("description", "not_contain", "refund"), ctx())).toBe(true);
  });

  it("language and fields - regional tags count as their language; custom fields compare in string form", () => {
    expect(holds("trigger", cond("{language}", "is", "en"), ctx({ requesterLanguage: "en-US" }))).toBe(true);
    expect(holds("trigger", cond("{language}", "is_not", "zh_cn"), ctx())).toBe(true);
    const fields = baseTicket({ custom_fields: [{ name: "field_1", value: true }, { name: "field_2", value: ["a", "b"] }, { name: "field_3", value: 7 }] });
    expect(holds("trigger", cond("field_1", "is", "true"), ctx({ after: fields }))).toBe(true);
    expect(holds("trigger", cond("field_2", "is", "b"), ctx({ after: fields }))).toBe(true);
    expect(holds("trigger", cond("field_3", "is", "7"), ctx({ after: fields }))).toBe(true);
    expect(holds("trigger", cond("field_4", "is", "empty"), ctx({ after: fields }))).toBe(true);
  });

  it("hours - floor of whole hours; pending counts only while pending; due dates on their side of now", () => {
    const at = (t: Partial<Parameters<typeof baseTicket>[0]>) => ctx({ after: baseTicket(t) });
    expect(holds("automation", cond("resolved", "is", "96"), at({ resolved_at: NOW - 96 * H - 59 * 60_000 }))).toBe(true);
    expect(holds("automation", cond("resolved", "is", "96"), at({ resolved_at: NOW - 96 * H + 1 }))).toBe(false);
    expect(holds("automation", cond("pending", "greater_than", "1"), at({ status: "pending", pending_at: NOW - 5 * H }))).toBe(true);
    expect(holds("automation", cond("pending", "greater_than", "1"), at({ status: "open", pending_at: NOW - 5 * H }))).toBe(false);
    expect(holds("automation", cond("before_due_date", "less_than", "2"), at({ due_date: NOW + H }))).toBe(true);
    expect(holds("automation", cond("after_due_date", "is", "0"), at({ due_date: NOW + H }))).toBe(false);
    expect(holds("automation", cond("after_due_date", "is", "0"), at({ due_date: NOW }))).toBe(true);
  });
});
