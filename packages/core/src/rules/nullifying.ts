import type { DecodedCondition, DecodedRule } from "./rule-validation";
import { priorityRank, statusRank } from "./value-codes";

/** The value an action list leaves a field with, for fields an action sets (the last writer wins). */
type NetValue = { set: false } | { set: true; value: string | number | null; rank: number | null };

interface NetEffect {
  fields: Map<string, NetValue>;
  tags: Set<string>;
}

/** What the actions of a rule leave behind, independent of the ticket they run on. */
function netEffect(rule: DecodedRule): NetEffect {
  const fields = new Map<string, NetValue>();
  const tags = new Set<string>();
  for (const { value: a } of rule.actions) {
    switch (a.t) {
      case "status":
        fields.set("status", { set: true, value: a.v, rank: statusRank(a.v) });
        break;
      case "priority":
        fields.set("priority", { set: true, value: a.v, rank: priorityRank(a.v) });
        break;
      case "type":
        fields.set("type_id", { set: true, value: a.v, rank: null });
        break;
      case "score":
        fields.set("score", { set: true, value: a.v, rank: a.v });
        break;
      case "group":
        // (current_groups) depends on the actor, so it proves nothing; automations reject it anyway.
        fields.set("group_id", a.v === "current_groups" ? { set: false } : { set: true, value: a.v, rank: null });
        break;
      case "assignee":
        fields.set("assignee_id", a.v === "current_user" ? { set: false } : { set: true, value: a.v, rank: null });
        break;
      case "field":
        fields.set(a.name, { set: true, value: a.v, rank: null });
        break;
      case "tags":
        for (const tag of a.v) tags.add(tag);
        break;
      // inturn_assign may leave the ticket unchanged (no agent), and the rest only notify.
      case "inturn":
      case "ccs":
      case "notify":
        break;
    }
  }
  return { fields, tags };
}

/** True when, after the actions, the condition is false whatever ticket they ran on. */
function nullifies(condition: DecodedCondition, net: NetEffect): boolean {
  const c = condition.value;
  if (condition.source === "tags") return condition.operator === "not_contain" && c.t === "tags" && c.v.some((tag) => net.tags.has(tag));
  const after = net.fields.get(condition.source);
  if (after === undefined || !after.set || c.t !== "const") return false;
  switch (condition.operator) {
    case "is":
      return after.value !== c.v;
    case "is_not":
      return after.value === c.v;
    case "less_than":
      return after.rank === null || c.rank === null || after.rank >= c.rank;
    case "greater_than":
      return after.rank === null || c.rank === null || after.rank <= c.rank;
    default:
      return false;
  }
}

/**
 * True when some `all` condition is made false by the rule's own actions, so
 * an automation stops matching a ticket once it has acted on it (Zendesk's
 * "nullifying condition").
 */
export function hasNullifyingCondition(rule: DecodedRule): boolean {
  const net = netEffect(rule);
  return rule.all.some((condition) => nullifies(condition, net));
}
