import { z } from "zod";
import { idSchema, sortDirectionSchema, timestampSchema } from "./common";
import { pageQuerySchema } from "./list-query";
import { conditionSchema, conditionsSchema } from "./rule";

/** What a view's tickets may be ordered by (the storage's ticket sort keys). */
export const VIEW_SORT_FIELDS = ["id", "created_at", "updated_at", "status"] as const;

/** Who may use a view besides admins, Zendesk's spelling: members of a group, or one user. Absent: every agent. */
export const viewRestrictionSchema = z.object({ type: z.enum(["Group", "User"]), id: idSchema });
export type ViewRestriction = z.output<typeof viewRestrictionSchema>;

export const viewOutputSchema = z.object({
  sort_by: z.enum(VIEW_SORT_FIELDS).default("id"),
  sort_order: sortDirectionSchema.default("asc"),
});

/** A saved ticket list: rule-engine conditions over tickets, with an order (the API adds `url`). */
export const viewSchema = z.object({
  id: idSchema,
  title: z.string(),
  active: z.boolean(),
  /** Display order: lists run by position, then id. */
  position: z.number().int(),
  conditions: z.object({ all: z.array(conditionSchema), any: z.array(conditionSchema) }),
  output: z.object({ sort_by: z.enum(VIEW_SORT_FIELDS), sort_order: sortDirectionSchema }),
  restriction: viewRestrictionSchema.nullable(),
  /** The SLA policy of an SLA view; null for the others. */
  sla_id: idSchema.nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type View = z.output<typeof viewSchema>;

const positionSchema = z.number().int().min(-1_000_000).max(1_000_000);

/** `slas_id` and `sla_id` are two spellings of one field (the spec's table and its sample). */
export const viewCreateInputSchema = z.object({
  title: z.string().trim().min(1, "must not be empty").max(255),
  active: z.boolean().default(true),
  position: positionSchema.default(0),
  conditions: conditionsSchema.default({ all: [], any: [] }),
  output: viewOutputSchema.default({ sort_by: "id", sort_order: "asc" }),
  restriction: viewRestrictionSchema.nullable().default(null),
  slas_id: idSchema.nullable().optional(),
  sla_id: idSchema.nullable().optional(),
});
export type ViewCreateInput = z.input<typeof viewCreateInputSchema>;

export const viewUpdateInputSchema = z.object({
  title: viewCreateInputSchema.shape.title.optional(),
  active: z.boolean().optional(),
  position: positionSchema.optional(),
  conditions: conditionsSchema.optional(),
  output: viewOutputSchema.optional(),
  restriction: viewRestrictionSchema.nullable().optional(),
  slas_id: idSchema.nullable().optional(),
  sla_id: idSchema.nullable().optional(),
});
export type ViewUpdateInput = z.input<typeof viewUpdateInputSchema>;

/** A view's ticket count, as `count.json` and `count_many.json` answer it. */
export const viewCountSchema = z.object({ view_id: idSchema, count: z.number().int() });
export type ViewCount = z.output<typeof viewCountSchema>;

/** Query of a view's tickets: paging, and an order overriding the view's own. */
export const viewTicketsQuerySchema = pageQuerySchema.extend({
  sort_by: z.enum(VIEW_SORT_FIELDS).optional(),
  sort_order: sortDirectionSchema.optional(),
});
export type ViewTicketsQuery = z.input<typeof viewTicketsQuerySchema>;
