import { z } from "zod";
import { idSchema, timestampSchema } from "./common";

/** A group as stored: agents by id. */
export const groupSchema = z.object({
  id: idSchema,
  name: z.string(),
  agent_ids: z.array(idSchema),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Group = z.infer<typeof groupSchema>;

export const groupAgentSchema = z.object({ id: idSchema, username: z.string(), name: z.string() });

/** A group as the API shows it: agents expanded to `{id, username, name}` (the API adds `url`s). */
export const groupViewSchema = groupSchema.omit({ agent_ids: true }).extend({ agents: z.array(groupAgentSchema) });
export type GroupView = z.infer<typeof groupViewSchema>;

export const groupCreateInputSchema = z.object({
  name: z.string().trim().min(1, "must not be empty").max(255),
  agents: z.array(idSchema).max(1000).optional(),
});
export type GroupCreateInput = z.input<typeof groupCreateInputSchema>;

export const groupUpdateInputSchema = groupCreateInputSchema.partial();
export type GroupUpdateInput = z.input<typeof groupUpdateInputSchema>;
