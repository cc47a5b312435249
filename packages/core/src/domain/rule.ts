import { z } from "zod";
import { idSchema, timestampSchema } from "./common";

/** Triggers run on ticket writes; automations run on a schedule over time-based conditions. */
export const RULE_KINDS = ["trigger", "automation"] as const;
export type RuleKind = (typeof RULE_KINDS)[number];

/** Values are strings in the spec; numbers are accepted and kept as their string form. */
const ruleValueSchema = z.union([z.string().max(4096), z.number()]).transform((v) => String(v));

/** One condition as stored: `{source, operator, value}`; `value` is null for `changed` / `not_changed`. */
export const conditionSchema = z.object({ source: z.string(), operator: z.string(), value: z.string().nullable() });
export type Condition = z.output<typeof conditionSchema>;

/** One action as stored: `{source, value, subject, body}`; subject and body are templates for e-mail, message and webhook actions. */
export const actionSchema = z.object({ source: z.string(), value: z.string().nullable(), subject: z.string().nullable(), body: z.string().nullable() });
export type Action = z.output<typeof actionSchema>;

/** A trigger or automation as stored and shown (the API adds `url`). */
export const ruleSchema = z.object({
  id: idSchema,
  title: z.string(),
  /** Enabled. */
  status: z.boolean(),
  sort: z.number().int(),
  conditions: z.object({ all: z.array(conditionSchema), any: z.array(conditionSchema) }),
  actions: z.array(actionSchema),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Rule = z.output<typeof ruleSchema>;

const conditionInputSchema = z.object({
  source: z.string().min(1).max(64),
  operator: z.string().min(1).max(32),
  value: ruleValueSchema.nullable().default(null),
});

const actionInputSchema = z.object({
  source: z.string().min(1).max(64),
  value: ruleValueSchema.nullable().default(null),
  subject: z.string().max(1024).nullable().default(null),
  body: z.string().max(65536).nullable().default(null),
});

export const conditionsSchema = z.object({
  all: z.array(conditionInputSchema).max(200).default([]),
  any: z.array(conditionInputSchema).max(200).default([]),
});
export type Conditions = z.output<typeof conditionsSchema>;

/** The shape of a rule body; source / operator / value are checked against the spec's table by the rule validator. */
export const ruleCreateInputSchema = z.object({
  title: z.string().trim().min(1, "must not be empty").max(255),
  status: z.boolean().default(true),
  sort: z.number().int().min(-1_000_000).max(1_000_000).default(0),
  conditions: conditionsSchema.default({ all: [], any: [] }),
  actions: z.array(actionInputSchema).min(1, "needs at least one action").max(100),
});
export type RuleCreateInput = z.input<typeof ruleCreateInputSchema>;

export const ruleUpdateInputSchema = z.object({
  title: ruleCreateInputSchema.shape.title.optional(),
  status: z.boolean().optional(),
  sort: z.number().int().min(-1_000_000).max(1_000_000).optional(),
  conditions: conditionsSchema.optional(),
  actions: ruleCreateInputSchema.shape.actions.optional(),
});
export type RuleUpdateInput = z.input<typeof ruleUpdateInputSchema>;

export const WEBHOOK_METHODS = ["POST", "PUT", "PATCH", "GET", "DELETE"] as const;
export const WEBHOOK_CONTENT_TYPES = ["application/json", "application/x-www-form-urlencoded", "text/plain"] as const;

/** A webhook a `target` action calls. The signing secret is write-only: shown as `has_secret`. */
export const webhookSchema = z.object({
  id: idSchema,
  title: z.string(),
  url: z.string(),
  method: z.enum(WEBHOOK_METHODS),
  content_type: z.enum(WEBHOOK_CONTENT_TYPES),
  has_secret: z.boolean(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Webhook = z.output<typeof webhookSchema>;

const webhookUrlSchema = z
  .string()
  .trim()
  .max(2048)
  .refine((u) => URL.canParse(u) && /^https?:$/.test(new URL(u).protocol), "must be an http or https URL");

export const webhookCreateInputSchema = z.object({
  title: z.string().trim().min(1, "must not be empty").max(255),
  url: webhookUrlSchema,
  method: z.enum(WEBHOOK_METHODS).default("POST"),
  content_type: z.enum(WEBHOOK_CONTENT_TYPES).default("application/json"),
  secret: z.string().min(16, "must have at least 16 characters").max(256).nullable().optional(),
});
export type WebhookCreateInput = z.input<typeof webhookCreateInputSchema>;
export const webhookUpdateInputSchema = webhookCreateInputSchema.partial();
export type WebhookUpdateInput = z.input<typeof webhookUpdateInputSchema>;

export const OUTBOX_KINDS = ["email", "message", "webhook"] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];
export const OUTBOX_STATES = ["pending", "sent", "failed"] as const;

/** A message for the outside world, written in the transaction of the change that caused it. */
export const outboxMessageSchema = z.object({
  id: idSchema,
  kind: z.enum(OUTBOX_KINDS),
  /** email: {to, subject, text, html}; message: {user_ids, subject, body}; webhook: {webhook_id, body}. */
  payload: z.record(z.string(), z.unknown()),
  state: z.enum(OUTBOX_STATES),
  attempts: z.number().int(),
  next_attempt_at: timestampSchema,
  last_error: z.string().nullable(),
  created_at: timestampSchema,
  sent_at: timestampSchema.nullable(),
  /** The ticket and rule whose firing produced it, when one did. */
  ticket_id: idSchema.nullable(),
  rule_id: idSchema.nullable(),
});
export type OutboxMessage = z.output<typeof outboxMessageSchema>;
