import type { RuleKind } from "../domain/rule";
import { compileRules, type CompiledRuleSet } from "../rules";
import type { Storage } from "../storage";

/**
 * Compiled trigger and automation sets per tenant, cached under the tenant's
 * rule revision: one cheap read per write tells whether any process changed a
 * rule, and only then is the set listed and compiled again.
 */
export function createRuleSetCache() {
  const cache = new Map<string, { revision: number; set: CompiledRuleSet }>();
  return {
    async get(storage: Storage, tenantId: number, kind: RuleKind): Promise<CompiledRuleSet> {
      const revision = await storage.rules.revision(tenantId);
      const key = `${tenantId}:${kind}`;
      const hit = cache.get(key);
      if (hit?.revision === revision) return hit.set;
      const set = compileRules(kind, await storage.rules.list(tenantId, kind, { activeOnly: true }));
      cache.set(key, { revision, set });
      return set;
    },
  };
}

export type RuleSetCache = ReturnType<typeof createRuleSetCache>;
