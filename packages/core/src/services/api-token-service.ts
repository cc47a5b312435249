import { HelpdeskError } from "../errors";
import type { ApiTokenService } from "../help-desk-api";
import { generateSecret, hashSecret } from "../security/secrets";
import { requireRole, type ActorContext } from "./actor-context";

export function createApiTokenService(ctx: ActorContext): ApiTokenService {
  const { tenantId, storage } = ctx;
  return {
    async create() {
      requireRole(ctx, "admin");
      const token = generateSecret();
      const record = await storage.apiTokens.create(tenantId, { token_hash: hashSecret(token), created_at: ctx.clock() });
      return { ...record, token };
    },

    async list() {
      requireRole(ctx, "admin");
      return storage.apiTokens.list(tenantId);
    },

    async delete(id) {
      requireRole(ctx, "admin");
      if (!(await storage.apiTokens.delete(tenantId, id))) throw new HelpdeskError("API_TOKEN_NOT_FOUND");
    },
  };
}
