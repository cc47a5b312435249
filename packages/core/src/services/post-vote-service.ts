import { HelpdeskError } from "../errors";
import type { PostVoteService } from "../knowledge-base-api";
import type { Storage } from "../storage";
import { requireRole, type ActorContext } from "./actor-context";
import { found } from "./found";
import { readablePosts } from "./knowledge-base-visibility";

export function createPostVoteService(ctx: ActorContext): PostVoteService {
  const { tenantId, storage } = ctx;

  /** Votes on a hidden post are refused as if it did not exist. */
  async function checkReadable(from: Storage, postId: number): Promise<void> {
    found(await from.posts.get(tenantId, postId, readablePosts(ctx)), "POST_NOT_FOUND");
  }

  return {
    async cast(postId, value) {
      requireRole(ctx, "end_user");
      return storage.transaction(async (tx) => {
        await checkReadable(tx, postId);
        return found(await tx.postVotes.cast(tenantId, postId, ctx.actor.id, value, ctx.clock()), "POST_NOT_FOUND");
      });
    },

    async withdraw(postId) {
      requireRole(ctx, "end_user");
      await storage.transaction(async (tx) => {
        await checkReadable(tx, postId);
        if (!(await tx.postVotes.withdraw(tenantId, postId, ctx.actor.id))) throw new HelpdeskError("POST_VOTE_NOT_FOUND");
      });
    },
  };
}
