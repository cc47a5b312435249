import { expect } from "vitest";
import type { Client } from "./server";

/** Knowledge-base setup through the API as an admin, each call checked for its 200. */
export function knowledgeBase(admin: Client) {
  async function create(path: string, key: string, fields: Record<string, unknown>) {
    const res = await admin.post(path, { [key]: fields });
    expect(res.status, res.text).toBe(200);
    return res.body[key];
  }
  return {
    category: (fields: Record<string, unknown> = {}) => create("/apiv2/categories.json", "category", { title: "Category", ...fields }),
    forum: (categoryId: number, fields: Record<string, unknown> = {}) =>
      create("/apiv2/forums.json", "forum", { title: "Forum", category_id: categoryId, ...fields }),
    post: (forumId: number, fields: Record<string, unknown> = {}) =>
      create("/apiv2/posts.json", "post", { title: "Post", content: "Body", forum_id: forumId, ...fields }),
    async comment(client: Client, postId: number, content = "A comment") {
      const res = await client.post(`/apiv2/posts/${postId}/comments.json`, { post_comment: { content } });
      expect(res.status, res.text).toBe(201);
      return res.body.post_comment;
    },
  };
}

/** The ids of a list's items, in order. */
export const ids = (items: Array<{ id: number }>): number[] => items.map((item) => item.id);
