import { HelpdeskError, type Tenant, type TenantService } from "@helpdesk/core";
import { LRUCache } from "lru-cache";

export interface TenantResolverOptions {
  /** How long a found tenant is trusted without asking storage again; default 30 s. */
  ttlMs?: number;
  max?: number;
}

/** Host names and IP literals with an optional port; anything else cannot be a tenant. */
const HOST = /^[a-z0-9.\-[\]:]{1,261}$/;

/**
 * Finds the tenant a request is for from its Host header: first the host with
 * its port (`localhost:3000`), then without (`localhost`). Found tenants are
 * cached briefly; misses are not, so a cache cannot be filled with junk hosts.
 */
export function createTenantResolver(tenants: TenantService, options: TenantResolverOptions = {}) {
  const cache = new LRUCache<string, Tenant>({ max: options.max ?? 1000, ttl: options.ttlMs ?? 30_000 });

  async function lookup(host: string): Promise<Tenant | null> {
    const exact = await tenants.findByHost(host);
    if (exact !== null) return exact;
    const withoutPort = host.replace(/:\d+$/, "");
    return withoutPort !== host ? tenants.findByHost(withoutPort) : null;
  }

  return {
    /** The tenant at `hostHeader`; rejects with TENANT_NOT_FOUND. */
    async resolve(hostHeader: string | undefined): Promise<Tenant> {
      const host = hostHeader?.trim().toLowerCase() ?? "";
      if (!HOST.test(host)) throw new HelpdeskError("TENANT_NOT_FOUND");
      const cached = cache.get(host);
      if (cached !== undefined) return cached;
      const tenant = await lookup(host);
      if (tenant === null) throw new HelpdeskError("TENANT_NOT_FOUND");
      cache.set(host, tenant);
      return tenant;
    },
  };
}

export type TenantResolver = ReturnType<typeof createTenantResolver>;
