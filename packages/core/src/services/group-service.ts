import { HelpdeskError, invalidField } from "../errors";
import { groupCreateInputSchema, groupUpdateInputSchema, type Group, type GroupView } from "../domain/group";
import { pageQuerySchema } from "../domain/list-query";
import { roleAtLeast } from "../domain/user";
import type { GroupService } from "../help-desk-api";
import type { Storage } from "../storage";
import { requireRole, type ActorContext } from "./actor-context";
import { toListResult, toWindow } from "./paging";
import { parseInput, parseQuery } from "./validation";

export function createGroupService(ctx: ActorContext): GroupService {
  const { tenantId, storage } = ctx;

  /** Expands agent ids to `{id, username, name}` with one query for all groups; username is the e-mail. */
  async function present(groups: Group[], from: Storage = storage): Promise<GroupView[]> {
    const agentIds = [...new Set(groups.flatMap((g) => g.agent_ids))];
    const agents = new Map((await from.users.getMany(tenantId, agentIds)).map((u) => [u.id, u]));
    return groups.map(({ agent_ids, ...group }) => ({
      ...group,
      agents: agent_ids.flatMap((id) => {
        const agent = agents.get(id);
        return agent ? [{ id, username: agent.email ?? agent.phone ?? "", name: agent.name }] : [];
      }),
    }));
  }

  async function findGroup(from: Storage, id: number): Promise<Group> {
    const group = await from.groups.get(tenantId, id);
    if (!group) throw new HelpdeskError("GROUP_NOT_FOUND");
    return group;
  }

  /** Only agents and admins of this tenant can be members. */
  async function checkAgents(from: Storage, ids: number[]): Promise<number[]> {
    const unique = [...new Set(ids)];
    const users = await from.users.getMany(tenantId, unique);
    const bad = unique.filter((id) => !users.some((u) => u.id === id && roleAtLeast(u.role, "agent")));
    if (bad.length > 0) throw invalidField("agents", `not agents of this help desk: ${bad.join(", ")}`);
    return unique;
  }

  return {
    async list(query) {
      requireRole(ctx, "agent");
      const params = parseQuery(pageQuerySchema, query);
      const page = await storage.groups.list(tenantId, toWindow(params));
      return toListResult({ items: await present(page.items), count: page.count }, params);
    },

    async listForUser(userId) {
      requireRole(ctx, "agent");
      if (!(await storage.users.get(tenantId, userId))) throw new HelpdeskError("USER_NOT_FOUND");
      return present(await storage.groups.listForUser(tenantId, userId));
    },

    async get(id) {
      requireRole(ctx, "agent");
      const [view] = await present([await findGroup(storage, id)]);
      return view!;
    },

    async create(raw) {
      requireRole(ctx, "admin");
      const input = parseInput(groupCreateInputSchema, raw);
      return storage.transaction(async (tx) => {
        const now = ctx.clock();
        const agent_ids = await checkAgents(tx, input.agents ?? []);
        const [view] = await present([await tx.groups.create(tenantId, { name: input.name, agent_ids, created_at: now, updated_at: now })], tx);
        return view!;
      });
    },

    async update(id, raw) {
      requireRole(ctx, "admin");
      const input = parseInput(groupUpdateInputSchema, raw);
      return storage.transaction(async (tx) => {
        await findGroup(tx, id);
        const patch: Parameters<Storage["groups"]["update"]>[2] = { updated_at: ctx.clock() };
        if (input.name !== undefined) patch.name = input.name;
        if (input.agents !== undefined) patch.agent_ids = await checkAgents(tx, input.agents);
        const [view] = await present([(await tx.groups.update(tenantId, id, patch))!], tx);
        return view!;
      });
    },

    async delete(id) {
      requireRole(ctx, "admin");
      if (!(await storage.groups.delete(tenantId, id))) throw new HelpdeskError("GROUP_NOT_FOUND");
    },
  };
}
