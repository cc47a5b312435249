/** The statement slice of better-sqlite3 the adapter calls. */
export interface SqliteStatement {
  run(...params: unknown[]): { changes: number };
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
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
  transaction<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R;
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
