/** The statement slice of better-sqlite3 the adapter calls. */
export interface SqliteStatement {
  run(...params: unknown[]): { changes: number };
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
}

/** A wrapped function: deferred BEGIN by default, `immediate` takes the write lock up front. */
export interface SqliteTransaction<A extends unknown[], R> {
  (...args: A): R;
  immediate(...args: A): R;
}

/**
 * The slice of a better-sqlite3 `Database` the adapter uses, so callers pass
 * `new Database(file)` and tests may pass anything shaped alike.
 */
export interface SqliteDatabase {
  prepare(sql: string): SqliteStatement;
  exec(sql: string): unknown;
  pragma(source: string, options?: { simple?: boolean }): unknown;
  /** Wraps `fn` in BEGIN/COMMIT, or in a savepoint when a transaction is open already. */
  transaction<A extends unknown[], R>(fn: (...args: A) => R): SqliteTransaction<A, R>;
  readonly inTransaction: boolean;
}

/** Prepares each distinct SQL text once and hands back the cached statement afterwards. */
export type Prepare = (sql: string) => SqliteStatement;

export function createStatementCache(db: SqliteDatabase): Prepare {
  const cache = new Map<string, SqliteStatement>();
  return (sql) => {
    let statement = cache.get(sql);
    if (statement === undefined) {
      statement = db.prepare(sql);
      cache.set(sql, statement);
    }
    return statement;
  };
}

/**
 * `fn` as one atomic write: BEGIN IMMEDIATE when run alone (so another process
 * cannot make the read-then-write fail with SQLITE_BUSY), a savepoint inside
 * an open transaction.
 */
export function atomicWrite<A extends unknown[], R>(db: SqliteDatabase, fn: (...args: A) => R): (...args: A) => R {
  return db.transaction(fn).immediate;
}

/** `fn` as one consistent read (deferred transaction), e.g. a page and its count. */
export function atomicRead<A extends unknown[], R>(db: SqliteDatabase, fn: (...args: A) => R): (...args: A) => R {
  return db.transaction(fn);
}
