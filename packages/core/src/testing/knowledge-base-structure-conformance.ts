import { describe, expect, it } from "vitest";
import type { ConformanceContext } from "./conformance-context";
import { at, createTenant, idsOf, newUser } from "./fixtures";
import { newCategory, newForum, newPost, newPostComment, SEE_ALL, seedKnowledgeBase } from "./knowledge-base-fixtures";

const ALL = { limit: 100, offset: 0 };
const EVERY_FORUM = { roleViews: ["all", "logged_in", "agent"] as const };

export function describeKnowledgeBaseStructure(ctx: ConformanceContext): void {
  describe("knowledge base: categories and forums", () => {
    it("categories.create - returns every field as given, with an id; get reads it back", async () => {
      const tenant = await createTenant(ctx.storage);
      const data = newCategory({ title: "Billing", content: "Money", display_limit: 5, sort: -3, created_at: at(1), updated_at: at(2) });
      const category = await ctx.storage.categories.create(tenant.id, data);
      expect(category).toEqual({ ...data, id: expect.any(Number) });
      expect(await ctx.storage.categories.get(tenant.id, category.id)).toEqual(category);
      expect(await ctx.storage.categories.get(tenant.id, 999_999)).toBeNull();
    });

    it("categories.list - by sort ascending then id, paged, with the count", async () => {
      const tenant = await createTenant(ctx.storage);
      const c1 = await ctx.storage.categories.create(tenant.id, newCategory({ title: "One", sort: 2 }));
      const c2 = await ctx.storage.categories.create(tenant.id, newCategory({ title: "Two", sort: 1 }));
      const c3 = await ctx.storage.categories.create(tenant.id, newCategory({ title: "Three", sort: 2 }));
      const page = await ctx.storage.categories.list(tenant.id, ALL);
      expect({ ids: idsOf(page.items), count: page.count }).toEqual({ ids: [c2.id, c1.id, c3.id], count: 3 });
      expect(await ctx.storage.categories.list(tenant.id, { limit: 1, offset: 1 })).toEqual({ items: [c1], count: 3 });
    });

    it("categories.update - applies the patch and leaves other fields alone; null for an unknown id", async () => {
      const tenant = await createTenant(ctx.storage);
      const category = await ctx.storage.categories.create(tenant.id, newCategory({ content: "Keep me", sort: 4 }));
      const updated = await ctx.storage.categories.update(tenant.id, category.id, { title: "Renamed", display_limit: 0, updated_at: at(9) });
      expect(updated).toEqual({ ...category, title: "Renamed", display_limit: 0, updated_at: at(9) });
      expect(await ctx.storage.categories.get(tenant.id, category.id)).toEqual(updated);
      expect(await ctx.storage.categories.update(tenant.id, 999_999, { title: "X", updated_at: at(9) })).toBeNull();
    });

    it("categories.delete - removes its forums, their posts and the posts' comments; other categories stay", async () => {
      const s = await seedKnowledgeBase(ctx.storage);
      const other = await ctx.storage.categories.create(s.tenantId, newCategory({ title: "Other" }));
      const keptForum = await ctx.storage.forums.create(s.tenantId, newForum(other.id));
      const keptPost = await ctx.storage.posts.create(s.tenantId, newPost(keptForum.id, s.agent.id, { title: "Kept printer" }));
      const doomedPost = await ctx.storage.posts.create(s.tenantId, newPost(s.staff.id, s.agent.id, { title: "Doomed printer" }));
      const doomedComment = await ctx.storage.postComments.create(s.tenantId, doomedPost.id, newPostComment(s.agent.id));

      expect(await ctx.storage.categories.delete(s.tenantId, s.category.id)).toBe(true);
      expect(await ctx.storage.categories.get(s.tenantId, s.category.id)).toBeNull();
      expect(await ctx.storage.forums.get(s.tenantId, s.open.id, EVERY_FORUM)).toBeNull();
      expect(await ctx.storage.forums.get(s.tenantId, s.staff.id, EVERY_FORUM)).toBeNull();
      expect(await ctx.storage.posts.get(s.tenantId, doomedPost.id, SEE_ALL)).toBeNull();
      expect(await ctx.storage.postComments.get(s.tenantId, doomedPost.id, doomedComment.id)).toBeNull();
      expect(idsOf((await ctx.storage.posts.search(s.tenantId, ["printer"], SEE_ALL, [], ALL)).items)).toEqual([keptPost.id]);
      expect(idsOf((await ctx.storage.forums.list(s.tenantId, EVERY_FORUM, ALL)).items)).toEqual([keptForum.id]);
      expect(await ctx.storage.categories.delete(s.tenantId, s.category.id)).toBe(false);
    });

    it("forums.create - returns every field as given; get reads it back", async () => {
      const tenant = await createTenant(ctx.storage);
      const category = await ctx.storage.categories.create(tenant.id, newCategory());
      const data = newForum(category.id, { title: "Scanners", content: "All about scanners", role_view: "logged_in", sort: 7, created_at: at(1), updated_at: at(2) });
      const forum = await ctx.storage.forums.create(tenant.id, data);
      expect(forum).toEqual({ ...data, id: expect.any(Number) });
      expect(await ctx.storage.forums.get(tenant.id, forum.id, EVERY_FORUM)).toEqual(forum);
      expect(await ctx.storage.forums.get(tenant.id, 999_999, EVERY_FORUM)).toBeNull();
    });

    it("forums.get - null when the forum's role_view is not among the visible ones", async () => {
      const s = await seedKnowledgeBase(ctx.storage);
      const visible = async (id: number, roleViews: Array<"all" | "logged_in" | "agent">) => (await ctx.storage.forums.get(s.tenantId, id, { roleViews })) !== null;
      expect(await visible(s.staff.id, ["all", "logged_in"])).toBe(false);
      expect(await visible(s.staff.id, ["all", "logged_in", "agent"])).toBe(true);
      expect(await visible(s.members.id, ["all"])).toBe(false);
      expect(await visible(s.members.id, ["all", "logged_in"])).toBe(true);
      expect(await visible(s.open.id, ["all"])).toBe(true);
    });

    it("forums.list - visible forums by sort ascending then id, of one category when asked", async () => {
      const s = await seedKnowledgeBase(ctx.storage);
      const second = await ctx.storage.categories.create(s.tenantId, newCategory({ title: "Second" }));
      const first = await ctx.storage.forums.create(s.tenantId, newForum(second.id, { title: "First", sort: -1 }));
      const all = await ctx.storage.forums.list(s.tenantId, EVERY_FORUM, ALL);
      expect({ ids: idsOf(all.items), count: all.count }).toEqual({ ids: [first.id, s.open.id, s.members.id, s.staff.id], count: 4 });
      const forEndUsers = await ctx.storage.forums.list(s.tenantId, { roleViews: ["all", "logged_in"] }, ALL);
      expect({ ids: idsOf(forEndUsers.items), count: forEndUsers.count }).toEqual({ ids: [first.id, s.open.id, s.members.id], count: 3 });
      const ofCategory = await ctx.storage.forums.list(s.tenantId, { roleViews: ["all"], categoryId: s.category.id }, ALL);
      expect(ofCategory).toEqual({ items: [s.open], count: 1 });
      expect(await ctx.storage.forums.list(s.tenantId, { ...EVERY_FORUM, categoryId: second.id }, { limit: 1, offset: 1 })).toEqual({ items: [], count: 1 });
    });

    it("forums.update - applies the patch and leaves other fields alone; null for an unknown id", async () => {
      const s = await seedKnowledgeBase(ctx.storage);
      const other = await ctx.storage.categories.create(s.tenantId, newCategory({ title: "Other" }));
      const updated = await ctx.storage.forums.update(s.tenantId, s.open.id, { category_id: other.id, role_view: "agent", updated_at: at(5) });
      expect(updated).toEqual({ ...s.open, category_id: other.id, role_view: "agent", updated_at: at(5) });
      expect(await ctx.storage.forums.get(s.tenantId, s.open.id, EVERY_FORUM)).toEqual(updated);
      expect(await ctx.storage.forums.update(s.tenantId, 999_999, { title: "X", updated_at: at(5) })).toBeNull();
    });

    it("forums.delete - removes its posts and their comments; other forums stay", async () => {
      const s = await seedKnowledgeBase(ctx.storage);
      const doomed = await ctx.storage.posts.create(s.tenantId, newPost(s.open.id, s.agent.id));
      const comment = await ctx.storage.postComments.create(s.tenantId, doomed.id, newPostComment(s.agent.id));
      const kept = await ctx.storage.posts.create(s.tenantId, newPost(s.members.id, s.agent.id));
      const keptComment = await ctx.storage.postComments.create(s.tenantId, kept.id, newPostComment(s.agent.id));
      expect(await ctx.storage.forums.delete(s.tenantId, s.open.id)).toBe(true);
      expect(await ctx.storage.posts.get(s.tenantId, doomed.id, SEE_ALL)).toBeNull();
      expect(await ctx.storage.postComments.get(s.tenantId, doomed.id, comment.id)).toBeNull();
      expect(await ctx.storage.postComments.get(s.tenantId, kept.id, keptComment.id)).toEqual(keptComment);
      expect(idsOf((await ctx.storage.posts.list(s.tenantId, SEE_ALL, [], ALL)).items)).toEqual([kept.id]);
      expect(await ctx.storage.forums.delete(s.tenantId, s.open.id)).toBe(false);
    });

    it("knowledge base - nothing of tenant A is read, changed or deleted through tenant B", async () => {
      const s = await seedKnowledgeBase(ctx.storage);
      const b = await createTenant(ctx.storage, "beta.example.com");
      const bAgent = await ctx.storage.users.create(b.id, newUser({ role: "agent" }));
      const post = await ctx.storage.posts.create(s.tenantId, newPost(s.open.id, s.agent.id, { title: "Secret printer" }));
      const comment = await ctx.storage.postComments.create(s.tenantId, post.id, newPostComment(s.agent.id));
      const bCategory = await ctx.storage.categories.create(b.id, newCategory());
      const bForum = await ctx.storage.forums.create(b.id, newForum(bCategory.id));
      const bPost = await ctx.storage.posts.create(b.id, newPost(bForum.id, bAgent.id, { title: "Own printer" }));

      expect(await ctx.storage.categories.get(b.id, s.category.id)).toBeNull();
      expect(await ctx.storage.categories.list(b.id, ALL)).toEqual({ items: [bCategory], count: 1 });
      expect(await ctx.storage.categories.update(b.id, s.category.id, { title: "Hijacked", updated_at: at(9) })).toBeNull();
      expect(await ctx.storage.categories.delete(b.id, s.category.id)).toBe(false);
      expect(await ctx.storage.forums.get(b.id, s.open.id, EVERY_FORUM)).toBeNull();
      expect(await ctx.storage.forums.list(b.id, EVERY_FORUM, ALL)).toEqual({ items: [bForum], count: 1 });
      expect(await ctx.storage.forums.update(b.id, s.open.id, { title: "Hijacked", updated_at: at(9) })).toBeNull();
      expect(await ctx.storage.forums.delete(b.id, s.open.id)).toBe(false);
      expect(await ctx.storage.posts.get(b.id, post.id, SEE_ALL)).toBeNull();
      expect(idsOf((await ctx.storage.posts.list(b.id, { ...SEE_ALL, ids: [post.id, bPost.id] }, [], ALL)).items)).toEqual([bPost.id]);
      expect(idsOf((await ctx.storage.posts.search(b.id, ["printer"], SEE_ALL, [], ALL)).items)).toEqual([bPost.id]);
      expect(await ctx.storage.posts.update(b.id, post.id, { title: "Hijacked", updated_at: at(9) })).toBeNull();
      expect(await ctx.storage.posts.recordView(b.id, post.id)).toBeNull();
      expect(await ctx.storage.posts.delete(b.id, post.id)).toBe(false);
      expect(await ctx.storage.postComments.get(b.id, post.id, comment.id)).toBeNull();
      expect(await ctx.storage.postComments.list(b.id, post.id, "asc", ALL)).toEqual({ items: [], count: 0 });
      expect(await ctx.storage.postComments.delete(b.id, post.id, comment.id)).toBe(false);

      expect(await ctx.storage.categories.get(s.tenantId, s.category.id)).toEqual(s.category);
      expect(await ctx.storage.posts.get(s.tenantId, post.id, SEE_ALL)).toEqual({ ...post, count_comments: 1 });
      expect(await ctx.storage.postComments.get(s.tenantId, post.id, comment.id)).toEqual(comment);
    });
  });
}
