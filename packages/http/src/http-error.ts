import { HelpdeskError, type ErrorDetails } from "@helpdesk/core";
import { HTTP_ERROR_CODES, KIND_RESPONSES, WWW_AUTHENTICATE, type HttpErrorCode } from "./error-catalogue";

/** A failure found by the HTTP layer itself (routing, body parsing). */
export class HttpError extends Error {
  readonly code: HttpErrorCode;
  readonly headers: Record<string, string>;

  constructor(code: HttpErrorCode, options: { description?: string; headers?: Record<string, string> } = {}) {
    super(options.description ?? HTTP_ERROR_CODES[code].message);
    this.name = "HttpError";
    this.code = code;
    this.headers = options.headers ?? {};
  }
}

/** The one error body of /apiv2. */
export interface ErrorBody {
  error: string;
  description: string;
  code: string;
  details?: ErrorDetails;
}

export interface ErrorResponse {
  status: number;
  headers: Record<string, string>;
  body: ErrorBody;
  /** True when the error is ours, not the caller's: it should be logged. */
  unexpected: boolean;
}

/** Maps any thrown value to the response it deserves; anything unknown is a 500 that hides its message. */
export function toErrorResponse(error: unknown): ErrorResponse {
  if (error instanceof HelpdeskError) {
    const { status, title } = KIND_RESPONSES[error.kind];
    const body: ErrorBody = { error: title, description: error.message, code: error.code };
    if (error.details !== undefined) body.details = error.details;
    const headers: Record<string, string> = error.kind === "unauthorized" ? { "www-authenticate": WWW_AUTHENTICATE } : {};
    return { status, headers, body, unexpected: false };
  }
  if (error instanceof HttpError) {
    const { status, title } = HTTP_ERROR_CODES[error.code];
    return { status, headers: error.headers, body: { error: title, description: error.message, code: error.code }, unexpected: false };
  }
  const { status, title, message } = HTTP_ERROR_CODES.INTERNAL_ERROR;
  return { status, headers: {}, body: { error: title, description: message, code: "INTERNAL_ERROR" }, unexpected: true };
}
