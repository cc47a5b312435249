import type { Knex } from "knex";
import { isConnectionFailure } from "./postgres-errors";

/** The slice of a pooled pg client the probe calls. */
interface PooledConnection {
  query(sql: string): Promise<unknown>;
}

/**
 * Runs `work` in a transaction on a pooled connection that has just answered
 * `SELECT 1`: where a statement goes after its first connection broke.
 *
 * After `pg_terminate_backend` or a server restart the pool still holds
 * connections whose backends are gone or dying; their sockets close a few
 * milliseconds apart, so the next connection the pool hands out is often dead
 * too. Probing skips those: each failed probe makes pg emit 'error'/'end' on
 * that client, which knex's pool records, and the pool destroys it instead of
 * handing it out again (opening a fresh one when none is left).
 */
export async function onLiveConnection<T>(knex: Knex, work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  const client = knex.client;
  // Every pooled connection may be dead; one more probe then lands on a fresh one.
  const maxProbes = Number(client.config.pool?.max ?? 10) + 1;
  for (let probe = 1; ; probe++) {
    const connection = (await client.acquireConnection()) as PooledConnection;
    try {
      await connection.query("SELECT 1");
    } catch (err) {
      client.releaseConnection(connection);
      if (isConnectionFailure(err) && probe < maxProbes) continue;
      throw err;
    }
    try {
      return await knex.transaction(work, { connection });
    } finally {
      client.releaseConnection(connection);
    }
  }
}
