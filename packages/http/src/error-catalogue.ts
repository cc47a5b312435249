import type { ErrorKind } from "@helpdesk/core";

/**
 * The failures only the HTTP layer can detect. The core's catalogue
 * (`ERROR_CODES` in @helpdesk/core) covers everything else; together they are
 * every `code` an /apiv2 error body can carry.
 */
export const HTTP_ERROR_CODES = {
  ROUTE_NOT_FOUND: { status: 404, title: "InvalidEndpoint", message: "Not found" },
  METHOD_NOT_ALLOWED: { status: 405, title: "MethodNotAllowed", message: "This method is not allowed on this path" },
  REQUEST_BODY_MALFORMED: { status: 400, title: "BadRequest", message: "The request body is not valid JSON" },
  REQUEST_BODY_TOO_LARGE: { status: 413, title: "PayloadTooLarge", message: "The request body is too large" },
  REQUEST_MEDIA_TYPE_UNSUPPORTED: {
    status: 415,
    title: "UnsupportedMediaType",
    message: "Write requests must carry Content-Type: application/json",
  },
  INTERNAL_ERROR: { status: 500, title: "InternalServerError", message: "Something went wrong on our side" },
} as const satisfies Record<string, { status: number; title: string; message: string }>;

export type HttpErrorCode = keyof typeof HTTP_ERROR_CODES;

/** Status and `error` title of each core error kind. */
export const KIND_RESPONSES = {
  bad_request: { status: 400, title: "BadRequest" },
  unauthorized: { status: 401, title: "Unauthorized" },
  forbidden: { status: 403, title: "Forbidden" },
  not_found: { status: 404, title: "RecordNotFound" },
  conflict: { status: 409, title: "Conflict" },
  invalid: { status: 422, title: "RecordInvalid" },
  unavailable: { status: 503, title: "ServiceUnavailable" },
  rate_limited: { status: 429, title: "TooManyRequests" },
} as const satisfies Record<ErrorKind, { status: number; title: string }>;

/** Sent with every 401 so clients know to retry with Basic credentials. */
export const WWW_AUTHENTICATE = 'Basic realm="helpdesk"';
