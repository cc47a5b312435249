import { z } from "zod";
import { dateInputSchema, idSchema, requiredText, sortDirectionSchema, tagsInputSchema, timestampSchema, type SortDirection } from "./common";
import { pageQuerySchema } from "./list-query";

/** Who may see a forum and the posts in it, from the widest audience to the narrowest. */
export const ROLE_VIEWS = ["all", "logged_in", "agent"] as const;
export type RoleView = (typeof ROLE_VIEWS)[number];

/** Display orders are stored as 32-bit integers (Postgres `integer`). */
const sortValueSchema = z.number().int().min(-2_147_483_648).max(2_147_483_647);
const titleSchema = requiredText(255);
const textSchema = z.string().max(65_535);

/** A knowledge-base category (the spec's "section"): a shelf of forums. */
export const categorySchema = z.object({
  id: idSchema,
  title: z.string(),
  content: z.string(),
  display_limit: z.number().int(),
  sort: z.number().int(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Category = z.infer<typeof categorySchema>;

export const categoryCreateInputSchema = z.object({
  title: titleSchema,
  content: textSchema.optional(),
  display_limit: z.number().int().min(0).max(10_000).optional(),
  sort: sortValueSchema.optional(),
});
export type CategoryCreateInput = z.input<typeof categoryCreateInputSchema>;
export const categoryUpdateInputSchema = categoryCreateInputSchema.partial();
export type CategoryUpdateInput = z.input<typeof categoryUpdateInputSchema>;

/** A forum of a category; `role_view` hides it, and every post in it, from callers below that level. */
export const forumSchema = z.object({
  id: idSchema,
  category_id: idSchema,
  title: z.string(),
  content: z.string(),
  role_view: z.enum(ROLE_VIEWS),
  sort: z.number().int(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Forum = z.infer<typeof forumSchema>;

export const forumCreateInputSchema = z.object({
  category_id: idSchema,
  title: titleSchema,
  content: textSchema.optional(),
  role_view: z.enum(ROLE_VIEWS).optional(),
  sort: sortValueSchema.optional(),
});
export type ForumCreateInput = z.input<typeof forumCreateInputSchema>;
export const forumUpdateInputSchema = forumCreateInputSchema.partial();
export type ForumUpdateInput = z.input<typeof forumUpdateInputSchema>;

/** A knowledge-base document. `author_name` and `forum_name` are read from the author and the forum. */
export const postSchema = z.object({
  id: idSchema,
  forum_id: idSchema,
  forum_name: z.string(),
  title: z.string(),
  content: z.string(),
  author_id: idSchema,
  /** Null once the author is deleted. */
  author_name: z.string().nullable(),
  disable_comments: z.boolean(),
  count_comments: z.number().int(),
  count_vote: z.number().int(),
  count_view: z.number().int(),
  is_home: z.boolean(),
  is_highlight: z.boolean(),
  is_top: z.boolean(),
  is_draft: z.boolean(),
  is_dashboard: z.boolean(),
  sort: z.number().int(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
  tags: z.array(z.string()),
});
export type Post = z.infer<typeof postSchema>;

const postWritableShape = {
  forum_id: idSchema,
  title: titleSchema,
  content: z.string().max(200_000).optional(),
  author_id: idSchema.optional(),
  disable_comments: z.boolean().optional(),
  is_home: z.boolean().optional(),
  is_highlight: z.boolean().optional(),
  is_top: z.boolean().optional(),
  is_draft: z.boolean().optional(),
  is_dashboard: z.boolean().optional(),
  sort: sortValueSchema.optional(),
  created_at: dateInputSchema.optional(),
  tags: tagsInputSchema.optional(),
  /** Attachment tokens to bind to the post. */
  uploads: z.array(z.string().min(1).max(255)).max(100).optional(),
};
export const postCreateInputSchema = z.object(postWritableShape);
export type PostCreateInput = z.input<typeof postCreateInputSchema>;
export const postUpdateInputSchema = postCreateInputSchema.partial();
export type PostUpdateInput = z.input<typeof postUpdateInputSchema>;

/** A comment on a post. */
export const postCommentSchema = z.object({
  id: idSchema,
  post_id: idSchema,
  content: z.string(),
  author_id: idSchema,
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type PostComment = z.infer<typeof postCommentSchema>;

export const postCommentCreateInputSchema = z.object({ content: requiredText(65_535) });
export type PostCommentCreateInput = z.input<typeof postCommentCreateInputSchema>;

/** The fields the `sort` parameter of the post lists may name. */
export const POST_SORT_FIELDS = ["id", "created_at", "updated_at", "is_top", "count_view", "count_comments", "sort"] as const;
export type PostSortField = (typeof POST_SORT_FIELDS)[number];
export interface PostSortKey {
  by: PostSortField;
  dir: SortDirection;
}

const SORT_PAIR = /^([a-z_]+):([a-z]+)$/;

/** `sort=field:direction,…` over POST_SORT_FIELDS; each field at most once. */
export const postSortParamSchema = z.string().transform((text, ctx): PostSortKey[] => {
  const keys: PostSortKey[] = [];
  for (const part of text.split(",").map((p) => p.trim())) {
    const [, by, dir] = SORT_PAIR.exec(part) ?? [];
    const field = POST_SORT_FIELDS.find((f) => f === by);
    const direction = sortDirectionSchema.safeParse(dir);
    if (field === undefined || !direction.success) {
      ctx.addIssue({ code: "custom", message: `"${part}" must be field:direction with a field among ${POST_SORT_FIELDS.join(", ")} and a direction asc or desc` });
      return z.NEVER;
    }
    if (keys.some((k) => k.by === field)) {
      ctx.addIssue({ code: "custom", message: `${field} is named twice` });
      return z.NEVER;
    }
    keys.push({ by: field, dir: direction.data });
  }
  return keys;
});

export const postListQuerySchema = pageQuerySchema.extend({ sort: postSortParamSchema.optional() });
export type PostListQuery = z.input<typeof postListQuerySchema>;

export const postSearchQuerySchema = postListQuerySchema.extend({ query: z.string().trim().min(1, "is required").max(255) });
export type PostSearchQuery = z.input<typeof postSearchQuerySchema>;

export const postCommentListQuerySchema = pageQuerySchema.extend({ sort_order: sortDirectionSchema.optional() });
export type PostCommentListQuery = z.input<typeof postCommentListQuerySchema>;

/**
 * The words of a search query: runs of letters and digits, lower-case,
 * without repeats, at most 16. Everything else (quotes, parentheses, FTS
 * operators) only separates words, so no input can break the index's syntax.
 */
export function searchTerms(query: string): string[] {
  return [...new Set(query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])].slice(0, 16);
}

/** A user's vote on a post (beyond the spec): `value` is 1 (up) or -1 (down); one vote per user and post. */
export const postVoteSchema = z.object({
  post_id: idSchema,
  user_id: idSchema,
  value: z.number().int(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type PostVote = z.infer<typeof postVoteSchema>;
