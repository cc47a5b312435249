import type { Clock } from "../clock";
import { HelpdeskError } from "../errors";

/** Keys tracked at most, so random client ids cannot grow the map without bound: expired ones go first, then the oldest. */
const MAX_KEYS = 10_000;

/**
 * Counts failed attempts per key (an e-mail, a client) in a fixed window and
 * refuses further attempts once `max` failed in it, until the window ends.
 * Per process: several processes each allow `max`, which still bounds guessing.
 */
export function createFailureLimiter(clock: Clock, max: number, windowMs: number) {
  const failures = new Map<string, { count: number; since: number }>();

  const current = (key: string) => {
    const entry = failures.get(key);
    if (entry === undefined) return undefined;
    if (clock() - entry.since >= windowMs) {
      failures.delete(key);
      return undefined;
    }
    return entry;
  };

  return {
    /** Rejects with OAUTH_TOO_MANY_ATTEMPTS while `key` is locked out. */
    check(key: string): void {
      if ((current(key)?.count ?? 0) >= max) throw new HelpdeskError("OAUTH_TOO_MANY_ATTEMPTS");
    },
    fail(key: string): void {
      const entry = current(key);
      if (entry !== undefined) {
        entry.count += 1;
        return;
      }
      if (failures.size >= MAX_KEYS) {
        for (const stale of [...failures.keys()]) current(stale);
        if (failures.size >= MAX_KEYS) failures.delete(failures.keys().next().value!);
      }
      failures.set(key, { count: 1, since: clock() });
    },
    succeed(key: string): void {
      failures.delete(key);
    },
  };
}

export type FailureLimiter = ReturnType<typeof createFailureLimiter>;
