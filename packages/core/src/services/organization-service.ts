import { HelpdeskError, invalidField } from "../errors";
import { organizationListQuerySchema } from "../domain/list-query";
import { organizationCreateInputSchema, organizationUpdateInputSchema } from "../domain/organization";
import type { OrganizationService } from "../help-desk-api";
import type { Storage } from "../storage";
import { requireRole, type ActorContext } from "./actor-context";
import { toListResult, toSortKeys, toTimeRange, toWindow } from "./paging";
import { parseInput, parseQuery } from "./validation";

export function createOrganizationService(ctx: ActorContext): OrganizationService {
  const { tenantId, storage } = ctx;

  async function checkGroup(from: Storage, id: number | null | undefined): Promise<void> {
    if (id != null && !(await from.groups.get(tenantId, id))) throw invalidField("group_id", `no group with id ${id}`);
  }

  return {
    async list(query) {
      requireRole(ctx, "agent");
      const params = parseQuery(organizationListQuerySchema, query);
      const page = await storage.organizations.list(tenantId, toTimeRange(params), toSortKeys(params), toWindow(params));
      return toListResult(page, params);
    },

    async get(id) {
      requireRole(ctx, "agent");
      const organization = await storage.organizations.get(tenantId, id);
      if (!organization) throw new HelpdeskError("ORGANIZATION_NOT_FOUND");
      return organization;
    },

    async create(raw) {
      requireRole(ctx, "admin");
      const input = parseInput(organizationCreateInputSchema, raw);
      return storage.transaction(async (tx) => {
        await checkGroup(tx, input.group_id);
        const now = ctx.clock();
        return tx.organizations.create(tenantId, {
          name: input.name,
          domain: input.domain ?? null,
          description: input.description ?? null,
          group_id: input.group_id ?? null,
          created_at: now,
          updated_at: now,
          shared_tickets: input.shared_tickets ?? false,
        });
      });
    },

    async update(id, raw) {
      requireRole(ctx, "admin");
      const input = parseInput(organizationUpdateInputSchema, raw);
      return storage.transaction(async (tx) => {
        await checkGroup(tx, input.group_id);
        const patch: Parameters<Storage["organizations"]["update"]>[2] = { updated_at: ctx.clock() };
        for (const [key, value] of Object.entries(input)) if (value !== undefined) Object.assign(patch, { [key]: value });
        const updated = await tx.organizations.update(tenantId, id, patch);
        if (!updated) throw new HelpdeskError("ORGANIZATION_NOT_FOUND");
        return updated;
      });
    },

    async delete(id) {
      requireRole(ctx, "admin");
      if (!(await storage.organizations.delete(tenantId, id))) throw new HelpdeskError("ORGANIZATION_NOT_FOUND");
    },
  };
}
