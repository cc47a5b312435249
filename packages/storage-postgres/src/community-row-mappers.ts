import type { Chat, ChatMessage, Question, QuestionComment, Topic } from "@helpdesk/core";
import { toNullableNumber, toNumber, type Int8Columns } from "./row-mappers";

export type TopicRow = Int8Columns<Topic, "id" | "created_at" | "updated_at">;

export const toTopic = (row: TopicRow): Topic => ({
  id: toNumber(row.id),
  title: row.title,
  description: row.description,
  sort: row.sort,
  created_at: toNumber(row.created_at),
  updated_at: toNumber(row.updated_at),
});

export type QuestionRow = Int8Columns<Question, "id" | "topic_id" | "author_id" | "created_at" | "updated_at">;

export const toQuestion = (row: QuestionRow): Question => ({
  id: toNumber(row.id),
  topic_id: toNumber(row.topic_id),
  title: row.title,
  content: row.content,
  author_id: toNumber(row.author_id),
  created_at: toNumber(row.created_at),
  updated_at: toNumber(row.updated_at),
});

export type QuestionCommentRow = Int8Columns<QuestionComment, "id" | "question_id" | "author_id" | "created_at">;

export const toQuestionComment = (row: QuestionCommentRow): QuestionComment => ({
  id: toNumber(row.id),
  question_id: toNumber(row.question_id),
  content: row.content,
  author_id: toNumber(row.author_id),
  created_at: toNumber(row.created_at),
});

/** A chat row with its messages aggregated by json_agg (so their numbers arrive as numbers). */
export interface ChatRow
  extends Int8Columns<Omit<Chat, "messages">, "id" | "agent_id" | "user_id" | "created_at" | "assigned_at" | "end_at"> {
  messages: ChatMessage[];
}

export const toChat = (row: ChatRow): Chat => ({
  id: toNumber(row.id),
  type: row.type,
  started_by: row.started_by,
  status: row.status,
  agent_id: toNullableNumber(row.agent_id),
  rating: row.rating,
  visitor_id: row.visitor_id,
  user_id: toNullableNumber(row.user_id),
  created_at: toNumber(row.created_at),
  assigned_at: toNullableNumber(row.assigned_at),
  end_at: toNullableNumber(row.end_at),
  messages: row.messages,
});
