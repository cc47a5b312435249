import type { Rule, RuleKind } from "@helpdesk/core";
import { arrayEnvelope, itemSchemas, singleEnvelope, type JsonSchema } from "../json-schemas";
import { presentRule } from "../presenters";
import { EMPTY_OK, type RouteContext, type RouteDefinition } from "./route";
import { unchecked } from "./route-helpers";

const PLURAL = { trigger: "triggers", automation: "automations" } as const;

/** `{<plural>: rule, <singular>: rule}`: the spec's table answers under the plural key, its trigger sample under the singular. */
function bothKeys(kind: RuleKind): JsonSchema {
  const item = itemSchemas.rule();
  return { type: "object", properties: { [PLURAL[kind]]: item, [kind]: item }, required: [PLURAL[kind], kind] };
}

/**
 * Triggers and automations: the spec's reads, plus admin create, update and
 * delete beyond the spec with the same conventions. The services validate
 * every condition and action against the spec's table.
 */
function ruleRoutes(kind: RuleKind): RouteDefinition[] {
  const plural = PLURAL[kind];
  const service = (ctx: RouteContext) => (kind === "trigger" ? ctx.desk.triggers : ctx.desk.automations);
  const present = (ctx: RouteContext) => (rule: Rule) => presentRule(rule, kind, ctx.urls);
  const one = () => singleEnvelope(kind, itemSchemas.rule());
  const list = () => arrayEnvelope(plural, itemSchemas.rule());
  return [
    {
      method: "GET",
      path: `/apiv2/${plural}`,
      responses: { 200: list },
      async handle(ctx) {
        return { status: 200, body: { [plural]: (await service(ctx).list()).map(present(ctx)) } };
      },
    },
    {
      method: "GET",
      path: `/apiv2/${plural}/active`,
      responses: { 200: list },
      async handle(ctx) {
        return { status: 200, body: { [plural]: (await service(ctx).active()).map(present(ctx)) } };
      },
    },
    {
      method: "GET",
      path: `/apiv2/${plural}/:id`,
      responses: { 200: () => bothKeys(kind) },
      async handle(ctx) {
        const rule = present(ctx)(await service(ctx).get(ctx.id));
        return { status: 200, body: { [plural]: rule, [kind]: rule } };
      },
    },
    {
      method: "POST",
      path: `/apiv2/${plural}`,
      bodyKey: kind,
      responses: { 201: one },
      async handle(ctx) {
        const rule = present(ctx)(await service(ctx).create(unchecked(ctx.body)));
        return { status: 201, body: { [kind]: rule }, location: rule.url };
      },
    },
    {
      method: "PUT",
      path: `/apiv2/${plural}/:id`,
      bodyKey: kind,
      responses: { 200: one },
      async handle(ctx) {
        return { status: 200, body: { [kind]: present(ctx)(await service(ctx).update(ctx.id, ctx.body)) } };
      },
    },
    {
      method: "DELETE",
      path: `/apiv2/${plural}/:id`,
      responses: { 200: null },
      async handle(ctx) {
        await service(ctx).delete(ctx.id);
        return EMPTY_OK;
      },
    },
  ];
}

export const triggerRoutes = ruleRoutes("trigger");
export const automationRoutes = ruleRoutes("automation");
