import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { createHelpDesk, HelpdeskError, type BlobStore, type HelpDesk, type Storage } from "@helpdesk/core";
import { createFileBlobStore, sqliteBlobStore, sqliteStorage } from "@helpdesk/storage-sqlite";
import Database from "better-sqlite3";
import { UsageError } from "./cli-errors";
import { integerOption } from "./parse-options";

export const DEFAULT_DB_FILE = "./data/helpdesk.db";

export const DATABASE_USAGE = `Database (every command):
  --db FILE                 SQLite file (default ${DEFAULT_DB_FILE}; the directory is created)
  --database-url URL        postgres://user@host:port/db[?schema=NAME] or file:PATH; env DATABASE_URL
  --pool-size N             Postgres connections per process (default 10)
  --statement-timeout MS    Postgres statement timeout (default 30000)
  --attachments-dir DIR     where attachment files go (default: DIR beside the SQLite file,
                            <file>.attachments; with Postgres, the attachment_blobs table)
  --upload-expiry S         seconds an upload waits for its token to be used (default 3600)`;

export interface OpenDesk {
  desk: HelpDesk;
  storage: Storage;
  /** What to print as "Database:" (never a password). */
  location: string;
  close(): Promise<void>;
}

type Flag = string | boolean | undefined;
export interface DatabaseFlags {
  db?: Flag;
  "database-url"?: Flag;
  "pool-size"?: Flag;
  "statement-timeout"?: Flag;
  "attachments-dir"?: Flag;
  "upload-expiry"?: Flag;
}

type Target = { kind: "sqlite"; file: string } | { kind: "postgres"; url: URL };

/** Where the data lives: --db, else --database-url, else DATABASE_URL, else the default SQLite file. */
function target(flags: DatabaseFlags, usage: string): Target {
  const str = (v: Flag) => (typeof v === "string" ? v : undefined);
  const db = str(flags.db);
  const databaseUrl = str(flags["database-url"]);
  if (db !== undefined && databaseUrl !== undefined) throw new UsageError("give either --db or --database-url, not both", usage);
  if (db !== undefined) return { kind: "sqlite", file: db };
  const url = databaseUrl ?? process.env.DATABASE_URL;
  if (url === undefined || url === "") return { kind: "sqlite", file: DEFAULT_DB_FILE };
  if (/^postgres(ql)?:\/\//i.test(url)) return { kind: "postgres", url: new URL(url) };
  const file = /^(?:file|sqlite):(?:\/\/)?(.+)$/i.exec(url)?.[1];
  if (file === undefined) throw new UsageError(`unsupported database URL: ${redact(url)}`, usage);
  return { kind: "sqlite", file };
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]*):[^@/]*@/, "//$1:***@");
}

/** The help desk over `storage`, its files in `blobs` unless --attachments-dir names a directory. */
function deskOver(storage: Storage, blobs: () => BlobStore, flags: DatabaseFlags, usage: string): HelpDesk {
  const dir = flags["attachments-dir"];
  return createHelpDesk({
    storage,
    blobs: typeof dir === "string" ? createFileBlobStore(resolve(dir)) : blobs(),
    uploadExpiryMs: integerOption(flags["upload-expiry"], "upload-expiry", 3600, usage) * 1000,
  });
}

async function openPostgres(url: URL, flags: DatabaseFlags, usage: string): Promise<OpenDesk> {
  // Loaded only for Postgres, so SQLite installs never load knex and pg.
  const { createPostgresClient, migratePostgres, postgresBlobStore, postgresStorage } = await import("@helpdesk/storage-postgres");
  // `?schema=` (as Prisma spells it) picks the schema; pg itself would reject the unknown parameter.
  const schema = url.searchParams.get("schema") ?? undefined;
  url.searchParams.delete("schema");
  const applicationName = url.searchParams.get("application_name") ?? undefined;
  const knex = createPostgresClient({
    connectionString: url.toString(),
    ...(schema === undefined ? {} : { schema }),
    ...(applicationName === undefined ? {} : { applicationName }),
    poolSize: integerOption(flags["pool-size"], "pool-size", 10, usage),
    statementTimeoutMs: integerOption(flags["statement-timeout"], "statement-timeout", 30_000, usage),
  });
  try {
    await migratePostgres(knex);
  } catch (error) {
    await knex.destroy();
    const reason = error instanceof Error ? error.message : String(error);
    throw new HelpdeskError("STORAGE_UNAVAILABLE", { description: `Cannot open the Postgres database at ${redact(url.toString())}: ${reason}`, cause: error });
  }
  const storage = postgresStorage(knex);
  const location = `${redact(url.toString())}${schema === undefined ? "" : ` (schema ${schema})`}`;
  return { desk: deskOver(storage, () => postgresBlobStore(knex), flags, usage), storage, location, close: () => knex.destroy() };
}

function openSqlite(file: string, flags: DatabaseFlags, usage: string): OpenDesk {
  const path = resolve(file);
  mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  try {
    const storage = sqliteStorage(db);
    return { desk: deskOver(storage, () => sqliteBlobStore(db), flags, usage), storage, location: path, close: async () => void db.close() };
  } catch (error) {
    db.close();
    throw error;
  }
}

/** Opens the database (applying pending migrations) and a help desk over it; the caller closes it. */
export async function openDesk(flags: DatabaseFlags, usage: string): Promise<OpenDesk> {
  const where = target(flags, usage);
  return where.kind === "postgres" ? openPostgres(where.url, flags, usage) : openSqlite(where.file, flags, usage);
}
