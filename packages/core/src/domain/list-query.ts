import { z } from "zod";
import { dateInputSchema, idSchema, sortDirectionSchema, type SortDirection } from "./common";
import { ROLES, type Role } from "./user";
import { TICKET_STATUSES, type TicketStatus } from "./ticket";

export const MAX_PAGE_SIZE = 100;

/** Which slice of a list to return: pages count from 1. */
export interface PageRequest {
  page: number;
  per_page: number;
}

/** A window of a list plus the total number of matches. */
export interface Page<T> {
  items: T[];
  count: number;
}

/** `page` defaults to 1; `per_page` defaults to 100 and is capped at 100 (a larger one is clamped, as Zendesk does). */
const pageShape = {
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce
    .number()
    .int()
    .min(1)
    .default(MAX_PAGE_SIZE)
    .transform((n) => Math.min(n, MAX_PAGE_SIZE)),
};

const rangeShape = {
  created_start: dateInputSchema.optional(),
  created_end: dateInputSchema.optional(),
  updated_start: dateInputSchema.optional(),
  updated_end: dateInputSchema.optional(),
  created_order: sortDirectionSchema.optional(),
  updated_order: sortDirectionSchema.optional(),
};

/** `ids=1,2,3`: at most 100 distinct positive integers. */
export const idsParamSchema = z
  .string()
  .regex(/^\s*\d+(\s*,\s*\d+)*\s*$/, "must be a comma-separated list of integer ids")
  .transform((s) => [...new Set(s.split(",").map((p) => Number(p.trim())))])
  .pipe(z.array(idSchema).max(MAX_PAGE_SIZE, "at most 100 ids"));

const FIELD_ORDER = /^field_([1-9][0-9]{0,15})_(asc|desc)$/;

/** Query of the ticket lists: ranges, orders and paging. */
export const ticketListQuerySchema = z.object({
  ...pageShape,
  ...rangeShape,
  status_order: sortDirectionSchema.optional(),
  field_order: z
    .string()
    .regex(FIELD_ORDER, "must have the form field_<id>_asc or field_<id>_desc")
    .transform((s) => {
      const [, id, dir] = FIELD_ORDER.exec(s)!;
      return { fieldId: Number(id), dir: dir as SortDirection };
    })
    .optional(),
});
export type TicketListQuery = z.input<typeof ticketListQuerySchema>;
export type TicketListParams = z.output<typeof ticketListQuerySchema>;

const commaList = <T extends string>(values: readonly [T, ...T[]]) =>
  z
    .string()
    .transform((s) => s.split(",").map((p) => p.trim()).filter(Boolean))
    .pipe(z.array(z.enum(values)).min(1));

/** Query of ticket search: free text, statuses, a custom field value. `created_order` defaults to desc. */
export const ticketSearchQuerySchema = z.object({
  ...pageShape,
  query: z.string().trim().max(255).optional(),
  status: commaList(TICKET_STATUSES).optional(),
  fieldvalue: z.string().trim().max(1024).optional(),
  created_order: sortDirectionSchema.default("desc"),
});
export type TicketSearchQuery = z.input<typeof ticketSearchQuerySchema>;
export type TicketSearchParams = z.output<typeof ticketSearchQuerySchema>;

/** Query of the user lists. */
export const userListQuerySchema = z.object({
  ...pageShape,
  ...rangeShape,
  role: commaList(ROLES).optional(),
});
export type UserListQuery = z.input<typeof userListQuerySchema>;
export type UserListParams = z.output<typeof userListQuerySchema>;

export const userSearchQuerySchema = z.object({
  ...pageShape,
  query: z.string().trim().min(1, "is required").max(255),
});
export type UserSearchParams = z.output<typeof userSearchQuerySchema>;

export const organizationListQuerySchema = z.object({ ...pageShape, ...rangeShape });
export type OrganizationListParams = z.output<typeof organizationListQuerySchema>;

export const pageQuerySchema = z.object(pageShape);
export type PageParams = z.output<typeof pageQuerySchema>;

export type { Role, TicketStatus };
