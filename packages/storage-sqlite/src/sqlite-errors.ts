import { HelpdeskError, type ErrorCode } from "@helpdesk/core";

/** Which unique index stands for which contract error: SQLite names the columns, or the index for expressions. */
const UNIQUE_VIOLATIONS: ReadonlyArray<{ columns: string; index: string; code: ErrorCode }> = [
  { columns: "tenants.host", index: "tenants_host_unique", code: "TENANT_HOST_TAKEN" },
  { columns: "users.tenant_id, users.email", index: "users_email_unique", code: "USER_EMAIL_TAKEN" },
  { columns: "users.tenant_id, users.phone", index: "users_phone_unique", code: "USER_PHONE_TAKEN" },
  { columns: "groups.tenant_id, groups.name", index: "groups_name_unique", code: "GROUP_NAME_TAKEN" },
  { columns: "organizations.tenant_id, organizations.name", index: "organizations_name_unique", code: "ORGANIZATION_NAME_TAKEN" },
];

/** Result codes (primary part) meaning the database cannot serve right now. */
const UNAVAILABLE = new Set([
  "SQLITE_BUSY", "SQLITE_LOCKED", "SQLITE_IOERR", "SQLITE_FULL", "SQLITE_CANTOPEN", "SQLITE_READONLY", "SQLITE_CORRUPT", "SQLITE_NOTADB",
]);

/**
 * Maps a driver error to the contract's `HelpdeskError` (the driver error kept
 * as `cause`); anything else, including errors already mapped, passes through.
 */
export function toStorageError(err: unknown): unknown {
  if (!(err instanceof Error)) return err;
  const code = (err as { code?: unknown }).code;
  if (typeof code === "string" && code.startsWith("SQLITE_")) {
    if (code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY") {
      const hit = UNIQUE_VIOLATIONS.find((v) => err.message.endsWith(v.columns) || err.message.includes(`'${v.index}'`));
      if (hit !== undefined) return new HelpdeskError(hit.code, { cause: err });
    }
    const primary = code.split("_", 2).join("_");
    if (UNAVAILABLE.has(primary)) return new HelpdeskError("STORAGE_UNAVAILABLE", { cause: err });
    return err;
  }
  // better-sqlite3 throws a TypeError once the caller has closed the connection.
  if (err instanceof TypeError && err.message === "The database connection is not open") {
    return new HelpdeskError("STORAGE_UNAVAILABLE", { cause: err });
  }
  return err;
}
