import { z } from "zod";
import { attachmentViewSchema } from "./attachment";
import { customFieldSchema, dateInputSchema, idSchema, sortDirectionSchema, timestampSchema } from "./common";
import { ticketListQuerySchema, ticketSearchQuerySchema } from "./list-query";
import { TICKET_PRIORITIES, TICKET_TYPES, ticketSchema, type Ticket } from "./ticket";

/** A ticket as its requester sees it (spec: "Request"); the API adds `url`. */
export const requestSchema = ticketSchema.pick({
  id: true,
  title: true,
  description: true,
  type: true,
  status: true,
  priority: true,
  recipient: true,
  requester_id: true,
  assignee_id: true,
  organization_id: true,
  group_id: true,
  due_date: true,
  created_at: true,
  updated_at: true,
  source: true,
  custom_fields: true,
});
export type Request = z.infer<typeof requestSchema>;

const REQUEST_KEYS = Object.keys(requestSchema.shape) as Array<keyof Request>;

/** The request view of a ticket: only the fields an end user may see. */
export function toRequest(ticket: Ticket): Request {
  return Object.fromEntries(REQUEST_KEYS.map((key) => [key, ticket[key]])) as Request;
}

/** A ticket comment as the API shows it: plain and HTML text, and its attachments. End users never see `public` (nor private comments). */
export const commentViewSchema = z.object({
  id: idSchema,
  author_id: idSchema,
  content: z.string(),
  html_content: z.string(),
  public: z.boolean(),
  created_at: timestampSchema,
  attachments: z.array(attachmentViewSchema),
});
export type CommentView = z.infer<typeof commentViewSchema>;

const requestCommentInputSchema = z.object({
  content: z.string().trim().min(1, "must not be empty").max(65535),
  uploads: z.array(z.string()).max(100).optional(),
});

/** What a requester may set on a new request. */
export const requestCreateInputSchema = z.object({
  title: z.string().trim().min(1, "must not be empty").max(255),
  comment: requestCommentInputSchema,
  type: z.enum(TICKET_TYPES).nullable().optional(),
  priority: z.enum(TICKET_PRIORITIES).nullable().optional(),
  due_at: dateInputSchema.nullable().optional(),
  custom_fields: z.array(customFieldSchema).max(500).optional(),
});
export type RequestCreateInput = z.input<typeof requestCreateInputSchema>;

/** A reply to a request; every other field is ignored (a client may send back what it read). */
export const requestUpdateInputSchema = z.object({ comment: requestCommentInputSchema });
export type RequestUpdateInput = z.input<typeof requestUpdateInputSchema>;

/** Request lists: the ticket list's ranges and orders, newest first unless told otherwise. */
export const requestListQuerySchema = ticketListQuerySchema.extend({ created_order: sortDirectionSchema.default("desc") });
export type RequestListQuery = z.input<typeof requestListQuerySchema>;

/** `organization.json` narrows by `open` (below solved) or `solved` (solved or closed). */
export const organizationRequestsQuerySchema = requestListQuerySchema.extend({ status: z.enum(["open", "solved"]).optional() });
export type OrganizationRequestsQuery = z.input<typeof organizationRequestsQuerySchema>;

/** Request search: the ticket search plus whose requests, the caller's (`user`) or their organization's. */
export const requestSearchQuerySchema = ticketSearchQuerySchema.extend({ range: z.enum(["user", "organization"]).default("user") });
export type RequestSearchQuery = z.input<typeof requestSearchQuerySchema>;

/** `sort_order` of comment lists: by creation time, then id; oldest first by default. */
export const commentListQuerySchema = z.object({ sort_order: sortDirectionSchema.default("asc") });
export type CommentListQuery = z.input<typeof commentListQuerySchema>;
