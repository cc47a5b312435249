import { z } from "zod";
import { idSchema, timestampSchema } from "./common";

export const organizationSchema = z.object({
  id: idSchema,
  name: z.string(),
  domain: z.string().nullable(),
  description: z.string().nullable(),
  group_id: idSchema.nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
  /** Members may see every request of the organization, not only their own (Zendesk's setting). */
  shared_tickets: z.boolean(),
});
export type Organization = z.infer<typeof organizationSchema>;

const domainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, "must be a domain such as example.com");

export const organizationCreateInputSchema = z.object({
  name: z.string().trim().min(1, "must not be empty").max(255),
  domain: domainSchema.nullable().optional(),
  description: z.string().trim().max(65535).nullable().optional(),
  group_id: idSchema.nullable().optional(),
  shared_tickets: z.boolean().optional(),
});
export type OrganizationCreateInput = z.input<typeof organizationCreateInputSchema>;

export const organizationUpdateInputSchema = organizationCreateInputSchema.partial();
export type OrganizationUpdateInput = z.input<typeof organizationUpdateInputSchema>;
