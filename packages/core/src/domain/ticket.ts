import { z } from "zod";
import { customFieldSchema, dateInputSchema, idSchema, tagsInputSchema, timestampSchema } from "./common";

export const TICKET_TYPES = ["problem", "incident", "question", "task"] as const;
/** In lifecycle order: ordering and `less_than` / `greater_than` follow it. */
export const TICKET_STATUSES = ["new", "open", "pending", "solved", "closed"] as const;
export const TICKET_PRIORITIES = ["low", "medium", "high", "urgent"] as const;
export const TICKET_SOURCES = ["web", "tab", "chat", "email", "mobile", "microblog", "api"] as const;

export type TicketType = (typeof TICKET_TYPES)[number];
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export type TicketSource = (typeof TICKET_SOURCES)[number];

export const satisfactionRatingSchema = z.object({ id: idSchema, score: z.string(), comment: z.string() });

/** A ticket as agents and admins see it (the API adds `url`). */
export const ticketSchema = z.object({
  id: idSchema,
  title: z.string(),
  description: z.string(),
  type: z.enum(TICKET_TYPES).nullable(),
  status: z.enum(TICKET_STATUSES),
  priority: z.enum(TICKET_PRIORITIES).nullable(),
  recipient: z.string().nullable(),
  requester_id: idSchema,
  assignee_id: idSchema.nullable(),
  organization_id: idSchema.nullable(),
  group_id: idSchema.nullable(),
  problem_id: idSchema.nullable(),
  due_date: timestampSchema.nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
  assigneed_at: timestampSchema.nullable(),
  resolved_at: timestampSchema.nullable(),
  closed_at: timestampSchema.nullable(),
  /** When the ticket last became pending; with the two below, what automations' hours-since conditions read. Not in the API. */
  pending_at: timestampSchema.nullable(),
  /** The last update by the requester (a comment of theirs). Not in the API. */
  requester_updated_at: timestampSchema.nullable(),
  /** The last update by the assignee. Not in the API. */
  assignee_updated_at: timestampSchema.nullable(),
  source: z.enum(TICKET_SOURCES),
  collaborator_ids: z.array(idSchema),
  tags: z.array(z.string()),
  custom_fields: z.array(customFieldSchema),
  satisfaction_rating: satisfactionRatingSchema.nullable(),
});
export type Ticket = z.infer<typeof ticketSchema>;

/** The ticket timestamps automations' hours-since conditions read. */
export const TICKET_TIME_FIELDS = [
  "created_at",
  "updated_at",
  "assigneed_at",
  "pending_at",
  "resolved_at",
  "closed_at",
  "requester_updated_at",
  "assignee_updated_at",
  "due_date",
] as const;
export type TicketTimeField = (typeof TICKET_TIME_FIELDS)[number];

/** Ticket fields the core keeps for rules but the API does not show. */
export const TICKET_ACTIVITY_FIELDS = ["pending_at", "requester_updated_at", "assignee_updated_at"] as const;

/** A comment on a ticket; the first one is the ticket's description. */
export const ticketCommentSchema = z.object({
  id: idSchema,
  ticket_id: idSchema,
  author_id: idSchema,
  content: z.string(),
  public: z.boolean(),
  created_at: timestampSchema,
});
export type TicketComment = z.infer<typeof ticketCommentSchema>;

const commentInputSchema = z.object({
  content: z.string().trim().min(1, "must not be empty").max(65535),
  public: z.boolean().optional(),
  uploads: z.array(z.string()).max(100).optional(),
});

const requesterInputSchema = z.union([
  z.string().trim().min(1).max(255),
  z
    .object({
      email: z.string().trim().toLowerCase().pipe(z.email()).optional(),
      phone: z.string().trim().min(1).max(32).optional(),
      name: z.string().trim().min(1).max(255).optional(),
    })
    .refine((r) => r.email !== undefined || r.phone !== undefined, "needs an email or a phone"),
]);

/** Fields both create and update accept. `due_at` and `due_date` are two spellings of one field. */
const ticketWritableShape = {
  title: z.string().trim().min(1, "must not be empty").max(255),
  assignee_id: idSchema.nullable().optional(),
  group_id: idSchema.nullable().optional(),
  type: z.enum(TICKET_TYPES).nullable().optional(),
  status: z.enum(TICKET_STATUSES).optional(),
  priority: z.enum(TICKET_PRIORITIES).nullable().optional(),
  problem_id: idSchema.nullable().optional(),
  due_at: dateInputSchema.nullable().optional(),
  due_date: dateInputSchema.nullable().optional(),
  tags: tagsInputSchema.optional(),
  collaborator_ids: z.array(idSchema).max(100).optional(),
  custom_fields: z.array(customFieldSchema).max(500).optional(),
};

export const ticketCreateInputSchema = z.object({
  ...ticketWritableShape,
  comment: commentInputSchema,
  requester_id: idSchema.optional(),
  requester: requesterInputSchema.optional(),
});
export type TicketCreateInput = z.input<typeof ticketCreateInputSchema>;

export const ticketUpdateInputSchema = z.object({
  ...ticketWritableShape,
  title: ticketWritableShape.title.optional(),
  comment: commentInputSchema.optional(),
});
export type TicketUpdateInput = z.input<typeof ticketUpdateInputSchema>;

/** The result of one ticket in `update_many`. */
export const bulkResultSchema = z.object({ id: z.number().int(), success: z.boolean(), errors: z.string() });
export type BulkResult = z.infer<typeof bulkResultSchema>;
