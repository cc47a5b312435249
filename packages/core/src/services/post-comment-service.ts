import { HelpdeskError } from "../errors";
import { postCommentCreateInputSchema, postCommentListQuerySchema, type Post } from "../domain/knowledge-base";
import type { PostCommentService } from "../knowledge-base-api";
import type { Storage } from "../storage";
import { requireRole, type ActorContext } from "./actor-context";
import { readablePosts } from "./knowledge-base-visibility";
import { found } from "./found";
import { toListResult, toWindow } from "./paging";
import { parseInput, parseQuery } from "./validation";

export function createPostCommentService(ctx: ActorContext): PostCommentService {
  const { tenantId, storage } = ctx;

  /** The post, if the actor may see it: comments of a hidden post are hidden with it. */
  async function visiblePost(from: Storage, postId: number): Promise<Post> {
    return found(await from.posts.get(tenantId, postId, readablePosts(ctx)), "POST_NOT_FOUND");
  }

  return {
    async list(postId, query) {
      requireRole(ctx, "end_user");
      const params = parseQuery(postCommentListQuerySchema, query);
      await visiblePost(storage, postId);
      // The spec: `sort_order=asc` is by id ascending; omitted, by id descending.
      const page = await storage.postComments.list(tenantId, postId, params.sort_order ?? "desc", toWindow(params));
      return toListResult(page, params);
    },

    async get(postId, id) {
      requireRole(ctx, "end_user");
      await visiblePost(storage, postId);
      return found(await storage.postComments.get(tenantId, postId, id), "POST_COMMENT_NOT_FOUND");
    },

    async create(postId, raw) {
      requireRole(ctx, "end_user");
      const input = parseInput(postCommentCreateInputSchema, raw);
      return storage.transaction(async (tx) => {
        const post = await visiblePost(tx, postId);
        if (post.disable_comments) throw new HelpdeskError("POST_COMMENTS_DISABLED");
        const now = ctx.clock();
        return tx.postComments.create(tenantId, postId, { content: input.content, author_id: ctx.actor.id, created_at: now, updated_at: now });
      });
    },

    async delete(postId, id) {
      requireRole(ctx, "admin");
      if (!(await storage.postComments.delete(tenantId, postId, id))) throw new HelpdeskError("POST_COMMENT_NOT_FOUND");
    },
  };
}
