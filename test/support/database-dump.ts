import Database from "better-sqlite3";
import type { TestDatabase } from "./database";

/** Every row of every table of the test database, as text: to prove what is (not) stored. */
export async function dumpDatabase(database: TestDatabase): Promise<string> {
  const target = database.cliArgs[1]!;
  if (database.kind === "sqlite") {
    const db = new Database(target, { readonly: true });
    try {
      const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Array<{ name: string }>;
      return tables.map(({ name }) => `${name}: ${JSON.stringify(db.prepare(`SELECT * FROM "${name}"`).all())}`).join("\n");
    } finally {
      db.close();
    }
  }
  const { createPostgresClient } = await import("@helpdesk/storage-postgres");
  const url = new URL(target);
  const schema = url.searchParams.get("schema")!;
  url.searchParams.delete("schema");
  const knex = createPostgresClient({ connectionString: url.toString(), schema });
  try {
    const tables: Array<{ table_name: string }> = await knex("information_schema.tables").select("table_name").where("table_schema", schema);
    const parts: string[] = [];
    for (const { table_name } of tables) parts.push(`${table_name}: ${JSON.stringify(await knex.withSchema(schema).select("*").from(table_name))}`);
    return parts.join("\n");
  } finally {
    await knex.destroy();
  }
}
