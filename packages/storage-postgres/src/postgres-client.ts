import knexFactory, { type Knex } from "knex";

export interface PostgresOptions {
  connectionString: string;
  /** Schema holding every table; created if missing. Default: "public". */
  schema?: string;
  /** Connection pool size; default 10. */
  poolSize?: number;
  /** statement_timeout in ms for every connection; default 30000. */
  statementTimeoutMs?: number;
  /** application_name of every connection, as pg_stat_activity shows it; default "helpdesk". */
  applicationName?: string;
}

/**
 * A knex instance for the help desk: pool, search_path = schema, statement
 * timeout, recovery from dropped connections. The caller destroys it.
 */
export function createPostgresClient(options: PostgresOptions): Knex {
  return knexFactory({
    client: "pg",
    connection: {
      connectionString: options.connectionString,
      // Startup parameters rather than SET after connecting: they hold from the first statement, and no round trip is spent on them.
      statement_timeout: options.statementTimeoutMs ?? 30_000,
      application_name: options.applicationName ?? "helpdesk",
      // Without a timeout, a host that drops packets would hang a request forever; keepalive notices half-open sockets.
      connectionTimeoutMillis: 10_000,
      keepAlive: true,
    },
    // knex sets it on each new connection, so every unqualified table name resolves in the help desk's schema.
    searchPath: [options.schema ?? "public"],
    // min 0: idle connections are closed after a while instead of being kept forever (and held open across restarts).
    // knex's pg client marks a connection that emits 'error' or 'end' and the pool destroys it instead of handing it out.
    pool: { min: 0, max: options.poolSize ?? 10 },
    acquireConnectionTimeout: 10_000,
  });
}

/** The schema migrations and queries of `knex` use: the first entry of its searchPath, else "public". */
export function schemaOf(knex: Knex): string {
  const searchPath: unknown = knex.client.config.searchPath;
  const first = Array.isArray(searchPath) ? searchPath[0] : searchPath;
  return typeof first === "string" && first.length > 0 ? first : "public";
}
