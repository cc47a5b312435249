import { HelpdeskError, type ErrorCode } from "@helpdesk/core";
import type { DatabaseError } from "pg";

/** The fields of a pg error (or a Node socket error) the mapping reads. */
type DriverError = Error & Partial<Pick<DatabaseError, "code" | "constraint">>;

/** Which constraint or index stands for which contract error; names are fixed in migrations.ts. */
const CONSTRAINT_ERRORS: Readonly<Record<string, ErrorCode>> = {
  tenants_host_unique: "TENANT_HOST_TAKEN",
  users_email_unique: "USER_EMAIL_TAKEN",
  users_phone_unique: "USER_PHONE_TAKEN",
  groups_name_unique: "GROUP_NAME_TAKEN",
  organizations_name_unique: "ORGANIZATION_NAME_TAKEN",
  // A comment inserted while its ticket is being deleted by another transaction.
  ticket_comments_ticket_fk: "TICKET_NOT_FOUND",
  // A firing recorded while its ticket or automation is being deleted by another transaction.
  automation_firings_ticket_fk: "TICKET_NOT_FOUND",
  automation_firings_rule_fk: "AUTOMATION_NOT_FOUND",
  // A question or comment written while its topic or question is being deleted by another transaction.
  questions_topic_fk: "TOPIC_NOT_FOUND",
  question_comments_question_fk: "QUESTION_NOT_FOUND",
  // A knowledge-base child written while its parent is being deleted by another transaction.
  forums_category_fk: "CATEGORY_NOT_FOUND",
  posts_forum_fk: "FORUM_NOT_FOUND",
  post_comments_post_fk: "POST_NOT_FOUND",
};

/** The backend went away: terminated by an administrator, crash or shutdown (57P01-57P03), or class 08. */
const CONNECTION_SQLSTATES = new Set(["57P01", "57P02", "57P03"]);
const CONNECTION_ERRNOS = new Set(["ECONNRESET", "ECONNREFUSED", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"]);
/** pg's own messages for a socket that closed under it or a client that is no longer usable. */
const CONNECTION_MESSAGE = /Connection terminated|Connection ended unexpectedly|is not queryable/;

/**
 * Not a connection failure, but the database cannot serve the statement now:
 * statement timeout or cancel (57014), lock timeout (55P03), out of resources
 * or connections (class 53), serialization failure and deadlock (40001, 40P01).
 */
const UNAVAILABLE_SQLSTATES = new Set(["57014", "55P03", "40001", "40P01"]);

/** Postgres text cannot hold NUL: 22021 for text parameters, 22P05 for `\u0000` in jsonb. */
const NUL_SQLSTATES = new Set(["22021", "22P05"]);

function connectionFailure(err: DriverError): boolean {
  const code = err.code;
  if (typeof code === "string" && (CONNECTION_SQLSTATES.has(code) || code.startsWith("08") || CONNECTION_ERRNOS.has(code))) return true;
  return CONNECTION_MESSAGE.test(err.message);
}

/**
 * True when `err`, or an error it wraps as `cause`, says the connection broke:
 * the statement or transaction did not complete and may be rerun on another one.
 */
export function isConnectionFailure(err: unknown): boolean {
  for (let current = err, depth = 0; current instanceof Error && depth < 4; current = current.cause, depth++) {
    if (connectionFailure(current)) return true;
  }
  return false;
}

/**
 * Maps a driver error to the contract's `HelpdeskError` (the driver error kept
 * as `cause`); anything else, including errors already mapped and the
 * caller's own rejections, passes through unchanged.
 */
export function toStorageError(err: unknown): unknown {
  if (!(err instanceof Error) || err instanceof HelpdeskError) return err;
  const driverError = err as DriverError;
  const code = driverError.code;
  if (code === "23505" || code === "23503") {
    const mapped = driverError.constraint === undefined ? undefined : CONSTRAINT_ERRORS[driverError.constraint];
    return mapped === undefined ? err : new HelpdeskError(mapped, { cause: err });
  }
  if (typeof code === "string" && NUL_SQLSTATES.has(code)) {
    return new HelpdeskError("RECORD_INVALID", { description: "Text must not contain NUL characters", cause: err });
  }
  const unavailable =
    connectionFailure(driverError) ||
    (typeof code === "string" && (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith("53"))) ||
    // No pooled connection became free within acquireConnectionTimeout.
    err.name === "KnexTimeoutError";
  return unavailable ? new HelpdeskError("STORAGE_UNAVAILABLE", { cause: err }) : err;
}
