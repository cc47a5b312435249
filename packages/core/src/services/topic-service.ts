import { HelpdeskError } from "../errors";
import { topicCreateInputSchema, topicUpdateInputSchema } from "../domain/community";
import type { TopicService } from "../help-desk-api";
import type { Storage } from "../storage";
import { requireRole, type ActorContext } from "./actor-context";
import { found } from "./found";
import { listPage } from "./paging";
import { parseInput } from "./validation";

/** Community topics: every signed-in user reads them, admins write them. */
export function createTopicService(ctx: ActorContext): TopicService {
  const { tenantId, storage } = ctx;

  return {
    async list(query) {
      return listPage(query, (window) => storage.topics.list(tenantId, window));
    },

    async get(id) {
      return found(await storage.topics.get(tenantId, id), "TOPIC_NOT_FOUND");
    },

    async create(raw) {
      requireRole(ctx, "admin");
      const input = parseInput(topicCreateInputSchema, raw);
      const now = ctx.clock();
      return storage.topics.create(tenantId, {
        title: input.title,
        description: input.description ?? null,
        sort: input.sort ?? 0,
        created_at: now,
        updated_at: now,
      });
    },

    async update(id, raw) {
      requireRole(ctx, "admin");
      const input = parseInput(topicUpdateInputSchema, raw);
      const patch: Parameters<Storage["topics"]["update"]>[2] = { updated_at: ctx.clock() };
      if (input.title !== undefined) patch.title = input.title;
      if (input.description !== undefined) patch.description = input.description;
      if (input.sort !== undefined) patch.sort = input.sort;
      return found(await storage.topics.update(tenantId, id, patch), "TOPIC_NOT_FOUND");
    },

    async delete(id) {
      requireRole(ctx, "admin");
      if (!(await storage.topics.delete(tenantId, id))) throw new HelpdeskError("TOPIC_NOT_FOUND");
    },
  };
}
