export { sqliteStorage } from "./sqlite-storage";
export type { SqliteDatabase, SqliteStatement } from "./sqlite-database";
