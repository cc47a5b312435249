/**
 * Rule engine speed, in one process, with a fixed seed:
 *   (a) evaluating 1,000 active triggers against one ticket update, against
 *       the same rules in json-rules-engine (`engine.run(facts)`), and
 *   (b) a full trigger cycle's latency with 500 and 7,000 active triggers
 *       (Zendesk's cap), on mostly non-matching rules with a few that fire.
 *
 *   npx tsx bench/rules-engine.ts
 *
 * Prints a markdown table; `runRulesBench()` returns it for bench/RESULTS.md.
 */
import { Engine, type TopLevelCondition } from "json-rules-engine";
import { cpus, loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import type { Rule, Ticket } from "../packages/core/src/index";
import { compileRules, matchingRules, runTriggerCycle, type RuleContext } from "../packages/core/src/rules/index";

const NOW = Date.UTC(2024, 0, 10, 12, 0, 0);
const STATUSES = ["new", "open", "pending", "solved", "closed"] as const;
const PRIORITIES = ["low", "medium", "high", "urgent"] as const;
const TYPES = ["question", "incident", "problem", "task"] as const;

/** mulberry32: a small, fast, seeded generator, so every run sees the same rules. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const before: Ticket = {
  id: 4711,
  title: "Cannot log in",
  description: "The login page says my password expired.",
  type: "incident",
  status: "open",
  priority: "medium",
  recipient: "support@example.com",
  requester_id: 31,
  assignee_id: null,
  organization_id: 3,
  group_id: 7,
  problem_id: null,
  due_date: null,
  created_at: NOW - 3_600_000,
  updated_at: NOW - 3_600_000,
  assigneed_at: null,
  resolved_at: null,
  closed_at: null,
  pending_at: null,
  requester_updated_at: NOW - 3_600_000,
  assignee_updated_at: null,
  source: "email",
  collaborator_ids: [],
  tags: ["login", "vip"],
  custom_fields: [{ name: "field_1", value: "gold" }],
  satisfaction_rating: null,
};
/** The update: an agent raises the priority. */
const after: Ticket = { ...before, priority: "high", updated_at: NOW };
const actor = { id: 5, role: "agent" as const, groupIds: [7, 9] };
const ctx: RuleContext = { before, after, event: "updated", actor, now: NOW, comment: { content: "Looking into it", public: false }, requesterLanguage: "en" };

type Cond = { source: string; operator: string; value: string | null };

type Pick = <T>(xs: readonly T[]) => T;

/** A condition that narrows a trigger to other tickets than the one updated here (another group, tag, assignee or requester). */
function selectiveCondition(rnd: () => number, pick: Pick): Cond {
  // Ids from ranges the updated ticket (group 7, assigned to 5 by a firing trigger) never takes.
  switch (Math.floor(rnd() * 4)) {
    case 0:
      return { source: "group_id", operator: "is", value: String(11 + Math.floor(rnd() * 60)) };
    case 1:
      return { source: "tags", operator: "contain_at_least_one", value: `tag${Math.floor(rnd() * 300)}` };
    case 2:
      return { source: "assignee_id", operator: "is", value: String(41 + Math.floor(rnd() * 40)) };
    default:
      return { source: "status", operator: pick(["is", "greater_than"]), value: pick(["2", "3"]) };
  }
}

/** A condition over fields json-rules-engine can read too; true for the updated ticket about half the time. */
function randomCondition(rnd: () => number, pick: Pick): Cond {
  switch (Math.floor(rnd() * 6)) {
    case 0:
      return { source: "status", operator: pick(["is", "is_not", "less_than", "greater_than"]), value: String(Math.floor(rnd() * 5)) };
    case 1:
      return { source: "priority", operator: pick(["is", "is_not", "greater_than"]), value: String(Math.floor(rnd() * 4)) };
    case 2:
      return { source: "group_id", operator: pick(["is", "is_not"]), value: String(1 + Math.floor(rnd() * 10)) };
    case 3:
      return { source: "type_id", operator: "is", value: String(Math.floor(rnd() * 4)) };
    case 4:
      return { source: "assignee_id", operator: pick(["is", "is_not"]), value: pick(["empty", String(1 + Math.floor(rnd() * 40))]) };
    default:
      return { source: "group_id", operator: "is", value: "(current_groups)" };
  }
}

/**
 * `count` triggers of 2-4 conditions, each with one condition (at a random
 * place) that rules the updated ticket out; `firing` of them, spread through
 * the list, match instead and add a tag (one also assigns the ticket).
 */
function makeTriggers(count: number, firing: number, seed: number): Rule[] {
  const rnd = seeded(seed);
  const pick: Pick = (xs) => xs[Math.floor(rnd() * xs.length)]!;
  const rules: Rule[] = [];
  for (let id = 1; id <= count; id++) {
    const all = Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => randomCondition(rnd, pick));
    all.splice(Math.floor(rnd() * (all.length + 1)), 0, selectiveCondition(rnd, pick));
    const action = rnd() < 0.5 ? { source: "tags", value: `auto${id}` } : { source: "priority", value: String(Math.floor(rnd() * 4)) };
    rules.push({ id, title: `rule ${id}`, status: true, sort: 0, conditions: { all, any: [] }, actions: [{ ...action, subject: null, body: null }], created_at: 0, updated_at: 0 });
  }
  for (let k = 0; k < firing; k++) {
    const rule = rules[Math.floor(((k + 0.5) * count) / firing)]!;
    // A tag nullifier, so each fires once, as help desk admins write them.
    rule.conditions.all = [
      { source: "status", operator: "less_than", value: "3" },
      { source: "tags", operator: "not_contain", value: `routed${k}` },
    ];
    rule.actions = [
      { source: "tags", value: `routed${k}`, subject: null, body: null },
      ...(k === 0 ? [{ source: "assignee_id", value: "(current_user)", subject: null, body: null }] : []),
    ];
  }
  return rules;
}

