import type { Storage } from "../storage";
import { EVERYTHING } from "./knowledge-base-visibility";

const PAGE = 500;

/**
 * Makes the files of every post in `forumIds` expire at `at`, so that the
 * sweep removes them once the forums' cascading delete has taken the posts.
 * Runs inside the caller's transaction, before the delete.
 */
export async function expireForumFiles(tx: Storage, tenantId: number, forumIds: readonly number[], at: number): Promise<void> {
  for (const forumId of forumIds) {
    for (let offset = 0; ; offset += PAGE) {
      const page = await tx.posts.list(tenantId, { ...EVERYTHING, drafts: "include", forumId }, [{ by: "id", dir: "asc" }], { limit: PAGE, offset });
      if (page.items.length > 0) await tx.attachments.expireForPosts(tenantId, page.items.map((post) => post.id), at);
      if (page.items.length < PAGE) break;
    }
  }
}

/** The same for every forum of category `categoryId`. */
export async function expireCategoryFiles(tx: Storage, tenantId: number, categoryId: number, at: number): Promise<void> {
  for (let offset = 0; ; offset += PAGE) {
    const page = await tx.forums.list(tenantId, { ...EVERYTHING, categoryId }, { limit: PAGE, offset });
    await expireForumFiles(tx, tenantId, page.items.map((forum) => forum.id), at);
    if (page.items.length < PAGE) break;
  }
}
