import { HelpdeskError, invalidField } from "../errors";
import { forumCreateInputSchema, forumUpdateInputSchema } from "../domain/knowledge-base";
import type { ForumService } from "../knowledge-base-api";
import type { ForumPatch } from "../knowledge-base-storage";
import type { Storage } from "../storage";
import { expireForumFiles } from "./knowledge-base-files";
import { requireRole, type ActorContext } from "./actor-context";
import { definedFields } from "./defined-fields";
import { found } from "./found";
import { EVERYTHING, visibilityOf } from "./knowledge-base-visibility";
import { listPage } from "./paging";
import { parseInput } from "./validation";

export function createForumService(ctx: ActorContext): ForumService {
  const { tenantId, storage } = ctx;

  async function checkCategory(from: Storage, id: number | undefined): Promise<void> {
    if (id !== undefined && !(await from.categories.get(tenantId, id))) throw invalidField("category_id", `no category with id ${id}`);
  }

  return {
    async list(query) {
      requireRole(ctx, "end_user");
      return listPage(query, (window) => storage.forums.list(tenantId, visibilityOf(ctx), window));
    },

    async listByCategory(categoryId, query) {
      requireRole(ctx, "end_user");
      return listPage(query, async (window) => {
        if (!(await storage.categories.get(tenantId, categoryId))) throw new HelpdeskError("CATEGORY_NOT_FOUND");
        return storage.forums.list(tenantId, { ...visibilityOf(ctx), categoryId }, window);
      });
    },

    async get(id) {
      requireRole(ctx, "end_user");
      return found(await storage.forums.get(tenantId, id, visibilityOf(ctx)), "FORUM_NOT_FOUND");
    },

    async create(raw) {
      requireRole(ctx, "admin");
      const input = parseInput(forumCreateInputSchema, raw);
      return storage.transaction(async (tx) => {
        await checkCategory(tx, input.category_id);
        const now = ctx.clock();
        return tx.forums.create(tenantId, {
          category_id: input.category_id,
          title: input.title,
          content: input.content ?? "",
          role_view: input.role_view ?? "all",
          sort: input.sort ?? 0,
          created_at: now,
          updated_at: now,
        });
      });
    },

    async update(id, raw) {
      requireRole(ctx, "admin");
      const input = parseInput(forumUpdateInputSchema, raw);
      return storage.transaction(async (tx) => {
        found(await tx.forums.get(tenantId, id, EVERYTHING), "FORUM_NOT_FOUND");
        await checkCategory(tx, input.category_id);
        const patch: ForumPatch = { ...definedFields(input), updated_at: ctx.clock() };
        return found(await tx.forums.update(tenantId, id, patch), "FORUM_NOT_FOUND");
      });
    },

    async delete(id) {
      requireRole(ctx, "admin");
      await storage.transaction(async (tx) => {
        await expireForumFiles(tx, tenantId, [id], ctx.clock());
        if (!(await tx.forums.delete(tenantId, id))) throw new HelpdeskError("FORUM_NOT_FOUND");
      });
    },
  };
}
