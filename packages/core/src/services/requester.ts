import { z } from "zod";
import { invalidField } from "../errors";
import { emailInputSchema, phoneInputSchema, type User } from "../domain/user";
import type { TicketCreateInput } from "../domain/ticket";
import type { Storage } from "../storage";
import { existingUser, newUserRecord, organizationIdForEmail } from "./user-records";

type RequesterInput = NonNullable<TicketCreateInput["requester"]>;

/** A requester string is an e-mail address when it has an @, else a phone number. */
function normalize(requester: RequesterInput): { email?: string; phone?: string; name?: string } {
  if (typeof requester !== "string") {
    const out: { email?: string; phone?: string; name?: string } = {};
    if (requester.email) out.email = requester.email;
    if (requester.phone) out.phone = parseOr(phoneInputSchema, requester.phone, "requester.phone", "must be a phone number");
    if (requester.name) out.name = requester.name;
    return out;
  }
  if (requester.includes("@")) return { email: parseOr(emailInputSchema, requester, "requester", "must be an e-mail address or a phone number") };
  return { phone: parseOr(phoneInputSchema, requester, "requester", "must be an e-mail address or a phone number") };
}

function parseOr<S extends z.ZodType<string>>(schema: S, value: unknown, field: string, message: string): string {
  const result = schema.safeParse(value);
  if (!result.success) throw invalidField(field, message);
  return result.data;
}

/**
 * The requester of a new ticket: `requester_id` wins; else `requester` is
 * found by e-mail (which wins over phone) or phone, or created as an end user;
 * else the caller.
 */
export async function resolveRequester(
  storage: Storage,
  tenantId: number,
  actor: User,
  input: Pick<TicketCreateInput, "requester_id" | "requester">,
  now: number,
): Promise<User> {
  if (input.requester_id !== undefined) return existingUser(storage, tenantId, input.requester_id, "requester_id");
  if (input.requester === undefined) return actor;
  const wanted = normalize(input.requester);
  if (wanted.email) {
    const found = await storage.users.findByEmail(tenantId, wanted.email);
    if (found) return found;
    // The phone is optional data beside the e-mail: drop it when another user already has it.
    const phone = wanted.phone && !(await storage.users.findByPhone(tenantId, wanted.phone)) ? wanted.phone : null;
    const organization_id = await organizationIdForEmail(storage, tenantId, wanted.email);
    const name = wanted.name ?? wanted.email.split("@")[0]!;
    return storage.users.create(tenantId, newUserRecord({ name, email: wanted.email, phone, organization_id }, null, now));
  }
  const phone = wanted.phone!;
  const found = await storage.users.findByPhone(tenantId, phone);
  if (found) return found;
  return storage.users.create(tenantId, newUserRecord({ name: wanted.name ?? phone, phone }, null, now));
}
