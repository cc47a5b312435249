import type { Category, Forum, NewPost, Post, PostComment } from "@helpdesk/core";

// Knowledge-base rows: booleans as 0/1, tags as JSON text. Categories,
// forums and comments are stored as they are.

type Bit = 0 | 1;
const bit = (value: boolean): Bit => (value ? 1 : 0);

export type CategoryRow = Category;
export type ForumRow = Forum;
export type PostCommentRow = PostComment;

const POST_FLAGS = ["disable_comments", "is_home", "is_highlight", "is_top", "is_draft", "is_dashboard"] as const;
type PostFlag = (typeof POST_FLAGS)[number];

export type PostRow = Omit<Post, PostFlag | "tags"> & Record<PostFlag, Bit> & { tags: string };

export function toPost(row: PostRow): Post {
  const post = { ...row, tags: JSON.parse(row.tags) as string[] } as Record<string, unknown>;
  for (const flag of POST_FLAGS) post[flag] = row[flag] === 1;
  return post as Post;
}

/** Every stored post column the API writes; the counters are written only by their own statements. */
export const POST_FIELDS = [
  "forum_id", "title", "content", "author_id", "disable_comments", "is_home", "is_highlight", "is_top",
  "is_draft", "is_dashboard", "sort", "created_at", "updated_at", "tags",
] as const satisfies ReadonlyArray<keyof NewPost>;

/** Named parameters for the fields `post` sets, null for the others (an update's `coalesce` keeps those). */
export function postParams(post: Partial<NewPost>): Record<string, unknown> {
  const params = nullParams(post, POST_FIELDS);
  for (const flag of POST_FLAGS) if (post[flag] !== undefined) params[flag] = bit(post[flag]);
  if (post.tags !== undefined) params.tags = JSON.stringify(post.tags);
  return params;
}

/** `{name: value ?? null}` for each of `names`: named parameters of a statement whose absent values are null. */
export function nullParams<T extends object>(values: Partial<T>, names: ReadonlyArray<keyof T & string>): Record<string, unknown> {
  return Object.fromEntries(names.map((name) => [name, values[name] ?? null]));
}
