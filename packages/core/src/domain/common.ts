import { z } from "zod";

/** A positive integer id, as every resource path and id field uses. */
export const idSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/**
 * A point in time as epoch milliseconds. The HTTP layer recognises this exact
 * schema instance and writes it as `YYYY-MM-DD HH:MM:SS` (UTC).
 */
export const timestampSchema = z.number().int();

export const customFieldValueSchema = z.union([
  z.string().max(65535),
  z.number(),
  z.boolean(),
  z.array(z.string().max(1024)).max(100),
  z.null(),
]);

/** A custom field entry as the API carries it: `{name: "field_<id>", value}`. */
export const customFieldSchema = z.object({
  name: z.string().regex(/^field_[1-9][0-9]{0,15}$/, "must have the form field_<id>"),
  value: customFieldValueSchema,
});
export type CustomField = z.infer<typeof customFieldSchema>;

/** Tags are trimmed, lower-cased, inner spaces become underscores, duplicates dropped (Zendesk's rule). */
export const tagsInputSchema = z
  .array(z.string().max(255))
  .max(500)
  .transform((tags) => [...new Set(tags.map((t) => t.trim().toLowerCase().replace(/\s+/g, "_")).filter(Boolean))]);

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** Parses `YYYY-MM-DD HH:MM:SS`, `YYYY-MM-DD` (UTC) or Unix seconds; null when neither. */
export function parseApiDate(input: string | number): number | null {
  if (typeof input === "number") return Number.isSafeInteger(input) && input >= 0 ? input * 1000 : null;
  const text = input.trim();
  if (/^\d{1,12}$/.test(text)) return Number(text) * 1000;
  const m = DATE_TIME.exec(text);
  if (!m) return null;
  const [, y, mo, d, h = "0", mi = "0", s = "0"] = m;
  const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  const back = new Date(ms);
  // Reject dates Date.UTC silently rolls over, such as 2024-02-31.
  if (back.getUTCDate() !== Number(d) || back.getUTCMonth() !== Number(mo) - 1 || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) {
    return null;
  }
  return ms;
}

/** A date input: `YYYY-MM-DD HH:MM:SS`, `YYYY-MM-DD` or Unix seconds, as epoch milliseconds. */
export const dateInputSchema = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const ms = parseApiDate(value);
  if (ms === null) {
    ctx.addIssue({ code: "custom", message: "must be YYYY-MM-DD HH:MM:SS or a Unix timestamp" });
    return z.NEVER;
  }
  return ms;
});

/** Formats epoch milliseconds as the API's `YYYY-MM-DD HH:MM:SS` in UTC. */
export function formatApiDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace("T", " ");
}

export const sortDirectionSchema = z.enum(["asc", "desc"]);
export type SortDirection = z.infer<typeof sortDirectionSchema>;

/** Text a user must fill in: trimmed, not empty, at most `max` characters. */
export const requiredText = (max: number) => z.string().trim().min(1, "must not be empty").max(max);
