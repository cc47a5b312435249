import { z } from "zod";
import { idSchema, timestampSchema } from "./common";

/** A tenant: one help desk, served at its own host. */
export const tenantSchema = z.object({
  id: idSchema,
  host: z.string(),
  name: z.string(),
  created_at: timestampSchema,
});
export type Tenant = z.infer<typeof tenantSchema>;

export const hostSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9.-]+(:\d{1,5})?$/, "must be a host name, optionally with :port");

/** An API token as listed; the secret itself is shown only once, at creation. */
export const apiTokenSchema = z.object({ id: idSchema, created_at: timestampSchema });
export type ApiToken = z.infer<typeof apiTokenSchema>;
