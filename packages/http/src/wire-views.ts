import { z } from "zod";
import {
  apiTokenSchema,
  bulkResultSchema,
  endUserUserSchema,
  groupAgentSchema,
  groupViewSchema,
  organizationSchema,
  outboxMessageSchema,
  ruleSchema,
  webhookSchema,
  ticketCommentSchema,
  ticketSchema,
  timestampSchema,
  userSchema,
  oauthClientSchema,
} from "@helpdesk/core";

const withUrl = { url: z.string() };

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
  comment: ticketCommentSchema.pick({ id: true, author_id: true, content: true, public: true, created_at: true }),
  apiToken: apiTokenSchema,
  apiTokenCreated: apiTokenSchema.extend({ token: z.string() }),
  bulkResult: bulkResultSchema,
  rule: ruleSchema.extend(withUrl),
  webhook: webhookSchema.extend(withUrl),
  outboxMessage: outboxMessageSchema,
  oauthClient: oauthClientSchema.extend(withUrl),
  oauthClientCreated: oauthClientSchema.extend({ ...withUrl, client_secret: z.string() }),
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
