import type { Category, Forum, NewPost, Post, PostComment } from "@helpdesk/core";
import { json, pickDefined, toNumber, type Int8 } from "./row-mappers";

// Knowledge-base rows: int8 columns (ids, references, timestamps) may arrive
// as strings; booleans and jsonb tags arrive as JS values.

/** `row` with each of `keys` converted from int8 to a number. */
function withNumbers<T>(row: Record<string, unknown>, keys: readonly string[]): T {
  const out: Record<string, unknown> = { ...row };
  for (const key of keys) out[key] = toNumber(row[key] as Int8);
  return out as T;
}

const TIMES = ["created_at", "updated_at"] as const;

export const toCategory = (row: Record<string, unknown>): Category => withNumbers(row, ["id", ...TIMES]);
export const toForum = (row: Record<string, unknown>): Forum => withNumbers(row, ["id", "category_id", ...TIMES]);
export const toPost = (row: Record<string, unknown>): Post => withNumbers(row, ["id", "forum_id", "author_id", ...TIMES]);
export const toPostComment = (row: Record<string, unknown>): PostComment => withNumbers(row, ["id", "post_id", "author_id", ...TIMES]);

const POST_COLUMNS = [
  "forum_id", "title", "content", "author_id", "disable_comments", "is_home", "is_highlight", "is_top",
  "is_draft", "is_dashboard", "sort", "created_at", "updated_at", "tags",
] as const satisfies ReadonlyArray<keyof NewPost>;

/** Column values for the fields `post` sets (all of them for an insert); tags as JSON text. */
export function postColumns(post: Partial<NewPost>): Record<string, unknown> {
  const columns = pickDefined(post, POST_COLUMNS);
  if (columns.tags !== undefined) columns.tags = json(columns.tags);
  return columns;
}
