import type { z } from "zod";
import { invalidField } from "../errors";
import type { userCreateInputSchema } from "../domain/user";
import type { NewUser, Storage } from "../storage";
import type { User } from "../domain/user";

type UserFields = Omit<z.output<typeof userCreateInputSchema>, "password">;

/** The full record for a new user: given fields plus the defaults of the help desks users know. */
export function newUserRecord(fields: UserFields, passwordHash: string | null, now: number): NewUser {
  const role = fields.role ?? "end_user";
  return {
    name: fields.name,
    email: fields.email ?? null,
    phone: fields.phone ?? null,
    role,
    password_hash: passwordHash,
    agent_display_name: fields.agent_display_name ?? null,
    signature: fields.signature ?? null,
    details: fields.details ?? null,
    notes: fields.notes ?? null,
    organization_id: fields.organization_id ?? null,
    language: fields.language ?? null,
    status: fields.status ?? "active",
    photo: fields.photo ?? null,
    phone_bind: fields.phone_bind ?? false,
    moderator: fields.moderator ?? false,
    public_comments: fields.public_comments ?? true,
    manage_people: fields.manage_people ?? false,
    ticket_restriction: fields.ticket_restriction ?? "all",
    custom_role_id: fields.custom_role_id ?? null,
    messenger_appid: fields.messenger_appid ?? null,
    messenger_openid: fields.messenger_openid ?? null,
    tags: fields.tags ?? [],
    user_fields: fields.user_fields ?? [],
    created_at: now,
    updated_at: now,
    last_login_at: null,
  };
}

/** The organization a new user with `email` joins by its domain, or null. */
export async function organizationIdForEmail(storage: Storage, tenantId: number, email: string | null): Promise<number | null> {
  const domain = email?.split("@")[1];
  if (!domain) return null;
  const organization = await storage.organizations.findByDomain(tenantId, domain);
  return organization?.id ?? null;
}

/** The user `id` of this tenant, or RECORD_INVALID naming `field`. */
export async function existingUser(storage: Storage, tenantId: number, id: number, field: string): Promise<User> {
  const user = await storage.users.get(tenantId, id);
  if (!user) throw invalidField(field, `no user with id ${id}`);
  return user;
}
