import { z } from "zod";
import type { Clock } from "../clock";
import { hostSchema } from "../domain/tenant";
import { emailInputSchema } from "../domain/user";
import type { TenantService } from "../help-desk-api";
import { hashPassword } from "../security/password";
import type { Storage } from "../storage";
import { newUserRecord } from "./user-records";
import { parseInput } from "./validation";

const tenantCreateInputSchema = z.object({
  host: hostSchema,
  name: z.string().trim().min(1).max(255),
  admin: z.object({
    email: emailInputSchema,
    password: z.string().min(8, "must have at least 8 characters").max(1024),
    name: z.string().trim().min(1).max(255).optional(),
  }),
});

/** Tenants are managed by the operator (command line, host application), not through a tenant's API. */
export function createTenantService(storage: Storage, clock: Clock): TenantService {
  return {
    async create(raw) {
      const input = parseInput(tenantCreateInputSchema, raw);
      const passwordHash = await hashPassword(input.admin.password);
      return storage.transaction(async (tx) => {
        const now = clock();
        const tenant = await tx.tenants.create({ host: input.host, name: input.name, created_at: now });
        const name = input.admin.name ?? input.admin.email.split("@")[0]!;
        const admin = await tx.users.create(tenant.id, newUserRecord({ name, email: input.admin.email, role: "admin" }, passwordHash, now));
        return { tenant, admin };
      });
    },

    async findByHost(host) {
      return storage.tenants.findByHost(host.toLowerCase());
    },

    async list() {
      return storage.tenants.list();
    },
  };
}