/** The same rule as json-rules-engine conditions: an `all` over equal / notEqual / lessThan / greaterThan / in / contains. */
function toJsonRulesEngine(rule: Rule): TopLevelCondition {
  const all = rule.conditions.all.map((c) => {
    const code = Number(c.value);
    switch (c.source) {
      case "status":
        if (c.operator === "less_than" || c.operator === "greater_than") return { fact: "statusRank", operator: c.operator === "less_than" ? "lessThan" : "greaterThan", value: code };
        return { fact: "status", operator: c.operator === "is" ? "equal" : "notEqual", value: STATUSES[code] };
      case "priority":
        if (c.operator === "greater_than") return { fact: "priorityRank", operator: "greaterThan", value: code };
        return { fact: "priority", operator: c.operator === "is" ? "equal" : "notEqual", value: PRIORITIES[code] };
      case "group_id":
        if (c.value === "(current_groups)") return { fact: "group_id", operator: "in", value: actor.groupIds };
        return { fact: "group_id", operator: c.operator === "is" ? "equal" : "notEqual", value: code };
      case "tags":
        return { fact: "tags", operator: c.operator === "not_contain" ? "doesNotContain" : "contains", value: c.value };
      case "type_id":
        return { fact: "type", operator: "equal", value: TYPES[code] };
      case "assignee_id":
        return { fact: "assignee_id", operator: c.operator === "is" ? "equal" : "notEqual", value: c.value === "empty" ? null : code };
      default:
        throw new Error(`no translation for ${c.source}`);
    }
  });
  return { all } as TopLevelCondition;
}

