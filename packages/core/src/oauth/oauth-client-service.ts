import { HelpdeskError } from "../errors";
import { oauthClientCreateInputSchema } from "../domain/oauth";
import type { OAuthClientService } from "../help-desk-api";
import { requireRole, type ActorContext } from "../services/actor-context";
import { found } from "../services/found";
import { parseInput } from "../services/validation";
import { hashSecret, newSecret } from "./oauth-secrets";

/** OAuth clients of the tenant (admin). */
export function createOAuthClientService(ctx: ActorContext): OAuthClientService {
  const { tenantId, storage } = ctx;
  return {
    async create(input) {
      requireRole(ctx, "admin");
      const data = parseInput(oauthClientCreateInputSchema, input);
      const secret = newSecret("clientSecret");
      const client = await storage.oauthClients.create(tenantId, {
        client_id: newSecret("clientId", 16),
        secret_hash: hashSecret(secret),
        name: data.name,
        redirect_uris: [...new Set(data.redirect_uris)],
        require_pkce: data.require_pkce ?? false,
        created_at: ctx.clock(),
      });
      return { ...client, client_secret: secret };
    },

    async list() {
      requireRole(ctx, "admin");
      return storage.oauthClients.list(tenantId);
    },

    async get(id) {
      requireRole(ctx, "admin");
      return found(await storage.oauthClients.get(tenantId, id), "OAUTH_CLIENT_NOT_FOUND");
    },

    async delete(id) {
      requireRole(ctx, "admin");
      if (!(await storage.oauthClients.delete(tenantId, id))) throw new HelpdeskError("OAUTH_CLIENT_NOT_FOUND");
    },
  };
}
