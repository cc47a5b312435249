import { describe, expect, it } from "vitest";
import type { PostFilter } from "../knowledge-base-storage";
import type { ConformanceContext } from "./conformance-context";
import { at, idsOf, newUser } from "./fixtures";
import { END_USER_LISTS, newPost, newPostComment, SEE_ALL, seedKnowledgeBase } from "./knowledge-base-fixtures";

const ALL = { limit: 100, offset: 0 };

export function describeKnowledgeBasePosts(ctx: ConformanceContext): void {
  describe("knowledge base: posts and comments", () => {
    it("posts.create - every field as given, the forum's and author's names, counts at zero", async () => {
      const s = await seedKnowledgeBase(ctx.storage);
      const data = newPost(s.open.id, s.agent.id, { title: "T", content: "C", is_top: true, disable_comments: true, sort: 3, tags: ["a", "b"], created_at: at(1), updated_at: at(2) });
      const post = await ctx.storage.posts.create(s.tenantId, data);
      expect(post).toEqual({ ...data, id: expect.any(Number), forum_name: "Open", author_name: "Ada Agent", count_comments: 0, count_vote: 0, count_view: 0 });
      expect(await ctx.storage.posts.get(s.tenantId, post.id, SEE_ALL)).toEqual(post);
      expect(await ctx.storage.posts.get(s.tenantId, 999_999, SEE_ALL)).toBeNull();
    });

    it("posts.get - hidden by the forum's role_view and by the draft filter", async () => {
      const s = await seedKnowledgeBase(ctx.storage);
      const staff = await ctx.storage.posts.create(s.tenantId, newPost(s.staff.id, s.agent.id));
      const members = await ctx.storage.posts.create(s.tenantId, newPost(s.members.id, s.agent.id));
      const draft = await ctx.storage.posts.create(s.tenantId, newPost(s.open.id, s.agent.id, { is_draft: true }));
      const seen = async (id: number, filter: PostFilter) => (await ctx.storage.posts.get(s.tenantId, id, filter)) !== null;
      expect(await seen(staff.id, END_USER_LISTS)).toBe(false);
      expect(await seen(staff.id, SEE_ALL)).toBe(true);
      expect(await seen(members.id, { roleViews: ["all"], drafts: "include" })).toBe(false);
      expect(await seen(members.id, END_USER_LISTS)).toBe(true);
      expect(await seen(draft.id, END_USER_LISTS)).toBe(false);
      expect(await seen(draft.id, { ...SEE_ALL, drafts: "only" })).toBe(true);
      expect(await seen(members.id, { ...SEE_ALL, drafts: "only" })).toBe(false);
    });

    it("posts.list - filters by forum, author, ids, drafts and visibility, with the count", async () => {
      const s = await seedKnowledgeBase(ctx.storage);
      const other = await ctx.storage.users.create(s.tenantId, newUser({ name: "Otto", role: "agent" }));
      const p1 = await ctx.storage.posts.create(s.tenantId, newPost(s.open.id, s.agent.id));
      const p2 = await ctx.storage.posts.create(s.tenantId, newPost(s.open.id, other.id));
      const p3 = await ctx.storage.posts.create(s.tenantId, newPost(s.staff.id, s.agent.id));
      const p4 = await ctx.storage.posts.create(s.tenantId, newPost(s.members.id, s.agent.id, { is_draft: true }));
      const ids = async (filter: PostFilter) => {
        const page = await ctx.storage.posts.list(s.tenantId, filter, [], ALL);
        expect(page.count).toBe(page.items.length);
        return idsOf(page.items);
      };
      expect(await ids(SEE_ALL)).toEqual([p1.id, p2.id, p3.id, p4.id]);
      expect(await ids(END_USER_LISTS)).toEqual([p1.id, p2.id]);
      expect(await ids({ ...SEE_ALL, drafts: "only" })).toEqual([p4.id]);
      expect(await ids({ ...SEE_ALL, forumId: s.open.id })).toEqual([p1.id, p2.id]);
      expect(await ids({ ...SEE_ALL, authorId: s.agent.id })).toEqual([p1.id, p3.id, p4.id]);
      expect(await ids({ ...END_USER_LISTS, ids: [p3.id, p2.id, 999_999] })).toEqual([p2.id]);
      expect(await ctx.storage.posts.list(s.tenantId, SEE_ALL, [], { limit: 2, offset: 3 })).toMatchObject({ items: [{ id: p4.id }], count: 4 });
    });

    it("posts.list - sorts by each sort field either way, id ascending breaking ties", async () => {
      const s = await seedKnowledgeBase(ctx.storage);
      const a = await ctx.storage.posts.create(s.tenantId, newPost(s.open.id, s.agent.id, { sort: 1, is_top: true, created_at: at(3), updated_at: at(1) }));
      const b = await ctx.storage.posts.create(s.tenantId, newPost(s.open.id, s.agent.id, { sort: 2, created_at: at(1), updated_at: at(3) }));
      const c = await ctx.storage.posts.create(s.tenantId, newPost(s.open.id, s.agent.id, { sort: 1, created_at: at(2), updated_at: at(2) }));
      await ctx.storage.posts.recordView(s.tenantId, c.id);
      await ctx.storage.posts.recordView(s.tenantId, c.id);
      await ctx.storage.posts.recordView(s.tenantId, b.id);
      await ctx.storage.postComments.create(s.tenantId, a.id, newPostComment(s.agent.id));
      const order = async (...sort: Parameters<typeof ctx.storage.posts.list>[2]) => idsOf((await ctx.storage.posts.list(s.tenantId, SEE_ALL, sort, ALL)).items);
      expect(await order({ by: "sort", dir: "desc" })).toEqual([b.id, a.id, c.id]);
      expect(await order({ by: "sort", dir: "desc" }, { by: "id", dir: "desc" })).toEqual([b.id, c.id, a.id]);
      expect(await order({ by: "sort", dir: "asc" })).toEqual([a.id, c.id, b.id]);
      expect(await order({ by: "created_at", dir: "asc" })).toEqual([b.id, c.id, a.id]);
      expect(await order({ by: "updated_at", dir: "desc" })).toEqual([b.id, c.id, a.id]);
      expect(await order({ by: "is_top", dir: "desc" })).toEqual([a.id, b.id, c.id]);
      expect(await order({ by: "count_view", dir: "desc" })).toEqual([c.id, b.id, a.id]);
      expect(await order({ by: "count_comments", dir: "desc" })).toEqual([a.id, b.id, c.id]);
      expect(await order({ by: "id", dir: "desc" })).toEqual([c.id, b.id, a.id]);
    });

    it("posts.update - applies the patch, keeps the counters, and follows a new forum's name", async () => {
      const s = await seedKnowledgeBase(ctx.storage);
      const post = await ctx.storage.posts.create(s.tenantId, newPost(s.open.id, s.agent.id, { tags: ["x"] }));
      await ctx.storage.posts.recordView(s.tenantId, post.id);
      await ctx.storage.postComments.create(s.tenantId, post.id, newPostComment(s.agent.id));
      const updated = await ctx.storage.posts.update(s.tenantId, post.id, { forum_id: s.staff.id, is_draft: true, tags: [], updated_at: at(7) });
      expect(updated).toEqual({ ...post, forum_id: s.staff.id, forum_name: "Staff", is_draft: true, tags: [], updated_at: at(7), count_view: 1, count_comments: 1 });
      expect(await ctx.storage.posts.get(s.tenantId, post.id, SEE_ALL)).toEqual(updated);
      expect(await ctx.storage.posts.update(s.tenantId, 999_999, { title: "X", updated_at: at(7) })).toBeNull();
    });

    it("posts.recordView - adds one per call, none lost when calls run concurrently; null for an unknown post", async () => {
      const s = await seedKnowledgeBase(ctx.storage);
      const post = await ctx.storage.posts.create(s.tenantId, newPost(s.open.id, s.agent.id));
      expect(await ctx.storage.posts.recordView(s.tenantId, post.id)).toBe(1);
      const counts = await Promise.all(Array.from({ length: 10 }, () => ctx.storage.posts.recordView(s.tenantId, post.id)));
      expect([...counts].sort((x, y) => x! - y!)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
      expect((await ctx.storage.posts.get(s.tenantId, post.id, SEE_ALL))?.count_view).toBe(11);
      expect(await ctx.storage.posts.recordView(s.tenantId, 999_999)).toBeNull();
    });

    it("posts.search - title matches rank above content-only matches, however often the content repeats the word", async () => {
      const s = await seedKnowledgeBase(ctx.storage);
      const content = await ctx.storage.posts.create(s.tenantId, newPost(s.open.id, s.agent.id, { title: "Misc", content: "toner toner toner toner toner" }));
      const title = await ctx.storage.posts.create(s.tenantId, newPost(s.open.id, s.agent.id, { title: "Toner refill", content: "How to" }));
      await ctx.storage.posts.create(s.tenantId, newPost(s.open.id, s.agent.id, { title: "Paper", content: "Nothing here" }));
      const page = await ctx.storage.posts.search(s.tenantId, ["toner"], SEE_ALL, [], ALL);
      expect({ ids: idsOf(page.items), count: page.count }).toEqual({ ids: [title.id, content.id], count: 2 });
      const sorted = await ctx.storage.posts.search(s.tenantId, ["toner"], SEE_ALL, [{ by: "id", dir: "asc" }], ALL);
      expect(idsOf(sorted.items)).toEqual([content.id, title.id]);
    });

    it("posts.search - every term must match, as a word, in title or content, any case", async () => {
      const s = await seedKnowledgeBase(ctx.storage);
      const both = await ctx.storage.posts.create(s.tenantId, newPost(s.open.id, s.agent.id, { title: "Wireless PRINTER", content: "Setup guide" }));
      await ctx.storage.posts.create(s.tenantId, newPost(s.open.id, s.agent.id, { title: "Wireless mouse", content: "Pairing" }));
      const search = async (terms: string[]) => idsOf((await ctx.storage.posts.search(s.tenantId, terms, SEE_ALL, [], ALL)).items);
      expect(await search(["printer", "setup"])).toEqual([both.id]);
      expect(await search(["print"])).toEqual([]);
      expect(await search(["printer", "nowhere"])).toEqual([]);
      expect(await search(["and", "or", "not", "near"])).toEqual([]);
    });

    it("posts.search - follows updates and deletes, and hides what the filter hides", async () => {
      const s = await seedKnowledgeBase(ctx.storage);
      const post = await ctx.storage.posts.create(s.tenantId, newPost(s.open.id, s.agent.id, { title: "Old title" }));
      const staff = await ctx.storage.posts.create(s.tenantId, newPost(s.staff.id, s.agent.id, { title: "Fresh staff" }));
      const draft = await ctx.storage.posts.create(s.tenantId, newPost(s.open.id, s.agent.id, { title: "Fresh draft", is_draft: true }));
      await ctx.storage.posts.update(s.tenantId, post.id, { title: "Fresh title", updated_at: at(1) });
      const search = async (terms: string[], filter: PostFilter) => idsOf((await ctx.storage.posts.search(s.tenantId, terms, filter, [], ALL)).items);
      expect(await search(["old"], SEE_ALL)).toEqual([]);
      expect(await search(["fresh"], SEE_ALL)).toEqual([draft.id, staff.id, post.id]);
      expect(await search(["fresh"], END_USER_LISTS)).toEqual([post.id]);
      await ctx.storage.posts.delete(s.tenantId, post.id);
      expect(await search(["fresh"], END_USER_LISTS)).toEqual([]);
    });

    it("posts.delete - removes the post and its comments; false when none", async () => {
      const s = await seedKnowledgeBase(ctx.storage);
      const post = await ctx.storage.posts.create(s.tenantId, newPost(s.open.id, s.agent.id));
      const comment = await ctx.storage.postComments.create(s.tenantId, post.id, newPostComment(s.agent.id));
      expect(await ctx.storage.posts.delete(s.tenantId, post.id)).toBe(true);
      expect(await ctx.storage.posts.get(s.tenantId, post.id, SEE_ALL)).toBeNull();
      expect(await ctx.storage.postComments.get(s.tenantId, post.id, comment.id)).toBeNull();
      expect(await ctx.storage.posts.delete(s.tenantId, post.id)).toBe(false);
    });

    it("postComments.create / delete - keep count_comments in step; get is scoped to the post", async () => {
      const s = await seedKnowledgeBase(ctx.storage);
      const post = await ctx.storage.posts.create(s.tenantId, newPost(s.open.id, s.agent.id));
      const other = await ctx.storage.posts.create(s.tenantId, newPost(s.open.id, s.agent.id));
      const data = newPostComment(s.agent.id, { content: "Helpful", created_at: at(1), updated_at: at(2) });
      const comment = await ctx.storage.postComments.create(s.tenantId, post.id, data);
      expect(comment).toEqual({ ...data, id: expect.any(Number), post_id: post.id });
      await Promise.all([1, 2, 3].map(() => ctx.storage.postComments.create(s.tenantId, post.id, newPostComment(s.agent.id))));
      expect((await ctx.storage.posts.get(s.tenantId, post.id, SEE_ALL))?.count_comments).toBe(4);
      expect(await ctx.storage.postComments.get(s.tenantId, post.id, comment.id)).toEqual(comment);
      expect(await ctx.storage.postComments.get(s.tenantId, other.id, comment.id)).toBeNull();
      expect(await ctx.storage.postComments.delete(s.tenantId, other.id, comment.id)).toBe(false);
      expect(await ctx.storage.postComments.delete(s.tenantId, post.id, comment.id)).toBe(true);
      expect(await ctx.storage.postComments.delete(s.tenantId, post.id, comment.id)).toBe(false);
      expect((await ctx.storage.posts.get(s.tenantId, post.id, SEE_ALL))?.count_comments).toBe(3);
      expect((await ctx.storage.posts.get(s.tenantId, other.id, SEE_ALL))?.count_comments).toBe(0);
    });

    it("postComments.list - by id either way, paged, with the count", async () => {
      const s = await seedKnowledgeBase(ctx.storage);
      const post = await ctx.storage.posts.create(s.tenantId, newPost(s.open.id, s.agent.id));
      const made = [];
      for (const content of ["one", "two", "three"]) made.push(await ctx.storage.postComments.create(s.tenantId, post.id, newPostComment(s.agent.id, { content })));
      const asc = await ctx.storage.postComments.list(s.tenantId, post.id, "asc", ALL);
      expect({ ids: idsOf(asc.items), count: asc.count }).toEqual({ ids: idsOf(made), count: 3 });
      expect(idsOf((await ctx.storage.postComments.list(s.tenantId, post.id, "desc", ALL)).items)).toEqual(idsOf(made).reverse());
      expect(await ctx.storage.postComments.list(s.tenantId, post.id, "desc", { limit: 1, offset: 1 })).toEqual({ items: [made[1]], count: 3 });
    });
  });
}
