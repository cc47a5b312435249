import type { Knex } from "knex";
import { MIGRATIONS, type Migration } from "./migrations";
import { schemaOf } from "./postgres-client";

/** knex's bookkeeping tables, named apart from `knex_migrations` so an application's own knex migrations may share the schema. */
export const MIGRATIONS_TABLE = "helpdesk_migrations";

/** First key of the two-key advisory lock: "help" in ASCII; the second is a hash of the schema name. */
const LOCK_NAMESPACE = 0x68656c70;

/** 32-bit FNV-1a of `text` as a signed int4, so each schema migrates under its own advisory lock. */
function lockKey(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

/** Names sort like versions, and knex records them in `helpdesk_migrations.name`. */
export const migrationName = (migration: Migration): string =>
  `${String(migration.version).padStart(4, "0")}_${migration.name.replace(/[^a-z0-9]+/gi, "_").toLowerCase()}`;

function migrationSource(migrations: readonly Migration[]): Knex.MigrationSource<Migration> {
  const ordered = [...migrations].sort((a, b) => a.version - b.version);
  return {
    getMigrations: async () => ordered,
    getMigrationName: migrationName,
    getMigration: async (migration) => ({
      up: async (trx: Knex) => {
        await trx.raw(migration.up);
      },
      // The history only moves forward: a rollback is a new migration.
      down: async () => {
        throw new Error(`Migration ${migrationName(migration)} cannot be reverted`);
      },
    }),
  };
}

/**
 * Applies pending versioned migrations (knex migrations from an in-code
 * migration source). Safe when several processes start at once: serialize
 * with a Postgres advisory lock taken before anything else (knex's own lock
 * table would make the second process fail instead of wait). Creates the
 * schema if missing. The whole run is one transaction: a failing step leaves
 * no trace. `migrations` exists for tests; callers leave it out.
 */
export async function migratePostgres(knex: Knex, migrations: readonly Migration[] = MIGRATIONS): Promise<void> {
  const schema = schemaOf(knex);
  await knex.transaction(async (trx) => {
    // Before CREATE SCHEMA too: two concurrent CREATE SCHEMA IF NOT EXISTS can still collide on pg_namespace.
    await trx.raw("SELECT pg_advisory_xact_lock(?, ?)", [LOCK_NAMESPACE, lockKey(schema)]);
    await trx.raw("CREATE SCHEMA IF NOT EXISTS ??", [schema]);
    // The DDL names tables without a schema; this puts them in ours whatever the connection's search_path says.
    await trx.raw("SET LOCAL search_path TO ??", [schema]);
    // On a transaction, knex's migrator runs every step (and its lock-table update) inside it, as savepoints.
    await trx.migrate.latest({ migrationSource: migrationSource(migrations), tableName: MIGRATIONS_TABLE, schemaName: schema });
  });
}
