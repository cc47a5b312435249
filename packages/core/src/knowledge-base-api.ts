import type {
  Category,
  CategoryCreateInput,
  CategoryUpdateInput,
  Forum,
  ForumCreateInput,
  ForumUpdateInput,
  Post,
  PostComment,
  PostCommentCreateInput,
  PostCommentListQuery,
  PostCreateInput,
  PostListQuery,
  PostSearchQuery,
  PostUpdateInput,
  PostVote,
} from "./domain/knowledge-base";
import type { AttachmentView } from "./domain/attachment";
import type { ListResult, PageQuery } from "./help-desk-api";

/** A post with the files bound to it, which the API shows as `uploads`. */
export type PostView = Post & { uploads: AttachmentView[] };

// Every read is open to any signed-in user; forums whose `role_view` the
// caller does not reach, their posts and those posts' comments answer
// *_NOT_FOUND as if they did not exist, and so do drafts for end users.

export interface CategoryService {
  /** Every category in display order (`sort` ascending, then id). */
  list(query?: PageQuery): Promise<ListResult<Category>>;
  get(id: number): Promise<Category>;
  /** Admin. */
  create(input: CategoryCreateInput): Promise<Category>;
  /** Admin. */
  update(id: number, input: CategoryUpdateInput): Promise<Category>;
  /** Admin; takes the category's forums, their posts and comments with it. */
  delete(id: number): Promise<void>;
}

export interface ForumService {
  /** The forums the caller may see, in display order (`sort` ascending, then id). */
  list(query?: PageQuery): Promise<ListResult<Forum>>;
  /** The same, of one category; CATEGORY_NOT_FOUND for an unknown one. */
  listByCategory(categoryId: number, query?: PageQuery): Promise<ListResult<Forum>>;
  get(id: number): Promise<Forum>;
  /** Admin; the category must exist (RECORD_INVALID naming category_id). */
  create(input: ForumCreateInput): Promise<Forum>;
  /** Admin. */
  update(id: number, input: ForumUpdateInput): Promise<Forum>;
  /** Admin; takes the forum's posts and their comments with it. */
  delete(id: number): Promise<void>;
}

export interface PostService {
  /** Published posts the caller may see; default order `sort` descending, then id descending. */
  list(query?: PostListQuery): Promise<ListResult<PostView>>;
  /** Drafts (agent). */
  drafts(query?: PostListQuery): Promise<ListResult<PostView>>;
  /** Published posts of a visible forum; FORUM_NOT_FOUND otherwise. */
  listByForum(forumId: number, query?: PostListQuery): Promise<ListResult<PostView>>;
  /** Published posts written by user `userId`; USER_NOT_FOUND for an unknown user. */
  listByAuthor(userId: number, query?: PostListQuery): Promise<ListResult<PostView>>;
  /** One post, counting the view: the answer carries the new `count_view`. */
  view(id: number): Promise<PostView>;
  /** Up to 100 visible posts (drafts for agents only), by id; unknown and hidden ids are skipped. */
  showMany(ids: number[]): Promise<PostView[]>;
  /** Published posts with every word of `query` in the title or content; title matches first unless `sort` is given. */
  search(query: PostSearchQuery): Promise<ListResult<PostView>>;
  /** Admin; the author defaults to the caller and must be an agent or admin. */
  create(input: PostCreateInput): Promise<PostView>;
  /** Admin. */
  update(id: number, input: PostUpdateInput): Promise<PostView>;
  /** Admin; takes the post's comments with it. */
  delete(id: number): Promise<void>;
}

export interface PostCommentService {
  /** Comments of a visible post, by id: ascending with `sort_order=asc`, else descending. */
  list(postId: number, query?: PostCommentListQuery): Promise<ListResult<PostComment>>;
  get(postId: number, id: number): Promise<PostComment>;
  /** Any signed-in user on a visible post; POST_COMMENTS_DISABLED when the post disables comments. */
  create(postId: number, input: PostCommentCreateInput): Promise<PostComment>;
  /** Admin (beyond the spec). */
  delete(postId: number, id: number): Promise<void>;
}

/** Votes on posts (beyond the spec, as Zendesk's Help Center): any signed-in user on a post they may read. */
export interface PostVoteService {
  /** Records the caller's vote on the post, +1 or -1, replacing theirs if any; POST_NOT_FOUND for a post they cannot read. */
  cast(postId: number, value: 1 | -1): Promise<PostVote>;
  /** Withdraws the caller's vote; POST_VOTE_NOT_FOUND when they had none. */
  withdraw(postId: number): Promise<void>;
}
