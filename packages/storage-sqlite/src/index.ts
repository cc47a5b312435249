export { sqliteStorage } from "./sqlite-storage";
export type { SqliteDatabase, SqliteStatement } from "./sqlite-database";
export { createFileBlobStore, sqliteBlobStore } from "./file-blob-store";
