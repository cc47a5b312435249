import { timestampSchema } from "@helpdesk/core";
import type { z } from "zod";
import { wireViews } from "./wire-views";

/** A JSON Schema document, as fast-json-stringify takes it. */
export type JsonSchema = { [key: string]: unknown };

/** Whose eyes a response is for: end users get the reduced user view. */
export type View = "staff" | "end_user";

/** Converts a wire view to JSON Schema with its timestamps as strings (nullable ones as string or null). */
export function toJsonSchema(schema: z.ZodType): JsonSchema {
  const json = schema.toJSONSchema({
    io: "output",
    override(ctx) {
      if (ctx.zodSchema !== timestampSchema) return;
      const target = ctx.jsonSchema as JsonSchema;
      for (const key of Object.keys(target)) delete target[key];
      target.type = "string";
    },
  }) as JsonSchema;
  delete json.$schema;
  return simplify(json) as JsonSchema;
}

/**
 * Turns `anyOf: [{type: A, ...}, {type: B, ...}]` with distinct types into
 * `{type: [A, B], ...}`: fast-json-stringify writes a type list with a
 * `typeof` check, while `anyOf` makes it validate every value against the
 * branches at run time (with ajv).
 */
const isContainer = (type: unknown) => type === "array" || type === "object";

function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (node === null || typeof node !== "object") return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) out[key] = simplify(value);
  const branches = out.anyOf as JsonSchema[] | undefined;
  if (!Array.isArray(branches)) return out;
  const types = branches.map((branch) => branch.type);
  if (!types.every((type) => typeof type === "string") || new Set(types).size !== types.length) return out;
  delete out.anyOf;
  const merged: JsonSchema = Object.assign(out, ...branches);
  // Containers first: fast-json-stringify tries the types in order, and would write an array through `string`.
  merged.type = [...types].sort((a, b) => Number(isContainer(b)) - Number(isContainer(a)));
  const enums = branches.filter((branch) => Array.isArray(branch.enum));
  if (enums.length > 0) merged.enum = [...enums.flatMap((branch) => branch.enum as unknown[]), ...(types.includes("null") ? [null] : [])];
  return merged;
}

const compiled = {
  ticket: toJsonSchema(wireViews.ticket),
  user: toJsonSchema(wireViews.user),
  endUser: toJsonSchema(wireViews.endUser),
  group: toJsonSchema(wireViews.group),
  organization: toJsonSchema(wireViews.organization),
  comment: toJsonSchema(wireViews.comment),
  apiToken: toJsonSchema(wireViews.apiToken),
  apiTokenCreated: toJsonSchema(wireViews.apiTokenCreated),
  bulkResult: toJsonSchema(wireViews.bulkResult),
  rule: toJsonSchema(wireViews.rule),
  webhook: toJsonSchema(wireViews.webhook),
  outboxMessage: toJsonSchema(wireViews.outboxMessage),
  request: toJsonSchema(wireViews.request),
  requestComment: toJsonSchema(wireViews.requestComment),
  field: toJsonSchema(wireViews.field),
  topic: toJsonSchema(wireViews.topic),
  question: toJsonSchema(wireViews.question),
  questionComment: toJsonSchema(wireViews.questionComment),
  chat: toJsonSchema(wireViews.chat),
  view: toJsonSchema(wireViews.view),
  viewCount: toJsonSchema(wireViews.viewCount),
  attachment: toJsonSchema(wireViews.attachment),
  category: toJsonSchema(wireViews.category),
  forum: toJsonSchema(wireViews.forum),
  post: toJsonSchema(wireViews.post),
  postComment: toJsonSchema(wireViews.postComment),
  botQuestion: toJsonSchema(wireViews.botQuestion),
  botQuestionPublic: toJsonSchema(wireViews.botQuestionPublic),
  botQuestionGroup: toJsonSchema(wireViews.botQuestionGroup),
  oauthClient: toJsonSchema(wireViews.oauthClient),
  oauthClientCreated: toJsonSchema(wireViews.oauthClientCreated),
  postVote: toJsonSchema(wireViews.postVote),
};

/** Item schemas by resource; users depend on who is looking. */
export const itemSchemas = {
  ticket: () => compiled.ticket,
  user: (view: View) => (view === "end_user" ? compiled.endUser : compiled.user),
  group: () => compiled.group,
  organization: () => compiled.organization,
  comment: () => compiled.comment,
  apiToken: () => compiled.apiToken,
  apiTokenCreated: () => compiled.apiTokenCreated,
  bulkResult: () => compiled.bulkResult,
  rule: () => compiled.rule,
  webhook: () => compiled.webhook,
  outboxMessage: () => compiled.outboxMessage,
  request: () => compiled.request,
  requestComment: () => compiled.requestComment,
  field: () => compiled.field,
  topic: () => compiled.topic,
  question: () => compiled.question,
  questionComment: () => compiled.questionComment,
  chat: () => compiled.chat,
  view: () => compiled.view,
  viewCount: () => compiled.viewCount,
  attachment: () => compiled.attachment,
  category: () => compiled.category,
  forum: () => compiled.forum,
  post: () => compiled.post,
  postComment: () => compiled.postComment,
  botQuestion: (view: View) => (view === "end_user" ? compiled.botQuestionPublic : compiled.botQuestion),
  botQuestionGroup: () => compiled.botQuestionGroup,
  oauthClient: () => compiled.oauthClient,
  oauthClientCreated: () => compiled.oauthClientCreated,
  postVote: () => compiled.postVote,
};

const nullableString = { type: ["string", "null"] };

/** `{<key>: item}`. */
export function singleEnvelope(key: string, item: JsonSchema): JsonSchema {
  return { type: "object", properties: { [key]: item }, required: [key] };
}

/** `{<key>: [item]}`, for lists that are not paged. */
export function arrayEnvelope(key: string, item: JsonSchema): JsonSchema {
  return { type: "object", properties: { [key]: { type: "array", items: item } }, required: [key] };
}

/** `{<key>: [item], count, next_page, previous_page}`, for paged lists. */
export function pagedEnvelope(key: string, item: JsonSchema): JsonSchema {
  return {
    type: "object",
    properties: {
      [key]: { type: "array", items: item },
      count: { type: "integer" },
      next_page: nullableString,
      previous_page: nullableString,
    },
    required: [key, "count", "next_page", "previous_page"],
  };
}

/** The one error body of /apiv2. */
export const errorBodySchema: JsonSchema = {
  type: "object",
  properties: {
    error: { type: "string" },
    description: { type: "string" },
    code: { type: "string" },
    details: {
      type: "object",
      additionalProperties: {
        type: "array",
        items: { type: "object", properties: { description: { type: "string" } }, required: ["description"] },
      },
    },
  },
  required: ["error", "description", "code"],
};
