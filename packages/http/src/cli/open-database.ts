import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { createHelpDesk, type HelpDesk, type Storage } from "@helpdesk/core";
import { sqliteStorage } from "@helpdesk/storage-sqlite";
import Database from "better-sqlite3";
import { UsageError } from "./cli-errors";

export const DEFAULT_DB_FILE = "./data/helpdesk.db";

export const DATABASE_USAGE = `Database (every command):
  --db FILE              SQLite file (default ${DEFAULT_DB_FILE}; the directory is created)
  --database-url URL     postgres://… (not available yet) or file:PATH; env DATABASE_URL`;

export interface OpenDesk {
  desk: HelpDesk;
  storage: Storage;
  /** What to print as "Database:". */
  location: string;
  close(): void;
}

/** Which SQLite file to open: --db, else --database-url, else DATABASE_URL, else the default. */
function sqliteFile(db: string | undefined, databaseUrl: string | undefined, usage: string): string {
  if (db !== undefined && databaseUrl !== undefined) throw new UsageError("give either --db or --database-url, not both", usage);
  if (db !== undefined) return db;
  const url = databaseUrl ?? process.env.DATABASE_URL;
  if (url === undefined || url === "") return DEFAULT_DB_FILE;
  if (/^postgres(ql)?:\/\//i.test(url)) {
    // A configuration mistake rather than a typo, so the usage text would only bury the message.
    throw new UsageError("the Postgres adapter is not available yet; use --db FILE for SQLite", "");
  }
  const file = /^(?:file|sqlite):(?:\/\/)?(.+)$/i.exec(url)?.[1];
  if (file === undefined) throw new UsageError(`unsupported database URL: ${url.replace(/\/\/[^@/]*@/, "//***@")}`, usage);
  return file;
}

/** Opens the database and a help desk over it; the caller closes it. */
export function openDesk(options: { db?: string | boolean | undefined; "database-url"?: string | boolean | undefined }, usage: string): OpenDesk {
  const str = (v: string | boolean | undefined) => (typeof v === "string" ? v : undefined);
  const file = resolve(sqliteFile(str(options.db), str(options["database-url"]), usage));
  mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  try {
    const storage = sqliteStorage(db);
    return { desk: createHelpDesk({ storage }), storage, location: file, close: () => db.close() };
  } catch (error) {
    db.close();
    throw error;
  }
}
