import { HelpdeskError } from "../errors";
import { categoryCreateInputSchema, categoryUpdateInputSchema } from "../domain/knowledge-base";
import type { CategoryService } from "../knowledge-base-api";
import type { CategoryPatch } from "../knowledge-base-storage";
import { expireCategoryFiles } from "./knowledge-base-files";
import { requireRole, type ActorContext } from "./actor-context";
import { definedFields } from "./defined-fields";
import { found } from "./found";
import { listPage } from "./paging";
import { parseInput } from "./validation";

/** `display_limit` when none is given: documents shown per forum on the front end. */
export const DEFAULT_DISPLAY_LIMIT = 10;

export function createCategoryService(ctx: ActorContext): CategoryService {
  const { tenantId, storage } = ctx;

  return {
    async list(query) {
      requireRole(ctx, "end_user");
      return listPage(query, (window) => storage.categories.list(tenantId, window));
    },

    async get(id) {
      requireRole(ctx, "end_user");
      return found(await storage.categories.get(tenantId, id), "CATEGORY_NOT_FOUND");
    },

    async create(raw) {
      requireRole(ctx, "admin");
      const input = parseInput(categoryCreateInputSchema, raw);
      const now = ctx.clock();
      return storage.categories.create(tenantId, {
        title: input.title,
        content: input.content ?? "",
        display_limit: input.display_limit ?? DEFAULT_DISPLAY_LIMIT,
        sort: input.sort ?? 0,
        created_at: now,
        updated_at: now,
      });
    },

    async update(id, raw) {
      requireRole(ctx, "admin");
      const input = parseInput(categoryUpdateInputSchema, raw);
      const patch: CategoryPatch = { ...definedFields(input), updated_at: ctx.clock() };
      return found(await storage.categories.update(tenantId, id, patch), "CATEGORY_NOT_FOUND");
    },

    async delete(id) {
      requireRole(ctx, "admin");
      await storage.transaction(async (tx) => {
        await expireCategoryFiles(tx, tenantId, id, ctx.clock());
        if (!(await tx.categories.delete(tenantId, id))) throw new HelpdeskError("CATEGORY_NOT_FOUND");
      });
    },
  };
}
