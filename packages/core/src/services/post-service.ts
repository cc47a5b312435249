import { HelpdeskError, invalidField } from "../errors";
import {
  postCreateInputSchema,
  postListQuerySchema,
  postSearchQuerySchema,
  postUpdateInputSchema,
  searchTerms,
  type Post,
  type PostSortKey,
} from "../domain/knowledge-base";
import { MAX_PAGE_SIZE } from "../domain/list-query";
import { roleAtLeast } from "../domain/user";
import type { PostService, PostView } from "../knowledge-base-api";
import type { PostFilter, PostPatch } from "../knowledge-base-storage";
import type { Storage } from "../storage";
import { requireRole, type ActorContext } from "./actor-context";
import { bindUploads } from "./attachment-binding";
import { attachmentsOfPosts } from "./attachment-views";
import { definedFields } from "./defined-fields";
import { EVERYTHING, publishedPosts, readablePosts } from "./knowledge-base-visibility";
import { found } from "./found";
import { toListResult, toWindow } from "./paging";
import { parseInput, parseQuery } from "./validation";

/** The lists' order when no `sort` is given: the forum's display order (descending, as the spec says), newest first. */
export const DEFAULT_POST_ORDER: readonly PostSortKey[] = [
  { by: "sort", dir: "desc" },
  { by: "id", dir: "desc" },
];

export function createPostService(ctx: ActorContext): PostService {
  const { tenantId, storage } = ctx;

  /** Posts with their files, read in one query. */
  async function withUploads(from: Storage, posts: Post[]): Promise<PostView[]> {
    const files = await attachmentsOfPosts(from, tenantId, posts.map((post) => post.id));
    return posts.map((post) => ({ ...post, uploads: files.get(post.id) ?? [] }));
  }

  async function withUploadsOne(from: Storage, post: Post): Promise<PostView> {
    const [view] = await withUploads(from, [post]);
    return view!;
  }

  async function bindPostUploads(tx: Storage, postId: number, tokens: string[] | undefined, at: number): Promise<void> {
    await bindUploads(tx, { tenantId, uploaderId: ctx.actor.id, tokens: tokens ?? [], target: { kind: "post", postId }, at, field: "uploads" });
  }

  async function listed(filter: PostFilter, query: unknown) {
    const params = parseQuery(postListQuerySchema, query);
    const page = await storage.posts.list(tenantId, filter, params.sort ?? DEFAULT_POST_ORDER, toWindow(params));
    return toListResult({ ...page, items: await withUploads(storage, page.items) }, params);
  }

  async function checkForum(from: Storage, id: number | undefined): Promise<void> {
    if (id !== undefined && !(await from.forums.get(tenantId, id, EVERYTHING))) throw invalidField("forum_id", `no forum with id ${id}`);
  }

  /** Posts are written by agents and admins of this help desk. */
  async function checkAuthor(from: Storage, id: number | undefined): Promise<void> {
    if (id === undefined) return;
    const user = await from.users.get(tenantId, id);
    if (!user || !roleAtLeast(user.role, "agent")) throw invalidField("author_id", `no agent with id ${id}`);
  }

  return {
    async list(query) {
      requireRole(ctx, "end_user");
      return listed(publishedPosts(ctx), query);
    },

    async drafts(query) {
      requireRole(ctx, "agent");
      return listed({ ...publishedPosts(ctx), drafts: "only" }, query);
    },

    async listByForum(forumId, query) {
      requireRole(ctx, "end_user");
      const filter = publishedPosts(ctx);
      if (!(await storage.forums.get(tenantId, forumId, filter))) throw new HelpdeskError("FORUM_NOT_FOUND");
      return listed({ ...filter, forumId }, query);
    },

    async listByAuthor(userId, query) {
      requireRole(ctx, "end_user");
      if (!(await storage.users.get(tenantId, userId))) throw new HelpdeskError("USER_NOT_FOUND");
      return listed({ ...publishedPosts(ctx), authorId: userId }, query);
    },

    async view(id) {
      requireRole(ctx, "end_user");
      const post = found(await storage.posts.get(tenantId, id, readablePosts(ctx)), "POST_NOT_FOUND");
      const count_view = await storage.posts.recordView(tenantId, id);
      if (count_view === null) throw new HelpdeskError("POST_NOT_FOUND");
      return withUploadsOne(storage, { ...post, count_view });
    },

    async showMany(ids) {
      requireRole(ctx, "end_user");
      if (ids.length > MAX_PAGE_SIZE) throw new HelpdeskError("REQUEST_IDS_TOO_MANY");
      if (ids.length === 0) return [];
      const page = await storage.posts.list(tenantId, { ...readablePosts(ctx), ids }, [], { limit: MAX_PAGE_SIZE, offset: 0 });
      return withUploads(storage, page.items);
    },

    async search(query) {
      requireRole(ctx, "end_user");
      const params = parseQuery(postSearchQuerySchema, query);
      const terms = searchTerms(params.query);
      const page =
        terms.length === 0
          ? { items: [], count: 0 }
          : await storage.posts.search(tenantId, terms, publishedPosts(ctx), params.sort ?? [], toWindow(params));
      return toListResult({ ...page, items: await withUploads(storage, page.items) }, params);
    },

    async create(raw) {
      requireRole(ctx, "admin");
      const { uploads, ...input } = parseInput(postCreateInputSchema, raw);
      return storage.transaction(async (tx) => {
        await checkForum(tx, input.forum_id);
        await checkAuthor(tx, input.author_id);
        const now = ctx.clock();
        const post = await tx.posts.create(tenantId, {
          forum_id: input.forum_id,
          title: input.title,
          content: input.content ?? "",
          author_id: input.author_id ?? ctx.actor.id,
          disable_comments: input.disable_comments ?? false,
          is_home: input.is_home ?? false,
          is_highlight: input.is_highlight ?? false,
          is_top: input.is_top ?? false,
          is_draft: input.is_draft ?? false,
          is_dashboard: input.is_dashboard ?? false,
          sort: input.sort ?? 0,
          created_at: input.created_at ?? now,
          updated_at: now,
          tags: input.tags ?? [],
        });
        await bindPostUploads(tx, post.id, uploads, now);
        return withUploadsOne(tx, post);
      });
    },

    async update(id, raw) {
      requireRole(ctx, "admin");
      // created_at is set once, on create; new uploads are added to the post's files.
      const { uploads, created_at: _createdAt, ...input } = parseInput(postUpdateInputSchema, raw);
      return storage.transaction(async (tx) => {
        found(await tx.posts.get(tenantId, id, { ...EVERYTHING, drafts: "include" }), "POST_NOT_FOUND");
        await checkForum(tx, input.forum_id);
        await checkAuthor(tx, input.author_id);
        const patch: PostPatch = { ...definedFields(input), updated_at: ctx.clock() };
        const post = found(await tx.posts.update(tenantId, id, patch), "POST_NOT_FOUND");
        await bindPostUploads(tx, id, uploads, patch.updated_at);
        return withUploadsOne(tx, post);
      });
    },

    async delete(id) {
      requireRole(ctx, "admin");
      await storage.transaction(async (tx) => {
        if (!(await tx.posts.delete(tenantId, id))) throw new HelpdeskError("POST_NOT_FOUND");
        // The post's files go with it, at the next sweep.
        await tx.attachments.expireForPosts(tenantId, [id], ctx.clock());
      });
    },
  };
}
