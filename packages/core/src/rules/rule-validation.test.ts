import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { RuleKind } from "../domain/rule";
import { HelpdeskError } from "../errors";
import { evaluateAutomation } from "./automation";
import { compileRule, compileRules } from "./compile-rules";
import { assertValidRule, validateRule, type ActionInput, type ConditionInput } from "./rule-validation";
import { cond, contextArb, ruleArb } from "./test-arbitraries";
import { runTriggerCycle } from "./trigger-cycle";

const act = (source: string, value: string | null, extra: Partial<ActionInput> = {}): ActionInput => ({ source, value, subject: null, body: null, ...extra });
const def = (all: ConditionInput[], actions: ActionInput[], any: ConditionInput[] = []) => ({ conditions: { all, any }, actions });
const keysOf = (kind: RuleKind, rule: ReturnType<typeof def>) => Object.keys(validateRule(kind, rule) ?? {});

describe("validateRule", () => {
  it("validateRule - accepts every source and operator of the spec's table with valid values", () => {
    const trigger = def(
      [
        cond("status", "less_than", "3"),
        cond("type_id", "changed_to", "empty"),
        cond("priority", "not_changed_from", "2"),
        cond("group_id", "is", "(current_groups)"),
        cond("requester_id", "is_not", "(current_user)"),
        cond("assignee_id", "changed"),
        cond("source", "is", "voicemail"),
        cond("recipient", "is", "help@example.com"),
        cond("score", "greater_than", "3"),
        cond("tags", "contain_at_least_one", "vip billing"),
        cond("organization", "is", "empty"),
        cond("{language}", "is", "zh_cn"),
        cond("field_12", "is", "gold"),
        cond("description", "contain", "refund"),
        cond("comment_is_public", "is", "1"),
        cond("{ticket}", "is", "pushed"),
        cond("{current_user}", "is", "42"),
      ],
      [
        act("status", "2"),
        act("type_id", "empty"),
        act("priority", "3"),
        act("group_id", "(current_groups)"),
        act("assignee_id", "(current_user)"),
        act("inturn_assign", "4"),
        act("field_12", "silver"),
        act("tags", "a b"),
        act("ccs", "(assignee)"),
        act("score", "empty"),
        act("email_user", "(requester)", { subject: "Re: {{ticket.title}}", body: "Hi" }),
        act("email_group", "(assigned_group)", { body: "New ticket" }),
        act("message_user", "(assigned_group)", { body: "Look" }),
        act("target", "3", { body: "{{ticket.id}}" }),
      ],
    );
    expect(validateRule("trigger", trigger)).toBeNull();
  });

  it("validateRule - names the element and says what is wrong", () => {
    const details = validateRule(
      "trigger",
      def(
        [cond("status", "is", "5"), cond("__proto__", "is", "1"), cond("tags", "is", "x"), cond("status", "changed", "1"), cond("priority", "less_than", "empty")],
        [act("status", "9"), act("frobnicate", "1"), act("email_user", "(requester)"), act("tags", "   "), act("priority", "1", { body: "x" })],
      ),
    );
    expect(details).toEqual({
      "conditions.all[0].value": [{ description: expect.stringContaining("status code 0-4") }],
      "conditions.all[1].source": [{ description: expect.stringContaining('unknown condition source "__proto__"') }],
      "conditions.all[2].operator": [{ description: expect.stringContaining('"is" is not an operator of tags') }],
      "conditions.all[3].value": [{ description: expect.stringContaining("takes no value") }],
      "conditions.all[4].value": [{ description: expect.stringContaining("empty has no order") }],
      "actions[0].value": [{ description: expect.stringContaining("status code 0-4") }],
      "actions[1].source": [{ description: expect.stringContaining('unknown action source "frobnicate"') }],
      "actions[2].body": [{ description: "must not be empty for email_user" }],
      "actions[3].value": [{ description: "must name at least one tag" }],
      "actions[4].body": [{ description: "priority takes no body" }],
    });
  });

  it("validateRule - keeps trigger-only sources out of automations and hours-since sources out of triggers and any", () => {
    const nullified = [cond("status", "is", "3")];
    const closes = act("status", "4");
    expect(keysOf("automation", def([...nullified, cond("description", "contain", "x")], [closes]))).toEqual(["conditions.all[1].source"]);
    expect(keysOf("automation", def(nullified, [closes, act("inturn_assign", "1")]))).toEqual(["actions[1].source"]);
    expect(keysOf("trigger", def([cond("created", "greater_than", "2")], [closes]))).toEqual(["conditions.all[0].source"]);
    expect(keysOf("automation", def(nullified, [closes], [cond("updated", "greater_than", "2")]))).toEqual(["conditions.any[0].source"]);
    expect(keysOf("automation", def([...nullified, cond("priority", "changed")], [closes]))).toEqual(["conditions.all[1].operator"]);
    expect(keysOf("automation", def(nullified, [closes, act("assignee_id", "(current_user)")]))).toEqual(["actions[1].value"]);
    expect(keysOf("automation", def([...nullified, cond("created", "greater_than", "-1")], [closes]))).toEqual(["conditions.all[1].value"]);
    expect(keysOf("trigger", def([], []))).toEqual(["actions"]);
    expect(keysOf("trigger", def([], [act("status", "0")]))).toEqual(["actions[0].value"]);
  });

  it("validateRule - accepts automations whose actions falsify one of their all conditions", () => {
    const cases: Array<[ConditionInput, ActionInput]> = [
      [cond("status", "is", "3"), act("status", "4")],
      [cond("status", "is_not", "4"), act("status", "4")],
      [cond("status", "less_than", "3"), act("status", "3")],
      [cond("tags", "not_contain", "x y"), act("tags", "Y")],
      [cond("priority", "is", "1"), act("priority", "2")],
      [cond("priority", "greater_than", "0"), act("priority", "empty")],
      [cond("assignee_id", "is", "empty"), act("assignee_id", "7")],
      [cond("group_id", "is", "empty"), act("group_id", "2")],
      [cond("type_id", "is_not", "3"), act("type_id", "3")],
      [cond("score", "is", "empty"), act("score", "4")],
      [cond("field_3", "is", "v"), act("field_3", "w")],
      [cond("field_3", "is_not", "empty"), act("field_3", "empty")],
    ];
    for (const [condition, action] of cases) {
      expect(validateRule("automation", def([cond("updated", "greater_than", "24"), condition], [act("email_user", "(requester)", { body: "x" }), action]))).toBeNull();
    }
  });

  it("validateRule - rejects automations with no nullifying condition, naming conditions.all", () => {
    const cases: Array<[ConditionInput[], ActionInput[]]> = [
      [[cond("status", "is", "3")], [act("priority", "2")]],
      [[cond("status", "is", "3")], [act("status", "3")]],
      [[cond("status", "is", "3")], [act("status", "4"), act("status", "3")]],
      [[cond("tags", "contain_at_least_one", "x")], [act("tags", "x")]],
      [[cond("tags", "not_contain", "x")], [act("tags", "y")]],
      [[cond("created", "greater_than", "2")], [act("email_user", "(requester)", { body: "x" })]],
      [[], [act("status", "4")]],
    ];
    for (const [all, actions] of cases) {
      const details = validateRule("automation", def(all, actions));
      expect(Object.keys(details ?? {})).toEqual(["conditions.all"]);
      expect(details?.["conditions.all"]?.[0]?.description).toMatch(/automation needs a condition its actions make false.*Zendesk/);
    }
  });

  it("assertValidRule - throws RECORD_INVALID with the details", () => {
    expect(() => assertValidRule("trigger", def([cond("status", "is", "x")], [act("status", "1")]))).toThrow(HelpdeskError);
    try {
      assertValidRule("trigger", def([cond("status", "is", "x")], [act("status", "1")]));
    } catch (error) {
      expect(error).toMatchObject({ code: "RECORD_INVALID", details: { "conditions.all[0].value": [{}] } });
      expect((error as Error).message).toMatch(/^conditions\.all\[0\]\.value: /);
    }
    expect(() => assertValidRule("trigger", def([], [act("status", "1")]))).not.toThrow();
  });

  it("validateRule - a rule that validates never makes evaluation throw, for any context", () => {
    fc.assert(
      fc.property(fc.constantFrom<RuleKind>("trigger", "automation").chain((kind) => fc.tuple(fc.constant(kind), ruleArb(kind, 1))), contextArb, ([kind, r], ctx) => {
        const compiled = compileRule(kind, { ...r, status: true });
        if (kind === "automation") evaluateAutomation(compiled, ctx.after, { now: ctx.now });
        else runTriggerCycle(compileRules(kind, [{ ...r, status: true }]), { ctx, roundRobin: () => 1 });
      }),
      { numRuns: 200 },
    );
  });
});
