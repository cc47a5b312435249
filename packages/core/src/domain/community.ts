import { z } from "zod";
import { idSchema, requiredText, timestampSchema } from "./common";

/** A community topic: the forum's top level, shown in `sort` order. */
export const topicSchema = z.object({
  id: idSchema,
  title: z.string(),
  description: z.string().nullable(),
  sort: z.number().int(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Topic = z.infer<typeof topicSchema>;

const sortSchema = z.number().int().min(-1_000_000_000).max(1_000_000_000);

export const topicCreateInputSchema = z.object({
  title: requiredText(255),
  description: z.string().max(65535).nullable().optional(),
  sort: sortSchema.optional(),
});
export type TopicCreateInput = z.input<typeof topicCreateInputSchema>;

export const topicUpdateInputSchema = topicCreateInputSchema.partial();
export type TopicUpdateInput = z.input<typeof topicUpdateInputSchema>;

/** A question asked under a topic. */
export const questionSchema = z.object({
  id: idSchema,
  topic_id: idSchema,
  title: z.string(),
  content: z.string(),
  author_id: idSchema,
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Question = z.infer<typeof questionSchema>;

export const questionCreateInputSchema = z.object({
  title: requiredText(255),
  content: requiredText(65535),
  topic_id: idSchema,
});
export type QuestionCreateInput = z.input<typeof questionCreateInputSchema>;

export const questionUpdateInputSchema = questionCreateInputSchema.partial();
export type QuestionUpdateInput = z.input<typeof questionUpdateInputSchema>;

/** A comment on a question. */
export const questionCommentSchema = z.object({
  id: idSchema,
  question_id: idSchema,
  content: z.string(),
  author_id: idSchema,
  created_at: timestampSchema,
});
export type QuestionComment = z.infer<typeof questionCommentSchema>;

export const questionCommentInputSchema = z.object({
  content: requiredText(65535),
});
export type QuestionCommentInput = z.input<typeof questionCommentInputSchema>;
