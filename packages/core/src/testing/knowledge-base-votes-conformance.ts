import { describe, expect, it } from "vitest";
import type { ConformanceContext } from "./conformance-context";
import { at, createTenant, newUser } from "./fixtures";
import { newCategory, newForum, newPost, SEE_ALL, seedKnowledgeBase } from "./knowledge-base-fixtures";

export function describeKnowledgeBaseVotes(ctx: ConformanceContext): void {
  describe("knowledge base: post votes", () => {
    /** A post and three voters. */
    async function seed() {
      const s = await seedKnowledgeBase(ctx.storage);
      const post = await ctx.storage.posts.create(s.tenantId, newPost(s.open.id, s.agent.id));
      const [ann, bob, cid] = await Promise.all(["ann", "bob", "cid"].map((name) => ctx.storage.users.create(s.tenantId, newUser({ name, email: `${name}@example.com` }))));
      const countVote = async (postId = post.id) => (await ctx.storage.posts.get(s.tenantId, postId, SEE_ALL))?.count_vote;
      return { ...s, post, voters: [ann!, bob!, cid!], countVote };
    }

    it("postVotes.cast - records the vote and moves count_vote by its value", async () => {
      const s = await seed();
      const [ann, bob] = s.voters;
      expect(await ctx.storage.postVotes.cast(s.tenantId, s.post.id, ann!.id, 1, at(1))).toEqual({ post_id: s.post.id, user_id: ann!.id, value: 1, created_at: at(1), updated_at: at(1) });
      expect(await s.countVote()).toBe(1);
      await ctx.storage.postVotes.cast(s.tenantId, s.post.id, bob!.id, -1, at(2));
      expect(await s.countVote()).toBe(0);
    });

    it("postVotes.cast - a second vote replaces the first, keeping created_at and moving the count by the difference", async () => {
      const s = await seed();
      const [ann] = s.voters;
      await ctx.storage.postVotes.cast(s.tenantId, s.post.id, ann!.id, 1, at(1));
      expect(await ctx.storage.postVotes.cast(s.tenantId, s.post.id, ann!.id, -1, at(5))).toEqual({ post_id: s.post.id, user_id: ann!.id, value: -1, created_at: at(1), updated_at: at(5) });
      expect(await s.countVote()).toBe(-1);
      await ctx.storage.postVotes.cast(s.tenantId, s.post.id, ann!.id, -1, at(6));
      expect(await s.countVote()).toBe(-1);
      await ctx.storage.postVotes.cast(s.tenantId, s.post.id, ann!.id, 1, at(7));
      expect(await s.countVote()).toBe(1);
    });

    it("postVotes.cast - null for an unknown post, and nothing is written", async () => {
      const s = await seed();
      expect(await ctx.storage.postVotes.cast(s.tenantId, 999_999, s.voters[0]!.id, 1, at(1))).toBeNull();
      expect(await ctx.storage.postVotes.withdraw(s.tenantId, 999_999, s.voters[0]!.id)).toBe(false);
    });

    it("postVotes.withdraw - removes the vote and its value from count_vote; false when there is none", async () => {
      const s = await seed();
      const [ann, bob] = s.voters;
      await ctx.storage.postVotes.cast(s.tenantId, s.post.id, ann!.id, -1, at(1));
      await ctx.storage.postVotes.cast(s.tenantId, s.post.id, bob!.id, -1, at(1));
      expect(await ctx.storage.postVotes.withdraw(s.tenantId, s.post.id, ann!.id)).toBe(true);
      expect(await s.countVote()).toBe(-1);
      expect(await ctx.storage.postVotes.withdraw(s.tenantId, s.post.id, ann!.id)).toBe(false);
      expect(await s.countVote()).toBe(-1);
      // A withdrawn vote cast again starts afresh.
      expect(await ctx.storage.postVotes.cast(s.tenantId, s.post.id, ann!.id, 1, at(9))).toMatchObject({ created_at: at(9) });
      expect(await s.countVote()).toBe(0);
    });

    it("postVotes - votes count per post", async () => {
      const s = await seed();
      const other = await ctx.storage.posts.create(s.tenantId, newPost(s.open.id, s.agent.id));
      const [ann] = s.voters;
      await ctx.storage.postVotes.cast(s.tenantId, s.post.id, ann!.id, 1, at(1));
      await ctx.storage.postVotes.cast(s.tenantId, other.id, ann!.id, -1, at(1));
      expect([await s.countVote(), await s.countVote(other.id)]).toEqual([1, -1]);
      expect(await ctx.storage.postVotes.withdraw(s.tenantId, other.id, ann!.id)).toBe(true);
      expect([await s.countVote(), await s.countVote(other.id)]).toEqual([1, 0]);
    });

    it("postVotes - concurrent votes, changes and withdrawals are all counted", async () => {
      const s = await seed();
      const voters = await Promise.all(Array.from({ length: 12 }, (_, i) => ctx.storage.users.create(s.tenantId, newUser({ email: `v${i}@example.com` }))));
      await Promise.all(voters.map((v, i) => ctx.storage.postVotes.cast(s.tenantId, s.post.id, v.id, i % 3 === 0 ? -1 : 1, at(1))));
      expect(await s.countVote()).toBe(4);
      // The first four change their vote, the next two withdraw theirs, all at once.
      await Promise.all([
        ...voters.slice(0, 4).map((v, i) => ctx.storage.postVotes.cast(s.tenantId, s.post.id, v.id, i % 3 === 0 ? 1 : -1, at(2))),
        ...voters.slice(4, 6).map((v) => ctx.storage.postVotes.withdraw(s.tenantId, s.post.id, v.id)),
      ]);
      // Left: voters 0-3 flipped (+1, -1, -1, +1), 6-11 as cast (-1, +1, +1, -1, +1, +1).
      expect(await s.countVote()).toBe(2);
    });

    it("postVotes - one user's concurrent votes on one post count once", async () => {
      const s = await seed();
      const [ann] = s.voters;
      await Promise.all(Array.from({ length: 6 }, () => ctx.storage.postVotes.cast(s.tenantId, s.post.id, ann!.id, 1, at(1))));
      expect(await s.countVote()).toBe(1);
    });

    it("postVotes - deleting the post, or its forum or category, deletes its votes", async () => {
      const s = await seed();
      const [ann] = s.voters;
      const forum = await ctx.storage.forums.create(s.tenantId, newForum(s.category.id));
      const inForum = await ctx.storage.posts.create(s.tenantId, newPost(forum.id, s.agent.id));
      const category = await ctx.storage.categories.create(s.tenantId, newCategory());
      const inCategory = await ctx.storage.posts.create(s.tenantId, newPost((await ctx.storage.forums.create(s.tenantId, newForum(category.id))).id, s.agent.id));
      for (const post of [s.post, inForum, inCategory]) await ctx.storage.postVotes.cast(s.tenantId, post.id, ann!.id, 1, at(1));
      expect(await ctx.storage.posts.delete(s.tenantId, s.post.id)).toBe(true);
      expect(await ctx.storage.forums.delete(s.tenantId, forum.id)).toBe(true);
      expect(await ctx.storage.categories.delete(s.tenantId, category.id)).toBe(true);
      for (const post of [s.post, inForum, inCategory]) expect(await ctx.storage.postVotes.withdraw(s.tenantId, post.id, ann!.id)).toBe(false);
    });

    it("postVotes - a deleted user's vote stays and keeps counting", async () => {
      const s = await seed();
      const [ann] = s.voters;
      await ctx.storage.postVotes.cast(s.tenantId, s.post.id, ann!.id, -1, at(1));
      expect(await ctx.storage.users.delete(s.tenantId, ann!.id)).toBe(true);
      expect(await s.countVote()).toBe(-1);
    });

    it("postVotes - scoped to the tenant: another tenant's post is unknown", async () => {
      const s = await seed();
      const [ann] = s.voters;
      const other = await createTenant(ctx.storage, "beta.example.com");
      const stranger = await ctx.storage.users.create(other.id, newUser());
      await ctx.storage.postVotes.cast(s.tenantId, s.post.id, ann!.id, 1, at(1));
      expect(await ctx.storage.postVotes.cast(other.id, s.post.id, stranger.id, 1, at(1))).toBeNull();
      expect(await ctx.storage.postVotes.withdraw(other.id, s.post.id, ann!.id)).toBe(false);
      expect(await s.countVote()).toBe(1);
    });
  });
}
