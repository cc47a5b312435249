import { HelpdeskError } from "@helpdesk/core";
import { describe, expect, it } from "vitest";
import { isConnectionFailure, toStorageError } from "./postgres-errors";

/** An error shaped like pg's DatabaseError or a Node socket error. */
const driverError = (message: string, fields: { code?: string; constraint?: string } = {}) => Object.assign(new Error(message), fields);

describe("toStorageError", () => {
  it("toStorageError - maps unique violations to the contract's code by constraint name", () => {
    const cases = {
      tenants_host_unique: "TENANT_HOST_TAKEN",
      users_email_unique: "USER_EMAIL_TAKEN",
      users_phone_unique: "USER_PHONE_TAKEN",
      groups_name_unique: "GROUP_NAME_TAKEN",
      organizations_name_unique: "ORGANIZATION_NAME_TAKEN",
    };
    for (const [constraint, code] of Object.entries(cases)) {
      const cause = driverError("duplicate key value", { code: "23505", constraint });
      expect(toStorageError(cause)).toMatchObject({ code, cause });
    }
  });

  it("toStorageError - a comment whose ticket vanished is TICKET_NOT_FOUND, a knowledge-base child whose parent vanished its parent's NOT_FOUND; other constraints pass through", () => {
    expect(toStorageError(driverError("violates foreign key", { code: "23503", constraint: "ticket_comments_ticket_fk" }))).toMatchObject({
      code: "TICKET_NOT_FOUND",
    });
    const parents = { forums_category_fk: "CATEGORY_NOT_FOUND", posts_forum_fk: "FORUM_NOT_FOUND", post_comments_post_fk: "POST_NOT_FOUND" };
    for (const [constraint, code] of Object.entries(parents)) {
      expect(toStorageError(driverError("violates foreign key", { code: "23503", constraint }))).toMatchObject({ code });
    }
    const other = driverError("duplicate key value", { code: "23505", constraint: "tickets_pkey" });
    expect(toStorageError(other)).toBe(other);
  });

  it("toStorageError - connection failures, timeouts, deadlocks and a full pool are STORAGE_UNAVAILABLE", () => {
    const unavailable = [
      driverError("terminating connection due to administrator command", { code: "57P01" }),
      driverError("the database system is starting up", { code: "57P03" }),
      driverError("connection failure", { code: "08006" }),
      driverError("read ECONNRESET", { code: "ECONNRESET" }),
      driverError("connect ECONNREFUSED 127.0.0.1:5432", { code: "ECONNREFUSED" }),
      driverError("Connection terminated unexpectedly"),
      driverError("canceling statement due to statement timeout", { code: "57014" }),
      driverError("deadlock detected", { code: "40P01" }),
      driverError("sorry, too many clients already", { code: "53300" }),
      Object.assign(new Error("Knex: Timeout acquiring a connection."), { name: "KnexTimeoutError" }),
    ];
    for (const cause of unavailable) expect(toStorageError(cause), cause.message).toMatchObject({ code: "STORAGE_UNAVAILABLE", cause });
  });

  it("toStorageError - text with a NUL character is RECORD_INVALID", () => {
    expect(toStorageError(driverError('invalid byte sequence for encoding "UTF8": 0x00', { code: "22021" }))).toMatchObject({ code: "RECORD_INVALID" });
    expect(toStorageError(driverError("unsupported Unicode escape sequence", { code: "22P05" }))).toMatchObject({ code: "RECORD_INVALID" });
  });

  it("toStorageError - the caller's own errors and contract errors pass through unchanged", () => {
    const mine = new Error("changed my mind");
    const contract = new HelpdeskError("TICKET_NOT_FOUND");
    const syntax = driverError("syntax error", { code: "42601" });
    expect(toStorageError(mine)).toBe(mine);
    expect(toStorageError(contract)).toBe(contract);
    expect(toStorageError(syntax)).toBe(syntax);
    expect(toStorageError("a string")).toBe("a string");
  });
});

describe("isConnectionFailure", () => {
  it("isConnectionFailure - true for a lost connection, also when wrapped as a cause", () => {
    const lost = driverError("terminating connection due to administrator command", { code: "57P01" });
    expect(isConnectionFailure(lost)).toBe(true);
    expect(isConnectionFailure(new HelpdeskError("STORAGE_UNAVAILABLE", { cause: lost }))).toBe(true);
    expect(isConnectionFailure(driverError("Client has encountered a connection error and is not queryable"))).toBe(true);
  });

  it("isConnectionFailure - false for errors after which a rerun would not help or would not be safe", () => {
    expect(isConnectionFailure(driverError("canceling statement due to statement timeout", { code: "57014" }))).toBe(false);
    expect(isConnectionFailure(driverError("duplicate key value", { code: "23505" }))).toBe(false);
    expect(isConnectionFailure(new HelpdeskError("STORAGE_UNAVAILABLE"))).toBe(false);
    expect(isConnectionFailure(new Error("boom"))).toBe(false);
    expect(isConnectionFailure(undefined)).toBe(false);
  });
});
