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

/** Column values of the fields `post` sets, null for the others (an update's `coalesce` keeps those). */
export function postParams(post: Partial<NewPost>): Record<keyof NewPost, unknown> {
  return {
    forum_id: post.forum_id ?? null,
    title: post.title ?? null,
    content: post.content ?? null,
    author_id: post.author_id ?? null,
    disable_comments: post.disable_comments === undefined ? null : bit(post.disable_comments),
    is_home: post.is_home === undefined ? null : bit(post.is_home),
    is_highlight: post.is_highlight === undefined ? null : bit(post.is_highlight),
    is_top: post.is_top === undefined ? null : bit(post.is_top),
    is_draft: post.is_draft === undefined ? null : bit(post.is_draft),
    is_dashboard: post.is_dashboard === undefined ? null : bit(post.is_dashboard),
    sort: post.sort ?? null,
    created_at: post.created_at ?? null,
    updated_at: post.updated_at ?? null,
    tags: post.tags === undefined ? null : JSON.stringify(post.tags),
  };
}

/** `{name: value ?? null}` for each of `names`: named parameters of a statement whose absent values are null. */
export function nullParams<T extends object>(values: Partial<T>, names: ReadonlyArray<keyof T & string>): Record<string, unknown> {
  return Object.fromEntries(names.map((name) => [name, values[name] ?? null]));
}
