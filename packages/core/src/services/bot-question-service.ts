import type { ErrorDetails } from "../errors";
import { matchQuestion } from "../bot/question-matcher";
import { botMatchQuerySchema, botQuestionInputSchema, botQuestionListQuerySchema, type BotQuestion, type BotQuestionView } from "../domain/bot-question";
import type { BotQuestionService } from "../help-desk-api";
import type { NewBotQuestion, Storage } from "../storage";
import { requireRole, type ActorContext } from "./actor-context";
import { parseDataArray, parseDataObject, parseIdsBody, requireAll } from "./bot-bank-input";
import { toListResult, toWindow } from "./paging";
import { parseQuery, recordInvalid } from "./validation";

type QuestionInput = ReturnType<typeof botQuestionInputSchema.parse>;

/** Questions of the chat-bot bank (agents and admins) and matching a visitor's words against them (anyone signed in). */
export function createBotQuestionService(ctx: ActorContext): BotQuestionService {
  const { tenantId, storage } = ctx;

  /** Adds `question_category` to each question, with one read for all their groups. */
  async function present(questions: BotQuestion[], from: Storage = storage): Promise<BotQuestionView[]> {
    const groupIds = [...new Set(questions.map((q) => q.category_id))];
    const groups = new Map((await from.botQuestionGroups.getMany(tenantId, groupIds)).map((g) => [g.id, g]));
    return questions.map(({ active, updated_at: _updated, ...question }) => ({
      ...question,
      active: active ? 1 : 0,
      question_category: { id: question.category_id, title: groups.get(question.category_id)?.title ?? "" },
    }));
  }

  /** Rejects, naming `<path>.category_id` for each input, when its group is not one of this tenant's. */
  async function checkGroups(from: Storage, inputs: Array<{ path: string; input: QuestionInput }>): Promise<void> {
    const wanted = [...new Set(inputs.map(({ input }) => input.category_id))];
    const found = new Set((await from.botQuestionGroups.getMany(tenantId, wanted)).map((g) => g.id));
    const details: ErrorDetails = {};
    for (const { path, input } of inputs) {
      if (!found.has(input.category_id)) details[`${path}.category_id`] = [{ description: `no question group with id ${input.category_id}` }];
    }
    if (Object.keys(details).length > 0) throw recordInvalid(details);
  }

  const fields = (input: QuestionInput) => ({
    category_id: input.category_id,
    title: input.title,
    answer: input.answer,
    ...(input.other_titles === undefined ? {} : { other_titles: input.other_titles }),
    ...(input.active === undefined ? {} : { active: input.active }),
    ...(input.remark === undefined ? {} : { remark: input.remark }),
  });

  return {
    async list(query) {
      requireRole(ctx, "agent");
      const params = parseQuery(botQuestionListQuerySchema, query);
      const page = await storage.botQuestions.list(tenantId, params.category_id === undefined ? {} : { categoryId: params.category_id }, toWindow(params));
      return toListResult({ items: await present(page.items), count: page.count }, params);
    },

    async create(data) {
      requireRole(ctx, "agent");
      const inputs = parseDataArray(botQuestionInputSchema, data);
      return storage.transaction(async (tx) => {
        await checkGroups(tx, inputs.map((input, i) => ({ path: `data[${i}]`, input })));
        const now = ctx.clock();
        const created: BotQuestion[] = [];
        for (const input of inputs) {
          const record: NewBotQuestion = { other_titles: [], active: true, remark: "", ...fields(input), created_at: now, updated_at: now };
          created.push(await tx.botQuestions.create(tenantId, record));
        }
        return present(created, tx);
      });
    },

    async update(id, data) {
      requireRole(ctx, "agent");
      const input = parseDataObject(botQuestionInputSchema, data);
      return storage.transaction(async (tx) => {
        requireAll([id], await tx.botQuestions.getMany(tenantId, [id]), "BOT_QUESTION_NOT_FOUND", "question");
        await checkGroups(tx, [{ path: "data", input }]);
        const updated = await tx.botQuestions.update(tenantId, id, { ...fields(input), updated_at: ctx.clock() });
        const [view] = await present([updated!], tx);
        return view!;
      });
    },

    async delete(raw) {
      requireRole(ctx, "agent");
      const ids = parseIdsBody(raw);
      await storage.transaction(async (tx) => {
        requireAll(ids, await tx.botQuestions.getMany(tenantId, ids), "BOT_QUESTION_NOT_FOUND", "question");
        await tx.botQuestions.delete(tenantId, ids);
      });
    },

    async match(query) {
      requireRole(ctx, "end_user");
      const { query: text } = parseQuery(botMatchQuerySchema, query);
      // The bank is read whole for each match: it is small, and any process may have just changed it.
      const match = matchQuestion(text, await storage.botQuestions.listAll(tenantId, { active: true }));
      if (match === null) return null;
      const [question] = await present([match.question]);
      return { question: question!, score: match.score };
    },
  };
}
