import type { z } from "zod";
import { HelpdeskError, type ErrorDetails } from "../errors";

/** How a field path is written: `comment.content`, or with indexes in brackets, `data[2].title`. */
export type PathStyle = "dots" | "brackets";

function formatPath(path: readonly PropertyKey[], style: PathStyle): string {
  if (style === "dots") return path.join(".");
  return path.map((part, i) => (typeof part === "number" ? `[${part}]` : `${i === 0 ? "" : "."}${String(part)}`)).join("");
}

function issuesToDetails(issues: z.core.$ZodIssue[], style: PathStyle = "dots"): ErrorDetails {
  const details: ErrorDetails = {};
  for (const issue of issues) {
    const key = issue.path.length > 0 ? formatPath(issue.path, style) : "base";
    (details[key] ??= []).push({ description: issue.message });
  }
  return details;
}

function describe(details: ErrorDetails): string {
  return Object.entries(details)
    .map(([field, problems]) => `${field}: ${problems.map((p) => p.description).join(", ")}`)
    .join("; ");
}

/** RECORD_INVALID naming each field of `details`. */
export function recordInvalid(details: ErrorDetails): HelpdeskError {
  return new HelpdeskError("RECORD_INVALID", { description: `Record validation errors: ${describe(details)}`, details });
}

/** Parses a write body; rejects with RECORD_INVALID naming each bad field (`style` says how paths are written). */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, style: PathStyle = "dots"): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw recordInvalid(issuesToDetails(result.error.issues, style));
}

/** Parses query parameters; rejects with REQUEST_QUERY_INVALID (a 400). */
export function parseQuery<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const details = issuesToDetails(result.error.issues);
  throw new HelpdeskError("REQUEST_QUERY_INVALID", { description: `Invalid query parameters: ${describe(details)}`, details });
}
