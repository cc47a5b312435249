import { parseArgs, type ParseArgsConfig } from "node:util";
import { UsageError } from "./cli-errors";

type Options = NonNullable<ParseArgsConfig["options"]>;

/** Options every command takes: where the database is, and --help. */
export const COMMON_OPTIONS = {
  db: { type: "string" },
  "database-url": { type: "string" },
  "pool-size": { type: "string" },
  "statement-timeout": { type: "string" },
  "attachments-dir": { type: "string" },
  "upload-expiry": { type: "string" },
  help: { type: "boolean", short: "h" },
} as const satisfies Options;

/** Strict parseArgs: unknown options and stray arguments are usage errors, reported with `usage`. */
export function parseOptions<O extends Options>(args: string[], options: O, usage: string) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error), usage);
  }
}

/** A required string option; a usage error names it when missing. */
export function required(value: string | boolean | undefined, name: string, usage: string): string {
  if (typeof value !== "string" || value.length === 0) throw new UsageError(`--${name} is required`, usage);
  return value;
}

/** A non-negative integer option. */
export function integerOption(value: string | boolean | undefined, name: string, fallback: number, usage: string): number {
  if (value === undefined) return fallback;
  const n = typeof value === "string" && /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n)) throw new UsageError(`--${name} must be a non-negative integer`, usage);
  return n;
}
