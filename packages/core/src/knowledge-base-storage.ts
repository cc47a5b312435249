import type { SortDirection } from "./domain/common";
import type { Category, Forum, Post, PostComment, PostSortKey, PostVote, RoleView } from "./domain/knowledge-base";
import type { Page } from "./domain/list-query";
import type { Window } from "./storage";

// The knowledge base's repositories. Visibility is a storage parameter, so
// hidden forums and posts are filtered in SQL, never after loading.

export type NewCategory = Omit<Category, "id">;
export type CategoryPatch = Partial<Omit<NewCategory, "created_at">> & { updated_at: number };

export interface CategoryRepository {
  create(tenantId: number, data: NewCategory): Promise<Category>;
  get(tenantId: number, id: number): Promise<Category | null>;
  /** Every category in display order: `sort` ascending, then id ascending. */
  list(tenantId: number, window: Window): Promise<Page<Category>>;
  /** Null when no such category. */
  update(tenantId: number, id: number, patch: CategoryPatch): Promise<Category | null>;
  /** Deletes the category with its forums, their posts and the posts' comments, atomically. False when none. */
  delete(tenantId: number, id: number): Promise<boolean>;
}

/** Which forums and posts a caller sees: only forums whose `role_view` is among `roleViews`. */
export interface Visibility {
  roleViews: readonly RoleView[];
}

export type NewForum = Omit<Forum, "id">;
export type ForumPatch = Partial<Omit<NewForum, "created_at">> & { updated_at: number };

export interface ForumRepository {
  /** The category must exist in the tenant (the service checks). */
  create(tenantId: number, data: NewForum): Promise<Forum>;
  /** Null when no such forum or when it is hidden from `visibility`. */
  get(tenantId: number, id: number, visibility: Visibility): Promise<Forum | null>;
  /** Visible forums, of one category when `categoryId` is given, in display order: `sort` ascending, then id ascending. */
  list(tenantId: number, filter: Visibility & { categoryId?: number }, window: Window): Promise<Page<Forum>>;
  update(tenantId: number, id: number, patch: ForumPatch): Promise<Forum | null>;
  /** Deletes the forum with its posts and their comments, atomically. False when none. */
  delete(tenantId: number, id: number): Promise<boolean>;
}

/** Every stored post field; `forum_name` and `author_name` are read from the forum and the author. */
export type NewPost = Omit<Post, "id" | "forum_name" | "author_name" | "count_comments" | "count_view" | "count_vote">;
export type PostPatch = Partial<Omit<NewPost, "created_at">> & { updated_at: number };

export interface PostFilter extends Visibility {
  /** `exclude`: published posts only; `only`: drafts only; `include`: both. */
  drafts: "exclude" | "only" | "include";
  forumId?: number;
  authorId?: number;
  ids?: readonly number[];
}

export interface PostRepository {
  /** Counts start at 0. The forum must exist in the tenant (the service checks). */
  create(tenantId: number, data: NewPost): Promise<Post>;
  /** Null when no such post or when it is hidden by `filter` (its forum's `role_view`, or its draft state). */
  get(tenantId: number, id: number, filter: PostFilter): Promise<Post | null>;
  /** Matching posts ordered by `sort`, then id ascending unless `id` is named. */
  list(tenantId: number, filter: PostFilter, sort: readonly PostSortKey[], window: Window): Promise<Page<Post>>;
  /**
   * Matching posts containing every one of `terms` (lower-case words) in the
   * title or the content, found through the database's full-text index. With
   * no `sort`, posts with every term in the title come first, then by
   * relevance, then id descending; with one, by `sort` as `list` does.
   * No terms match nothing.
   */
  search(tenantId: number, terms: readonly string[], filter: PostFilter, sort: readonly PostSortKey[], window: Window): Promise<Page<Post>>;
  update(tenantId: number, id: number, patch: PostPatch): Promise<Post | null>;
  /** Adds one to `count_view` in a single statement (no lost updates); the new count, or null when no such post. */
  recordView(tenantId: number, id: number): Promise<number | null>;
  /** Deletes the post and its comments, atomically. False when none. */
  delete(tenantId: number, id: number): Promise<boolean>;
}

export type NewPostComment = Omit<PostComment, "id" | "post_id">;

export interface PostCommentRepository {
  /** Adds the comment and one to the post's `count_comments`, atomically. The post must exist (the service checks). */
  create(tenantId: number, postId: number, data: NewPostComment): Promise<PostComment>;
  get(tenantId: number, postId: number, id: number): Promise<PostComment | null>;
  /** The post's comments by id in `dir` order. */
  list(tenantId: number, postId: number, dir: SortDirection, window: Window): Promise<Page<PostComment>>;
  /** Deletes the comment and takes one from the post's `count_comments`, atomically. False when none. */
  delete(tenantId: number, postId: number, id: number): Promise<boolean>;
}

export interface PostVoteRepository {
  /**
   * Records `userId`'s vote on the post, replacing theirs if any (its
   * `created_at` is kept), and moves the post's `count_vote` by the
   * difference, atomically: concurrent votes on one post are all counted.
   * Null when no such post.
   */
  cast(tenantId: number, postId: number, userId: number, value: 1 | -1, at: number): Promise<PostVote | null>;
  /** Deletes `userId`'s vote and takes its value from the post's `count_vote`, atomically. False when they had none. */
  withdraw(tenantId: number, postId: number, userId: number): Promise<boolean>;
}
