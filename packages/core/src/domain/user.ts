import { z } from "zod";
import { customFieldSchema, idSchema, tagsInputSchema, timestampSchema } from "./common";

/** In ascending power: a role may do whatever a lower one may. */
export const ROLES = ["end_user", "agent", "admin"] as const;
export type Role = (typeof ROLES)[number];
export const USER_STATUSES = ["suspended", "active", "unverified"] as const;
export const TICKET_RESTRICTIONS = ["all", "groups", "assigned"] as const;
export type TicketRestriction = (typeof TICKET_RESTRICTIONS)[number];

/** True when `role` is at least `required`. */
export function roleAtLeast(role: Role, required: Role): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(required);
}

/** A user as agents and admins see them (the API adds `url`). Never holds a secret. */
export const userSchema = z.object({
  id: idSchema,
  email: z.string().nullable(),
  name: z.string(),
  agent_display_name: z.string().nullable(),
  role: z.enum(ROLES),
  phone: z.string().nullable(),
  phone_bind: z.boolean(),
  signature: z.string().nullable(),
  details: z.string().nullable(),
  notes: z.string().nullable(),
  organization_id: idSchema.nullable(),
  language: z.string().nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
  last_login_at: timestampSchema.nullable(),
  status: z.enum(USER_STATUSES),
  photo: z.string().nullable(),
  moderator: z.boolean(),
  public_comments: z.boolean(),
  manage_people: z.boolean(),
  ticket_restriction: z.enum(TICKET_RESTRICTIONS),
  custom_role_id: idSchema.nullable(),
  messenger_appid: z.string().nullable(),
  messenger_openid: z.string().nullable(),
  tags: z.array(z.string()),
  user_fields: z.array(customFieldSchema),
});
export type User = z.infer<typeof userSchema>;

/** The fields of a user an end user may see (spec: "User as shown to an end user"). */
export const endUserUserSchema = userSchema.pick({
  id: true,
  email: true,
  name: true,
  role: true,
  phone: true,
  phone_bind: true,
  organization_id: true,
  language: true,
  created_at: true,
  updated_at: true,
  last_login_at: true,
  status: true,
  photo: true,
});

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
export const emailInputSchema = z.string().trim().toLowerCase().pipe(z.email("must be an e-mail address"));
export const phoneInputSchema = z
  .string()
  .trim()
  .regex(/^\+?[0-9][0-9 ()-]{2,30}$/, "must be a phone number")
  .transform((p) => p.replace(/[ ()-]/g, ""));

const userWritableShape = {
  name: z.string().trim().min(1, "must not be empty").max(255),
  email: emailInputSchema.nullable().optional(),
  phone: phoneInputSchema.nullable().optional(),
  role: z.enum(ROLES).optional(),
  password: z.string().min(8, "must have at least 8 characters").max(1024).optional(),
  agent_display_name: optionalText(255),
  signature: optionalText(4096),
  details: optionalText(65535),
  notes: optionalText(65535),
  organization_id: idSchema.nullable().optional(),
  language: optionalText(16),
  status: z.enum(USER_STATUSES).optional(),
  photo: optionalText(2048),
  phone_bind: z.boolean().optional(),
  moderator: z.boolean().optional(),
  public_comments: z.boolean().optional(),
  manage_people: z.boolean().optional(),
  ticket_restriction: z.enum(TICKET_RESTRICTIONS).optional(),
  custom_role_id: idSchema.nullable().optional(),
  messenger_appid: optionalText(255),
  messenger_openid: optionalText(255),
  tags: tagsInputSchema.optional(),
  user_fields: z.array(customFieldSchema).max(500).optional(),
};

export const userCreateInputSchema = z
  .object(userWritableShape)
  .refine((u) => Boolean(u.email) || Boolean(u.phone), { message: "needs an email or a phone", path: ["email"] });
export type UserCreateInput = z.input<typeof userCreateInputSchema>;

export const userUpdateInputSchema = z.object({ ...userWritableShape, name: userWritableShape.name.optional() });
export type UserUpdateInput = z.input<typeof userUpdateInputSchema>;

export const userMergeInputSchema = z.object({ id: idSchema });
