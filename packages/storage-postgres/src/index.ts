export { createPostgresClient, type PostgresOptions } from "./postgres-client";
export { migratePostgres } from "./migrate-postgres";
export { postgresStorage } from "./postgres-storage";
export { postgresBlobStore } from "./postgres-blob-store";
