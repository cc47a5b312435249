import { HelpdeskError, type ErrorCode } from "../errors";

/** The record storage found, or the resource's NOT_FOUND error (a 404) when it found none. */
export function found<T extends object>(record: T | null, code: ErrorCode): T {
  if (!record) throw new HelpdeskError(code);
  return record;
}
