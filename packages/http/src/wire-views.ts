import { z } from "zod";
import {
  apiTokenSchema,
  attachmentViewSchema,
  categorySchema,
  forumSchema,
  postCommentSchema,
  postSchema,
  bulkResultSchema,
  commentViewSchema,
  endUserUserSchema,
  groupAgentSchema,
  groupViewSchema,
  organizationSchema,
  outboxMessageSchema,
  requestSchema,
  ruleSchema,
  webhookSchema,
  botQuestionGroupSchema,
  botQuestionPublicViewSchema,
  botQuestionViewSchema,
  ticketSchema,
  timestampSchema,
  userSchema,
  topicSchema,
  questionSchema,
  questionCommentSchema,
  chatSchema,
  idSchema,
  viewCountSchema,
  viewSchema,
  oauthClientSchema,
  postVoteSchema,
} from "@helpdesk/core";
import { fieldDefinitionSchema } from "@helpdesk/core";

const withUrl = { url: z.string() };

/** An attachment with its addresses; `token` is shown only in the upload's answer (it is stored as a hash), null elsewhere. */
const attachmentWire = attachmentViewSchema.extend({ ...withUrl, content_url: z.string(), token: z.string().nullable() });

/**
 * What each resource looks like on the wire, as zod schemas derived from the
 * core's: the core's fields plus `url`. These are allow-lists: the serializers
 * write only the fields named here, so nothing the core adds later (or any
 * secret) leaks by accident. Timestamps are still `timestampSchema` here; the
 * JSON Schema and the presenters turn them into strings.
 */
export const wireViews = {
  ticket: ticketSchema.omit({ pending_at: true, requester_updated_at: true, assignee_updated_at: true }).extend(withUrl),
  /** Users as agents and admins see them. */
  user: userSchema.extend(withUrl),
  /** Users as end users see them (spec: "User as shown to an end user"). */
  endUser: endUserUserSchema.extend(withUrl),
  group: groupViewSchema.extend({ ...withUrl, agents: z.array(groupAgentSchema.extend(withUrl)) }),
  organization: organizationSchema.extend(withUrl),
  /** Comments as agents see them, private ones included. */
  comment: commentViewSchema.extend({ attachments: z.array(attachmentWire) }),
  apiToken: apiTokenSchema,
  apiTokenCreated: apiTokenSchema.extend({ token: z.string() }),
  bulkResult: bulkResultSchema,
  rule: ruleSchema.extend(withUrl),
  webhook: webhookSchema.extend(withUrl),
  outboxMessage: outboxMessageSchema,
  /** A ticket as its requester sees it (spec: "Request"). */
  request: requestSchema.extend(withUrl),
  /** Comments as end users see them: public ones only, so without `public`. */
  requestComment: commentViewSchema.omit({ public: true }).extend({ attachments: z.array(attachmentWire) }),
  /** Ticket and user field definitions: `name` is `field_<id>`. */
  field: fieldDefinitionSchema.extend({ ...withUrl, name: z.string() }),
  topic: topicSchema.extend(withUrl),
  question: questionSchema.extend(withUrl),
  /** Addressed under its question: `/apiv2/questions/{question_id}/comments/{id}.json`. */
  questionComment: questionCommentSchema.extend(withUrl),
  /** The spec types `agent_id` as a string; the core keeps the agent's user id. */
  chat: chatSchema.extend({ agent_id: z.string().nullable() }),
  /** `slas_id` only on an SLA view, as the spec says. */
  view: viewSchema.omit({ sla_id: true }).extend({ ...withUrl, slas_id: idSchema.optional() }),
  viewCount: viewCountSchema,
  attachment: attachmentWire,
  category: categorySchema.extend(withUrl),
  forum: forumSchema.extend(withUrl),
  post: postSchema.extend({ ...withUrl, uploads: z.array(attachmentWire) }),
  postComment: postCommentSchema.extend(withUrl),
  botQuestion: botQuestionViewSchema,
  /** A matched question as end users see it. */
  botQuestionPublic: botQuestionPublicViewSchema,
  botQuestionGroup: botQuestionGroupSchema.pick({ id: true, title: true }),
  oauthClient: oauthClientSchema.extend(withUrl),
  oauthClientCreated: oauthClientSchema.extend({ ...withUrl, client_secret: z.string() }),
  postVote: postVoteSchema,
};

/** True for the core's timestamp schema, alone or nullable: those fields go out as `YYYY-MM-DD HH:MM:SS`. */
export function isTimestamp(schema: z.core.$ZodType): boolean {
  if (schema === timestampSchema) return true;
  return schema instanceof z.ZodNullable && schema.unwrap() === timestampSchema;
}

/** The names of the timestamp fields of an object schema, found once at start-up. */
export function timestampKeys<S extends z.ZodObject>(schema: S): Array<keyof z.output<S> & string> {
  return Object.entries(schema.shape)
    .filter(([, field]) => isTimestamp(field as z.core.$ZodType))
    .map(([key]) => key as keyof z.output<S> & string);
}
