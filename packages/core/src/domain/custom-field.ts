import { z } from "zod";
import { idSchema, timestampSchema } from "./common";

/** Ticket fields and user fields share one definition shape and one id space. */
export const FIELD_KINDS = ["ticket", "user"] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

export const FIELD_TYPES = ["text", "textarea", "int", "decimal", "date", "checkbox", "regexp", "dropdownlist", "cascade", "multi_cascade"] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Types whose values are option keys. */
export const OPTION_TYPES: readonly FieldType[] = ["dropdownlist", "cascade", "multi_cascade"];
/** Types a `cascade_id` may name: the parents of dependent fields. */
export const CASCADE_TYPES: readonly FieldType[] = ["cascade", "multi_cascade"];
/** Types whose values are free text, checked against `regexp_for_validation` when it has expressions. */
export const TEXT_TYPES: readonly FieldType[] = ["text", "textarea", "regexp"];

/** `field_<id>`, the name values are written under. */
export const fieldName = (id: number): string => `field_${id}`;

export const fieldOptionSchema = z.object({
  key: z.string(),
  value: z.string(),
  /** Second-level choices, on multi_cascade options only. */
  sub_items: z.array(z.string()).optional(),
});
export type FieldOption = z.infer<typeof fieldOptionSchema>;

/**
 * The parent option a dependent field sits under: a key, or `[key, sub_item]`
 * under a multi_cascade; null on fields that depend on none. One flat union,
 * so the response serializer writes it by type without validating.
 */
export const cascadeValueSchema = z.union([z.string(), z.array(z.string()), z.null()]);

/** A ticket or user field definition as stored (the API adds `url` and `name`). */
export const fieldDefinitionSchema = z.object({
  id: idSchema,
  type: z.enum(FIELD_TYPES),
  agent_title: z.string(),
  agent_required: z.boolean(),
  enduser_visible: z.boolean(),
  enduser_title: z.string().nullable(),
  enduser_editable: z.boolean(),
  enduser_description: z.string().nullable(),
  enduser_required: z.boolean(),
  active: z.boolean(),
  cascade_id: idSchema.nullable(),
  cascade_value: cascadeValueSchema,
  custom_field_options: z.array(fieldOptionSchema),
  regexp_for_validation: z.array(z.string()),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type FieldDefinition = z.infer<typeof fieldDefinitionSchema>;

const label = z.string().trim().min(1, "must not be empty").max(255);
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
const optionText = z.string().trim().min(1, "must not be empty").max(255);

const optionInputSchema = z.object({
  key: optionText,
  value: optionText,
  sub_items: z.array(optionText).max(100).optional(),
});

/** Longest validation expression accepted: long patterns are where catastrophic backtracking hides. */
export const MAX_PATTERN_LENGTH = 256;

/**
 * Every writable field. `title` and `description` are the user field sample's
 * spellings of `agent_title` and `enduser_description`; the table's names win
 * when both are given.
 */
const fieldWritableShape = {
  agent_title: label.optional(),
  title: label.optional(),
  agent_required: z.boolean().optional(),
  enduser_visible: z.boolean().optional(),
  enduser_title: optionalText(255),
  enduser_editable: z.boolean().optional(),
  enduser_description: optionalText(4096),
  description: optionalText(4096),
  enduser_required: z.boolean().optional(),
  active: z.boolean().optional(),
  cascade_id: idSchema.nullable().optional(),
  cascade_value: z.union([optionText, z.array(optionText).min(1).max(2)]).nullable().optional(),
  custom_field_options: z.array(optionInputSchema).max(1000).optional(),
  regexp_for_validation: z.array(z.string().min(1, "must not be empty").max(MAX_PATTERN_LENGTH)).max(20).optional(),
};

export const fieldCreateInputSchema = z
  .object({ ...fieldWritableShape, type: z.enum(FIELD_TYPES) })
  .refine((f) => f.agent_title !== undefined || f.title !== undefined, { message: "is required", path: ["agent_title"] });
export type FieldCreateInput = z.input<typeof fieldCreateInputSchema>;

/** `type` may be sent back as read, but not changed: stored values were checked against it. */
export const fieldUpdateInputSchema = z.object({ ...fieldWritableShape, type: z.enum(FIELD_TYPES).optional() });
export type FieldUpdateInput = z.input<typeof fieldUpdateInputSchema>;
