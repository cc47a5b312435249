import { definedFields } from "./defined-fields";
import { HelpdeskError } from "../errors";
import { ruleCreateInputSchema, ruleUpdateInputSchema, type Rule, type RuleKind } from "../domain/rule";
import type { RuleService } from "../help-desk-api";
import { assertValidRule } from "../rules";
import { requireRole, type ActorContext } from "./actor-context";
import { parseInput } from "./validation";

const NOT_FOUND = { trigger: "TRIGGER_NOT_FOUND", automation: "AUTOMATION_NOT_FOUND" } as const;

/** Triggers or automations of one tenant: admins only, every definition checked against the spec's table. */
export function createRuleService(ctx: ActorContext, kind: RuleKind): RuleService {
  const { tenantId, storage } = ctx;

  async function find(id: number): Promise<Rule> {
    const rule = await storage.rules.get(tenantId, kind, id);
    if (!rule) throw new HelpdeskError(NOT_FOUND[kind]);
    return rule;
  }

  return {
    async list() {
      requireRole(ctx, "admin");
      return storage.rules.list(tenantId, kind, { activeOnly: false });
    },

    async active() {
      requireRole(ctx, "admin");
      return storage.rules.list(tenantId, kind, { activeOnly: true });
    },

    async get(id) {
      requireRole(ctx, "admin");
      return find(id);
    },

    async create(raw) {
      requireRole(ctx, "admin");
      const input = parseInput(ruleCreateInputSchema, raw);
      assertValidRule(kind, input);
      const now = ctx.clock();
      return storage.rules.create(tenantId, kind, { ...input, created_at: now, updated_at: now });
    },

    async update(id, raw) {
      requireRole(ctx, "admin");
      const input = parseInput(ruleUpdateInputSchema, raw);
      return storage.transaction(async (tx) => {
        const current = await tx.rules.get(tenantId, kind, id);
        if (!current) throw new HelpdeskError(NOT_FOUND[kind]);
        const patch: Partial<Rule> = definedFields(input);
        assertValidRule(kind, { ...current, ...patch });
        return (await tx.rules.update(tenantId, kind, id, { ...patch, updated_at: ctx.clock() }))!;
      });
    },

    async delete(id) {
      requireRole(ctx, "admin");
      if (!(await storage.rules.delete(tenantId, kind, id))) throw new HelpdeskError(NOT_FOUND[kind]);
    },
  };
}
