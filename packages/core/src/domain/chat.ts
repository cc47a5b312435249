import { z } from "zod";
import { dateInputSchema, idSchema, parseApiDate, timestampSchema } from "./common";
import { pageQuerySchema } from "./list-query";

/** One message of a chat, as recorded by the chat system. */
export const chatMessageSchema = z.object({
  id: idSchema,
  chat_id: idSchema,
  type: z.string(),
  name: z.string().nullable(),
  msg: z.string(),
  is_read: z.number().int(),
  created_at: timestampSchema,
  upload_id: idSchema.nullable(),
  upload: z.record(z.string(), z.unknown()).nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** A chat history record with its messages in the order they were recorded. */
export const chatSchema = z.object({
  id: idSchema,
  type: z.string(),
  started_by: z.string(),
  status: z.string(),
  /** The handling agent, a user of the tenant. */
  agent_id: idSchema.nullable(),
  rating: z.string().nullable(),
  /** The chat widget's visitor, not a user of the help desk. */
  visitor_id: z.string().nullable(),
  user_id: idSchema.nullable(),
  created_at: timestampSchema,
  assigned_at: timestampSchema.nullable(),
  end_at: timestampSchema.nullable(),
  messages: z.array(chatMessageSchema),
});
export type Chat = z.infer<typeof chatSchema>;

/** A type, starter or status word such as `chat`, `visitor`, `close`, `chat.msg`: the spec lists samples, not a closed set. */
const label = z.string().trim().regex(/^[A-Za-z][A-Za-z0-9._-]{0,63}$/, "must be a word such as chat, visitor, close or chat.msg");

/** An id given as a number or as a string of digits (the spec types agent_id as a string). */
const idLikeSchema = z.union([idSchema, z.string().trim().regex(/^[1-9][0-9]{0,15}$/, "must be an id").transform(Number).pipe(idSchema)]);

const textOrNumber = (max: number) =>
  z.union([z.string().trim().min(1, "must not be empty").max(max), z.number().finite()]).transform(String);

export const chatMessageImportSchema = z.object({
  type: label.default("chat.msg"),
  name: z.string().max(255).nullable().optional(),
  msg: z.string().max(65535).default(""),
  is_read: z.union([z.literal(0), z.literal(1), z.boolean()]).transform(Number).default(0),
  /** Defaults to the chat's `created_at`. */
  created_at: dateInputSchema.optional(),
  upload_id: idSchema.nullable().optional(),
  upload: z.record(z.string(), z.unknown()).nullable().optional(),
});

/** A finished chat brought in from the chat system; every timestamp is kept as given. */
export const chatImportInputSchema = z.object({
  type: label.default("chat"),
  started_by: label.default("visitor"),
  status: label.default("close"),
  agent_id: idLikeSchema.nullable().optional(),
  rating: textOrNumber(64).nullable().optional(),
  visitor_id: textOrNumber(255).nullable().optional(),
  user_id: idSchema.nullable().optional(),
  /** Defaults to now. */
  created_at: dateInputSchema.optional(),
  assigned_at: dateInputSchema.nullable().optional(),
  end_at: dateInputSchema.nullable().optional(),
  messages: z.array(chatMessageImportSchema).max(10_000).default([]),
});
export type ChatImportInput = z.input<typeof chatImportInputSchema>;

const DATE_ONLY = /^\s*\d{4}-\d{2}-\d{2}\s*$/;
const DAY_MS = 86_400_000;

/** Like a date input, except that a bare date (`2016-01-31`) stands for the whole day, up to its last millisecond. */
const dayEndInputSchema = z.string().transform((value, ctx) => {
  const ms = parseApiDate(value);
  if (ms === null) {
    ctx.addIssue({ code: "custom", message: "must be YYYY-MM-DD, YYYY-MM-DD HH:MM:SS or a Unix timestamp" });
    return z.NEVER;
  }
  return DATE_ONLY.test(value) ? ms + DAY_MS - 1 : ms;
});

/** Query of the chat list: who took part, when it was created (both bounds inclusive), paging. */
export const chatListQuerySchema = pageQuerySchema.extend({
  visitor_id: z.string().trim().min(1).max(255).optional(),
  user_id: z.coerce.number().pipe(idSchema).optional(),
  start: dateInputSchema.optional(),
  end: dayEndInputSchema.optional(),
});
export type ChatListQuery = z.input<typeof chatListQuerySchema>;