function ticketFacts(t: Ticket): Record<string, unknown> {
  return {
    status: t.status,
    statusRank: STATUSES.indexOf(t.status),
    priority: t.priority,
    priorityRank: t.priority === null ? null : PRIORITIES.indexOf(t.priority),
    group_id: t.group_id,
    assignee_id: t.assignee_id,
    type: t.type,
    tags: t.tags,
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Runs `fn` repeatedly for about `ms` milliseconds (after a warm-up) and returns calls per second. */
async function rate(fn: () => unknown | Promise<unknown>, ms: number): Promise<number> {
  const warmUntil = performance.now() + ms / 4;
  while (performance.now() < warmUntil) await fn();
  let calls = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < ms) {
    for (let i = 0; i < 16; i++) await fn();
    calls += 16;
    elapsed = performance.now() - start;
  }
  return (calls / elapsed) * 1000;
}

function syncRate(fn: () => unknown, ms: number): number {
  const warmUntil = performance.now() + ms / 4;
  while (performance.now() < warmUntil) fn();
  let calls = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < ms) {
    for (let i = 0; i < 64; i++) fn();
    calls += 64;
    elapsed = performance.now() - start;
  }
  return (calls / elapsed) * 1000;
}

function cycleLatency(count: number, iterations: number): { p50: number; p99: number; fired: number; compileMs: number } {
  const rules = makeTriggers(count, 5, 42 + count);
  const t0 = performance.now();
  const set = compileRules("trigger", rules, { onInvalid: "throw" });
  const compileMs = performance.now() - t0;
  const input = { ctx, roundRobin: () => null };
  let fired = 0;
  for (let i = 0; i < Math.min(200, iterations); i++) fired = runTriggerCycle(set, input).fired.length;
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    runTriggerCycle(set, input);
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p99: percentile(samples, 99), fired, compileMs };
}

const fmt = (n: number, digits = 0) => n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** Runs both measurements and returns them as a markdown table. */
export async function runRulesBench(): Promise<string> {
  // (a) One evaluation = every trigger's conditions checked against one ticket update (no actions, no cycle), as engine.run does.
  const rules = makeTriggers(1000, 10, 7);
  const set = compileRules("trigger", rules, { onInvalid: "throw" });
  let matched = 0;
  const ours = syncRate(() => {
    matched = matchingRules(set, ctx).length;
  }, 2000);
  const engine = new Engine([], { allowUndefinedFacts: true });
  for (const rule of rules) engine.addRule({ conditions: toJsonRulesEngine(rule), event: { type: "fired", params: { id: rule.id } } });
  const facts = ticketFacts(after);
  const check = await engine.run(facts);
  if (check.events.length !== matched) throw new Error(`engines disagree: json-rules-engine matched ${check.events.length}, ours ${matched}`);
  const theirs = await rate(() => engine.run(facts), 3000);

  const small = cycleLatency(500, 5000);
  const large = cycleLatency(7000, 1000);
  const ms = (n: number) => `${fmt(n, 3)} ms`;
  return [
    "| rule engine measurement | result | target |",
    "|---|---|---|",
    `| (a) 1,000 triggers × one update (${matched} match), compiled engine | ${fmt(ours)} evaluations/s | |`,
    `| (a) same rules, json-rules-engine \`engine.run(facts)\` | ${fmt(theirs)} evaluations/s | |`,
    `| (a) ratio | ${fmt(ours / theirs, 0)}× | ≥ 100× |`,
    `| (b) trigger cycle, 500 triggers (${small.fired} fire): p50 / p99 | ${ms(small.p50)} / ${ms(small.p99)} | p99 ≤ 1 ms |`,
    `| (b) trigger cycle, 7,000 triggers (${large.fired} fire): p50 / p99 | ${ms(large.p50)} / ${ms(large.p99)} | p99 ≤ 5 ms |`,
    `| compiling 500 / 7,000 triggers (once per rule-set version) | ${ms(small.compileMs)} / ${ms(large.compileMs)} | |`,
    "",
    // Wall-clock percentiles include preemption: on a shared machine p99 tracks the scheduler, so say how busy it was.
    `Node ${process.version}, ${cpus().length} CPUs, load average ${loadavg().map((l) => l.toFixed(2)).join(" / ")} at the end of the run.`,
  ].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await runRulesBench());
}
