import { z } from "zod";
import { idSchema, requiredText, timestampSchema } from "./common";
import { pageQuerySchema } from "./list-query";

/** A chat-bot question group (the API's "question category"). */
export const botQuestionGroupSchema = z.object({
  id: idSchema,
  title: z.string(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type BotQuestionGroup = z.infer<typeof botQuestionGroupSchema>;

/** A chat-bot question as stored: a canonical title, similar phrasings and the answer the bot gives. */
export const botQuestionSchema = z.object({
  id: idSchema,
  category_id: idSchema,
  title: z.string(),
  other_titles: z.array(z.string()),
  answer: z.string(),
  active: z.boolean(),
  remark: z.string(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type BotQuestion = z.infer<typeof botQuestionSchema>;

/** A question as the API shows it: `active` as 0 or 1 and its group as `question_category`. */
export const botQuestionViewSchema = botQuestionSchema.omit({ active: true, updated_at: true }).extend({
  active: z.literal([0, 1]),
  question_category: botQuestionGroupSchema.pick({ id: true, title: true }),
});
export type BotQuestionView = z.infer<typeof botQuestionViewSchema>;

/** What an end user sees of a matched question: the phrasing and the answer, not the bank's bookkeeping. */
export const botQuestionPublicViewSchema = botQuestionViewSchema.pick({ id: true, title: true, answer: true, question_category: true });

/** `active` is 0 or 1 as the spec says; booleans are accepted too. */
const activeInputSchema = z.union([z.literal(0), z.literal(1), z.boolean()]).transform((v) => v === 1 || v === true);

/** One element of POST `data`, or PUT `data`. */
export const botQuestionInputSchema = z.object({
  category_id: idSchema,
  title: requiredText(255),
  answer: requiredText(65535),
  other_titles: z.array(requiredText(255)).max(100).optional(),
  active: activeInputSchema.optional(),
  remark: z.string().trim().max(65535).optional(),
});
export type BotQuestionInput = z.input<typeof botQuestionInputSchema>;

/** At most this many questions or groups per create or delete call (the spec's bulk limit elsewhere). */
export const BOT_BATCH_LIMIT = 100;

export const botQuestionGroupInputSchema = z.object({ title: requiredText(255) });
export type BotQuestionGroupInput = z.input<typeof botQuestionGroupInputSchema>;

/** `ids` of a bank DELETE body: 1 to 100 ids. */
export const botIdsInputSchema = z.array(idSchema).min(1, "must name at least one id").max(BOT_BATCH_LIMIT, `at most ${BOT_BATCH_LIMIT} ids`);

/** Query of the question list. */
export const botQuestionListQuerySchema = pageQuerySchema.extend({ category_id: z.coerce.number().pipe(idSchema).optional() });

/** Query of the match route. */
export const botMatchQuerySchema = z.object({ query: z.string().trim().min(1, "is required").max(1000) });
