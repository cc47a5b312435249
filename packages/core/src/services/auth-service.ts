import { HelpdeskError } from "../errors";
import type { AuthService } from "../help-desk-api";
import { verifyPassword } from "../security/password";
import { hashSecret } from "../security/secrets";
import type { Storage } from "../storage";
import type { User } from "../domain/user";

function usable(user: User | null | undefined): user is User {
  return Boolean(user) && user!.status !== "suspended";
}

export function createAuthService(storage: Storage): AuthService {
  return {
    async verifyPassword(tenantId, email, password) {
      const found = await storage.users.getCredentials(tenantId, { email: email.trim().toLowerCase() });
      // verifyPassword runs scrypt even without a hash, so unknown e-mails cost as much as wrong passwords.
      const ok = await verifyPassword(password, found?.passwordHash ?? null);
      if (!ok || !found || !usable(found.user)) throw new HelpdeskError("AUTH_REQUIRED");
      return { user: found.user, passwordHash: found.passwordHash!, version: found.version };
    },

    async verifyApiToken(tenantId, email, token) {
      const record = await storage.apiTokens.findByHash(tenantId, hashSecret(token));
      const user = record ? await storage.users.findByEmail(tenantId, email.trim().toLowerCase()) : null;
      if (!usable(user)) throw new HelpdeskError("AUTH_REQUIRED");
      return user;
    },

    async reload(tenantId, verified) {
      const current = await storage.users.getCredentialStamp(tenantId, verified.user.id);
      if (current?.passwordHash !== verified.passwordHash) return null;
      if (current.version === verified.version) return verified;
      const found = await storage.users.getCredentials(tenantId, { id: verified.user.id });
      if (found?.passwordHash !== verified.passwordHash || !usable(found.user)) return null;
      return { user: found.user, passwordHash: found.passwordHash, version: found.version };
    },
  };
}
