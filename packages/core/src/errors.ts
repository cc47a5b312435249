/**
 * One catalogue of error codes. Every failure the core reports is a
 * `HelpdeskError` carrying one of these codes; only the HTTP layer maps the
 * `kind` to a status code.
 */
export type ErrorKind =
  | "bad_request"
  | "invalid"
  | "not_found"
  | "conflict"
  | "forbidden"
  | "unauthorized"
  | "unavailable"
  | "rate_limited";

export const ERROR_CODES = {
  REQUEST_QUERY_INVALID: { kind: "bad_request", message: "The query parameters are invalid" },
  REQUEST_IDS_TOO_MANY: { kind: "bad_request", message: "Too many ids: at most 100 are accepted" },
  RECORD_INVALID: { kind: "invalid", message: "Record validation errors" },
  AUTH_REQUIRED: { kind: "unauthorized", message: "Couldn't authenticate you" },
  AUTH_FORBIDDEN: { kind: "forbidden", message: "You do not have access to this resource" },
  TENANT_NOT_FOUND: { kind: "not_found", message: "No help desk is served at this host" },
  TENANT_HOST_TAKEN: { kind: "conflict", message: "A tenant already serves this host" },
  TICKET_NOT_FOUND: { kind: "not_found", message: "Ticket not found" },
  TICKET_CLOSED: { kind: "invalid", message: "A closed ticket cannot be changed" },
  TICKET_STATUS_BACK_TO_NEW: { kind: "invalid", message: "A ticket cannot go back to status new" },
  TICKET_SOLVED_WITHOUT_ASSIGNEE: { kind: "invalid", message: "Assignee must not be empty when the ticket is solved" },
  USER_NOT_FOUND: { kind: "not_found", message: "User not found" },
  USER_EMAIL_TAKEN: { kind: "invalid", message: "E-mail address is already used by another user" },
  USER_PHONE_TAKEN: { kind: "invalid", message: "Phone number is already used by another user" },
  USER_MERGE_NOT_END_USER: { kind: "invalid", message: "Only an end user can be merged into another user" },
  USER_HAS_TICKETS: { kind: "invalid", message: "The user still requests tickets: merge them into another user instead" },
  USER_DELETE_SELF: { kind: "invalid", message: "You cannot delete yourself" },
  GROUP_NOT_FOUND: { kind: "not_found", message: "Group not found" },
  GROUP_NAME_TAKEN: { kind: "invalid", message: "A group with this name already exists" },
  ORGANIZATION_NOT_FOUND: { kind: "not_found", message: "Organization not found" },
  ORGANIZATION_NAME_TAKEN: { kind: "invalid", message: "An organization with this name already exists" },
  API_TOKEN_NOT_FOUND: { kind: "not_found", message: "API token not found" },
  TRIGGER_NOT_FOUND: { kind: "not_found", message: "Trigger not found" },
  AUTOMATION_NOT_FOUND: { kind: "not_found", message: "Automation not found" },
  WEBHOOK_NOT_FOUND: { kind: "not_found", message: "Webhook not found" },
  STORAGE_UNAVAILABLE: { kind: "unavailable", message: "The database is unavailable" },
  REQUEST_NOT_FOUND: { kind: "not_found", message: "Request not found" },
  REQUEST_CLOSED: { kind: "invalid", message: "A closed request cannot be replied to: raise a new request instead" },
  REQUEST_ORGANIZATION_NOT_SHARED: { kind: "forbidden", message: "Your organization does not share its requests with its members" },
  COMMENT_NOT_FOUND: { kind: "not_found", message: "Comment not found" },
  TICKET_FIELD_NOT_FOUND: { kind: "not_found", message: "Ticket field not found" },
  USER_FIELD_NOT_FOUND: { kind: "not_found", message: "User field not found" },
  FIELD_HAS_DEPENDENTS: { kind: "invalid", message: "Other fields depend on this cascade field: delete or move them first" },
  TOPIC_NOT_FOUND: { kind: "not_found", message: "Topic not found" },
  QUESTION_NOT_FOUND: { kind: "not_found", message: "Question not found" },
  QUESTION_COMMENT_NOT_FOUND: { kind: "not_found", message: "Question comment not found" },
  CHAT_NOT_FOUND: { kind: "not_found", message: "Chat not found" },
  VIEW_NOT_FOUND: { kind: "not_found", message: "View not found" },
  VIEW_IDS_TOO_MANY: { kind: "bad_request", message: "Too many ids: at most 20 views are counted at once" },
  ATTACHMENT_NOT_FOUND: { kind: "not_found", message: "Attachment not found" },
  ATTACHMENT_STORE_MISSING: { kind: "unavailable", message: "This help desk has no store for attachments" },
  CATEGORY_NOT_FOUND: { kind: "not_found", message: "Category not found" },
  FORUM_NOT_FOUND: { kind: "not_found", message: "Forum not found" },
  POST_NOT_FOUND: { kind: "not_found", message: "Post not found" },
  POST_COMMENT_NOT_FOUND: { kind: "not_found", message: "Post comment not found" },
  POST_COMMENTS_DISABLED: { kind: "invalid", message: "Comments are disabled on this post" },
  BOT_QUESTION_NOT_FOUND: { kind: "not_found", message: "Chat-bot question not found" },
  BOT_QUESTION_GROUP_NOT_FOUND: { kind: "not_found", message: "Chat-bot question group not found" },
  BOT_QUESTION_GROUP_NOT_EMPTY: { kind: "invalid", message: "A question group that still holds questions cannot be deleted" },
  OAUTH_CLIENT_NOT_FOUND: { kind: "not_found", message: "OAuth client not found" },
  // The OAuth protocol errors: the part after OAUTH_, lower-cased, is the RFC 6749 / 6750 `error` value.
  OAUTH_INVALID_REQUEST: { kind: "bad_request", message: "The request is missing a parameter or has an invalid one" },
  OAUTH_INVALID_CLIENT: { kind: "unauthorized", message: "Client authentication failed" },
  OAUTH_INVALID_GRANT: { kind: "bad_request", message: "The code or refresh token is invalid, expired or revoked" },
  OAUTH_UNAUTHORIZED_CLIENT: { kind: "bad_request", message: "The client may not use this grant type" },
  OAUTH_UNSUPPORTED_GRANT_TYPE: { kind: "bad_request", message: "The grant type is not supported" },
  OAUTH_UNSUPPORTED_RESPONSE_TYPE: { kind: "bad_request", message: "Only response_type=code is supported" },
  OAUTH_INVALID_SCOPE: { kind: "bad_request", message: "The scope is invalid, unknown or malformed" },
  OAUTH_ACCESS_DENIED: { kind: "forbidden", message: "The user denied the request" },
  OAUTH_INVALID_TOKEN: { kind: "unauthorized", message: "The access token is invalid, expired or revoked" },
  OAUTH_INSUFFICIENT_SCOPE: { kind: "forbidden", message: "The access token lacks the scope this resource needs" },
  /** The authorization request cannot be trusted to redirect (unknown client, unregistered redirect URI): an error page. */
  OAUTH_AUTHORIZATION_INVALID: { kind: "bad_request", message: "The authorization request is invalid" },
  /** A login or consent form that is not this session's, expired, already used, or lacks its CSRF token. */
  OAUTH_INTERACTION_INVALID: { kind: "forbidden", message: "This sign-in form is no longer valid: start again from the site you came from" },
  OAUTH_TOO_MANY_ATTEMPTS: { kind: "rate_limited", message: "Too many failed attempts: try again later" },
  POST_VOTE_NOT_FOUND: { kind: "not_found", message: "You have not voted on this post" },
} as const satisfies Record<string, { kind: ErrorKind; message: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** Field-level problems, keyed by field path (`title`, `comment.content`). */
export type ErrorDetails = Record<string, Array<{ description: string }>>;

/** The only error type the core throws on purpose. */
export class HelpdeskError extends Error {
  readonly code: ErrorCode;
  readonly kind: ErrorKind;
  readonly details: ErrorDetails | undefined;

  constructor(code: ErrorCode, options: { description?: string; details?: ErrorDetails; cause?: unknown } = {}) {
    super(options.description ?? ERROR_CODES[code].message, { cause: options.cause });
    this.name = "HelpdeskError";
    this.code = code;
    this.kind = ERROR_CODES[code].kind;
    this.details = options.details;
  }
}

/** Shorthand for a 422 naming one field. */
export function invalidField(field: string, description: string): HelpdeskError {
  return new HelpdeskError("RECORD_INVALID", {
    description: `${field}: ${description}`,
    details: { [field]: [{ description }] },
  });
}
