import { HelpdeskError } from "../errors";
import { botQuestionGroupInputSchema } from "../domain/bot-question";
import type { BotQuestionGroupService } from "../help-desk-api";
import { requireRole, type ActorContext } from "./actor-context";
import { parseDataArray, parseDataObject, parseIdsBody, requireAll } from "./bot-bank-input";
import { found } from "./found";
import { listPage } from "./paging";

/** Question groups of the chat-bot bank (agents and admins). */
export function createBotQuestionGroupService(ctx: ActorContext): BotQuestionGroupService {
  const { tenantId, storage } = ctx;
  return {
    async list(query) {
      requireRole(ctx, "agent");
      return listPage(query, (window) => storage.botQuestionGroups.list(tenantId, window));
    },

    async create(data) {
      requireRole(ctx, "agent");
      const titles = parseDataArray(botQuestionGroupInputSchema.shape.title, data);
      return storage.transaction(async (tx) => {
        const now = ctx.clock();
        const created = [];
        for (const title of titles) created.push(await tx.botQuestionGroups.create(tenantId, { title, created_at: now, updated_at: now }));
        return created;
      });
    },

    async update(id, data) {
      requireRole(ctx, "agent");
      const { title } = parseDataObject(botQuestionGroupInputSchema, data);
      return found(await storage.botQuestionGroups.update(tenantId, id, { title, updated_at: ctx.clock() }), "BOT_QUESTION_GROUP_NOT_FOUND");
    },

    async delete(raw) {
      requireRole(ctx, "agent");
      const ids = parseIdsBody(raw);
      await storage.transaction(async (tx) => {
        requireAll(ids, await tx.botQuestionGroups.getMany(tenantId, ids), "BOT_QUESTION_GROUP_NOT_FOUND", "question group");
        const counts = await tx.botQuestionGroups.countQuestions(tenantId, ids);
        if (counts.size > 0) {
          const held = [...counts].map(([id, n]) => `${id} (${n})`).join(", ");
          throw new HelpdeskError("BOT_QUESTION_GROUP_NOT_EMPTY", {
            description: `These question groups still hold questions: ${held}; delete or move the questions first`,
            details: { ids: [{ description: `groups still holding questions: ${held}` }] },
          });
        }
        await tx.botQuestionGroups.delete(tenantId, ids);
      });
    },
  };
}
