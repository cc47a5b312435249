import type { RuleKind } from "@helpdesk/core";
import { itemSchemas } from "../json-schemas";
import { presentRule } from "../presenters";
import { definitionRoutes } from "./definition-routes";

const PLURAL = { trigger: "triggers", automation: "automations" } as const;

/**
 * Triggers and automations: the spec's reads, plus admin create, update and
 * delete beyond the spec with the same conventions. The services validate
 * every condition and action against the spec's table. A rule reads as
 * `{<plural>: rule, <singular>: rule}`: the spec's table answers under the
 * plural key, its trigger sample under the singular.
 */
function ruleRoutes(kind: RuleKind) {
  return definitionRoutes({
    plural: PLURAL[kind],
    singular: kind,
    showKeys: [PLURAL[kind], kind],
    service: (ctx) => (kind === "trigger" ? ctx.desk.triggers : ctx.desk.automations),
    present: (rule, ctx) => presentRule(rule, kind, ctx.urls),
    itemSchema: itemSchemas.rule,
  });
}

export const triggerRoutes = ruleRoutes("trigger");
export const automationRoutes = ruleRoutes("automation");
