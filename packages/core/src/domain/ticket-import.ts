import { z } from "zod";
import { customFieldSchema, dateInputSchema, idSchema, tagsInputSchema } from "./common";
import { TICKET_PRIORITIES, TICKET_SOURCES, TICKET_STATUSES, TICKET_TYPES } from "./ticket";

/** Comment text is kept exactly as exported, but must say something. */
const content = z.string().max(65535).refine((text) => text.trim() !== "", "must not be empty");

export const ticketImportCommentSchema = z.object({
  author_id: idSchema,
  content,
  public: z.boolean().optional(),
  created_at: dateInputSchema.optional(),
});

/** One ticket of `POST /imports/tickets` or of an import file: the spec's fields, plus status, priority, type and custom fields. */
export const ticketImportInputSchema = z.object({
  requester_id: idSchema,
  title: z.string().trim().min(1, "must not be empty").max(255),
  assignee_id: idSchema.nullable().optional(),
  group_id: idSchema.nullable().optional(),
  source: z.enum(TICKET_SOURCES).optional(),
  tags: tagsInputSchema.optional(),
  created_at: dateInputSchema.optional(),
  updated_at: dateInputSchema.optional(),
  status: z.enum(TICKET_STATUSES).optional(),
  priority: z.enum(TICKET_PRIORITIES).nullable().optional(),
  type: z.enum(TICKET_TYPES).nullable().optional(),
  custom_fields: z.array(customFieldSchema).max(500).optional(),
  /** The first is the description. */
  comments: z.array(ticketImportCommentSchema).min(1, "must hold at least one comment: the first is the description").max(10_000),
});
export type TicketImportInput = z.input<typeof ticketImportInputSchema>;
export type TicketImportParams = z.output<typeof ticketImportInputSchema>;
