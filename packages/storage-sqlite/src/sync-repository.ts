/**
 * A repository interface with each method's Promise unwrapped: SQLite work is
 * synchronous, and the storage layer decides how and when a call runs.
 */
export type SyncRepository<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => Promise<infer R> ? (...args: A) => R : never;
};

/** Runs a synchronous storage operation and settles its outcome as a Promise. */
export type Runner = <R>(op: () => R) => Promise<R>;

/** The Promise-returning repository whose every call goes through `run`. */
export function bindRepository<T extends object>(repository: SyncRepository<T>, run: Runner): T {
  const bound: Record<string, unknown> = {};
  for (const [name, method] of Object.entries(repository) as Array<[string, (...args: unknown[]) => unknown]>) {
    bound[name] = (...args: unknown[]) => run(() => method(...args));
  }
  return bound as T;
}
