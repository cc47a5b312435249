import type { Clock } from "../clock";
import type { Tenant } from "../domain/tenant";
import type { User } from "../domain/user";
import { automationCandidateFilter, evaluateAutomation, type CompiledRule, type RoundRobin } from "../rules";
import type { Storage } from "../storage";
import { effectsToMessages } from "./rule-effects";
import { newUserRecord } from "./user-records";
import type { RuleSetCache } from "./rule-sets";
import { finishTicketWrite } from "./ticket-writes";

const noTurns: RoundRobin = () => null;

/** Who automations act as: no user of the tenant (id 0), an admin's powers. */
export const AUTOMATION_USER: User = (() => {
  const { password_hash: _none, ...fields } = newUserRecord({ name: "Automation", role: "admin" }, null, 0);
  return { id: 0, ...fields };
})();

export interface AutomationFiring {
  tenantId: number;
  host: string;
  automationId: number;
  title: string;
  ticketId: number;
}

export interface AutomationRunOptions {
  /** The instant the run is for (epoch ms); default now. */
  at?: number;
  /** Tickets one automation may act on in one run, oldest update first; default 1,000. */
  limitPerAutomation?: number;
  /** Called after each automation of each tenant, for progress output. */
  onProgress?: (progress: { tenant: Tenant; automationId: number; title: string; candidates: number; fired: number }) => void;
}

export interface AutomationRunReport {
  at: number;
  tenants: number;
  automations: number;
  fired: AutomationFiring[];
}

/**
 * Runs every tenant's enabled automations once, as of one instant. Candidates
 * come from indexed range queries on the timestamps the automation's
 * hours-since conditions read; each is re-read locked and re-evaluated in its
 * own transaction (so a concurrent change is respected), and a firing is
 * recorded with the ticket's resulting `updated_at`, so running again for the
 * same instant fires nothing twice. An automation's change runs the trigger
 * cycle like any other update.
 */
export function createAutomationRunner(storage: Storage, clock: Clock, rules: RuleSetCache) {
  async function runOne(tenant: Tenant, rule: CompiledRule, at: number, limit: number): Promise<{ candidates: number; fired: number[] }> {
    const filter = automationCandidateFilter(rule.rule, at);
    if (filter.statuses?.length === 0) return { candidates: 0, fired: [] };
    const page = await storage.tickets.list(tenant.id, { scope: { kind: "all" }, ...filter }, [{ by: "updated_at", dir: "asc" }], { limit, offset: 0 });
    const last = await storage.automationFirings.lastFirings(tenant.id, rule.rule.id, page.items.map((t) => t.id));
    const fired: number[] = [];
    for (const candidate of page.items) {
      if (last.get(candidate.id) === candidate.updated_at) continue;
      const didFire = await storage.transaction(async (tx) => {
        const ticket = await tx.tickets.getForUpdate(tenant.id, candidate.id);
        if (!ticket || ticket.status === "closed") return false;
        // inturn_assign is a trigger action: automations never take turns.
        const result = evaluateAutomation(rule, ticket, { now: at, roundRobin: noTurns });
        if (!result.matched) return false;
        const saved = await finishTicketWrite({
          storage: tx,
          tenantId: tenant.id,
          actor: AUTOMATION_USER,
          rules,
          stored: ticket,
          before: ticket,
          after: result.ticket,
          event: "updated",
          comment: null,
          now: at,
        });
        const messages = await effectsToMessages(tx, tenant.id, saved, AUTOMATION_USER, result.effects, at);
        if (messages.length > 0) await tx.outbox.enqueue(tenant.id, messages);
        await tx.automationFirings.record(tenant.id, rule.rule.id, ticket.id, saved.updated_at, at);
        return true;
      });
      if (didFire) fired.push(candidate.id);
    }
    return { candidates: page.items.length, fired };
  }

  return {
    async run(options: AutomationRunOptions = {}): Promise<AutomationRunReport> {
      const at = options.at ?? clock();
      const limit = options.limitPerAutomation ?? 1000;
      const report: AutomationRunReport = { at, tenants: 0, automations: 0, fired: [] };
      for (const tenant of await storage.tenants.list()) {
        report.tenants += 1;
        const set = await rules.get(storage, tenant.id, "automation");
        for (const rule of set.rules) {
          report.automations += 1;
          const { candidates, fired } = await runOne(tenant, rule, at, limit);
          for (const ticketId of fired) report.fired.push({ tenantId: tenant.id, host: tenant.host, automationId: rule.rule.id, title: rule.rule.title, ticketId });
          options.onProgress?.({ tenant, automationId: rule.rule.id, title: rule.rule.title, candidates, fired: fired.length });
        }
      }
      return report;
    },
  };
}
