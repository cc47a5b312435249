import { HelpdeskError, invalidField } from "../errors";
import { questionCommentInputSchema, questionCreateInputSchema, questionUpdateInputSchema, type Question } from "../domain/community";
import type { QuestionService } from "../help-desk-api";
import type { QuestionFilter, Storage } from "../storage";
import { requireRole, type ActorContext } from "./actor-context";
import { found } from "./found";
import { listPage } from "./paging";
import { parseInput } from "./validation";

/** Community questions and their comments: every signed-in user reads, asks and comments; admins edit and delete. */
export function createQuestionService(ctx: ActorContext): QuestionService {
  const { tenantId, storage } = ctx;

  async function list(filter: QuestionFilter, query: unknown) {
    return listPage(query, (window) => storage.questions.list(tenantId, filter, window));
  }

  async function findQuestion(from: Storage, id: number): Promise<Question> {
    return found(await from.questions.get(tenantId, id), "QUESTION_NOT_FOUND");
  }

  async function checkTopic(from: Storage, topicId: number): Promise<void> {
    if (!(await from.topics.get(tenantId, topicId))) throw invalidField("topic_id", `no topic with id ${topicId}`);
  }

  return {
    list: (query) => list({}, query),

    async listForTopic(topicId, query) {
      if (!(await storage.topics.get(tenantId, topicId))) throw new HelpdeskError("TOPIC_NOT_FOUND");
      return list({ topicId }, query);
    },

    async listForUser(userId, query) {
      if (!(await storage.users.get(tenantId, userId))) throw new HelpdeskError("USER_NOT_FOUND");
      return list({ authorId: userId }, query);
    },

    get: (id) => findQuestion(storage, id),

    async create(raw) {
      const input = parseInput(questionCreateInputSchema, raw);
      // A topic deleted between the check and the insert fails the insert on its foreign key (TOPIC_NOT_FOUND).
      return storage.transaction(async (tx) => {
        await checkTopic(tx, input.topic_id);
        const now = ctx.clock();
        return tx.questions.create(tenantId, { ...input, author_id: ctx.actor.id, created_at: now, updated_at: now });
      });
    },

    async update(id, raw) {
      requireRole(ctx, "admin");
      const input = parseInput(questionUpdateInputSchema, raw);
      return storage.transaction(async (tx) => {
        await findQuestion(tx, id);
        if (input.topic_id !== undefined) await checkTopic(tx, input.topic_id);
        const patch: Parameters<Storage["questions"]["update"]>[2] = { updated_at: ctx.clock() };
        if (input.title !== undefined) patch.title = input.title;
        if (input.content !== undefined) patch.content = input.content;
        if (input.topic_id !== undefined) patch.topic_id = input.topic_id;
        return (await tx.questions.update(tenantId, id, patch))!;
      });
    },

    async delete(id) {
      requireRole(ctx, "admin");
      if (!(await storage.questions.delete(tenantId, id))) throw new HelpdeskError("QUESTION_NOT_FOUND");
    },

    async comments(questionId, query) {
      return listPage(query, async (window) => {
        await findQuestion(storage, questionId);
        return storage.questionComments.list(tenantId, questionId, window);
      });
    },

    async comment(questionId, id) {
      await findQuestion(storage, questionId);
      return found(await storage.questionComments.get(tenantId, questionId, id), "QUESTION_COMMENT_NOT_FOUND");
    },

    async addComment(questionId, raw) {
      const input = parseInput(questionCommentInputSchema, raw);
      return storage.transaction(async (tx) => {
        await findQuestion(tx, questionId);
        return tx.questionComments.create(tenantId, questionId, { content: input.content, author_id: ctx.actor.id, created_at: ctx.clock() });
      });
    },
  };
}
