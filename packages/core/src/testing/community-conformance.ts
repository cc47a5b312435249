import { describe, expect, it } from "vitest";
import type { NewQuestion, NewTopic, Storage } from "../storage";
import type { ConformanceContext } from "./conformance-context";
import { at, createTenant, createTenants, idsOf, newUser } from "./fixtures";

const ALL = { limit: 100, offset: 0 };

const topic = (title: string, sort = 0, time = at(0)): NewTopic => ({ title, description: `About ${title}`, sort, created_at: time, updated_at: time });

const question = (topicId: number, authorId: number, time = at(0), title = "How do I?"): NewQuestion => ({
  topic_id: topicId,
  title,
  content: "Details",
  author_id: authorId,
  created_at: time,
  updated_at: time,
});

/** A tenant with an author and a topic. */
async function seed(storage: Storage, host?: string) {
  const tenant = await createTenant(storage, host);
  const author = await storage.users.create(tenant.id, newUser({ name: "Asker" }));
  const general = await storage.topics.create(tenant.id, topic("General"));
  return { tenantId: tenant.id, authorId: author.id, topicId: general.id };
}

export function describeCommunity(ctx: ConformanceContext): void {
  describe("community", () => {
    it("topics.create - returns the topic; get reads it back; null for an unknown id", async () => {
      const tenant = await createTenant(ctx.storage);
      const created = await ctx.storage.topics.create(tenant.id, { title: "Billing", description: null, sort: -3, created_at: at(1), updated_at: at(2) });
      expect(created).toEqual({ id: expect.any(Number), title: "Billing", description: null, sort: -3, created_at: at(1), updated_at: at(2) });
      expect(await ctx.storage.topics.get(tenant.id, created.id)).toEqual(created);
      expect(await ctx.storage.topics.get(tenant.id, 999_999)).toBeNull();
    });

    it("topics.list - by sort ascending then id, paged, with the count", async () => {
      const tenant = await createTenant(ctx.storage);
      const late = await ctx.storage.topics.create(tenant.id, topic("Late", 5));
      const first = await ctx.storage.topics.create(tenant.id, topic("First", 1));
      const tieA = await ctx.storage.topics.create(tenant.id, topic("Tie A", 3));
      const tieB = await ctx.storage.topics.create(tenant.id, topic("Tie B", 3));
      const all = await ctx.storage.topics.list(tenant.id, ALL);
      expect(idsOf(all.items)).toEqual([first.id, tieA.id, tieB.id, late.id]);
      expect(all.count).toBe(4);
      expect(await ctx.storage.topics.list(tenant.id, { limit: 2, offset: 1 })).toEqual({ items: [tieA, tieB], count: 4 });
    });

    it("topics.update - replaces the fields given, leaves the rest; null for an unknown topic", async () => {
      const tenant = await createTenant(ctx.storage);
      const created = await ctx.storage.topics.create(tenant.id, topic("Old"));
      expect(await ctx.storage.topics.update(tenant.id, created.id, { title: "New", description: null, updated_at: at(5) })).toEqual({
        ...created,
        title: "New",
        description: null,
        updated_at: at(5),
      });
      expect(await ctx.storage.topics.update(tenant.id, created.id, { sort: 9, updated_at: at(6) })).toEqual({
        ...created,
        title: "New",
        description: null,
        sort: 9,
        updated_at: at(6),
      });
      expect(await ctx.storage.topics.update(tenant.id, 999_999, { title: "X", updated_at: at(1) })).toBeNull();
    });

    it("topics.delete - removes its questions and their comments, nothing of other topics", async () => {
      const s = await seed(ctx.storage);
      const other = await ctx.storage.topics.create(s.tenantId, topic("Other"));
      const doomed = await ctx.storage.questions.create(s.tenantId, question(s.topicId, s.authorId));
      const doomedComment = await ctx.storage.questionComments.create(s.tenantId, doomed.id, { content: "c", author_id: s.authorId, created_at: at(1) });
      const kept = await ctx.storage.questions.create(s.tenantId, question(other.id, s.authorId));
      const keptComment = await ctx.storage.questionComments.create(s.tenantId, kept.id, { content: "k", author_id: s.authorId, created_at: at(1) });

      expect(await ctx.storage.topics.delete(s.tenantId, s.topicId)).toBe(true);
      expect(await ctx.storage.topics.get(s.tenantId, s.topicId)).toBeNull();
      expect(await ctx.storage.questions.get(s.tenantId, doomed.id)).toBeNull();
      expect(await ctx.storage.questionComments.get(s.tenantId, doomed.id, doomedComment.id)).toBeNull();
      expect(await ctx.storage.questionComments.list(s.tenantId, doomed.id, ALL)).toEqual({ items: [], count: 0 });
      expect(await ctx.storage.questions.list(s.tenantId, {}, ALL)).toEqual({ items: [kept], count: 1 });
      expect(await ctx.storage.questionComments.get(s.tenantId, kept.id, keptComment.id)).toEqual(keptComment);
      expect(await ctx.storage.topics.delete(s.tenantId, s.topicId)).toBe(false);
    });

    it("topics.delete - rolls back with the transaction around it", async () => {
      const s = await seed(ctx.storage);
      const q = await ctx.storage.questions.create(s.tenantId, question(s.topicId, s.authorId));
      const failure = ctx.storage.transaction(async (tx) => {
        await tx.topics.delete(s.tenantId, s.topicId);
        throw new Error("abort");
      });
      await expect(failure).rejects.toThrow("abort");
      expect(await ctx.storage.questions.get(s.tenantId, q.id)).toEqual(q);
    });

    it("questions.create / get - the question as given; null for an unknown id", async () => {
      const s = await seed(ctx.storage);
      const created = await ctx.storage.questions.create(s.tenantId, question(s.topicId, s.authorId, at(3)));
      expect(created).toEqual({ id: expect.any(Number), ...question(s.topicId, s.authorId, at(3)) });
      expect(await ctx.storage.questions.get(s.tenantId, created.id)).toEqual(created);
      expect(await ctx.storage.questions.get(s.tenantId, 999_999)).toBeNull();
    });

    it("questions.list - newest first (created_at, then id, descending), filtered by topic and author, paged", async () => {
      const s = await seed(ctx.storage);
      const other = await ctx.storage.topics.create(s.tenantId, topic("Other"));
      const second = await ctx.storage.users.create(s.tenantId, newUser({ name: "Second" }));
      const oldest = await ctx.storage.questions.create(s.tenantId, question(s.topicId, s.authorId, at(1)));
      const newest = await ctx.storage.questions.create(s.tenantId, question(other.id, second.id, at(9)));
      const tieA = await ctx.storage.questions.create(s.tenantId, question(s.topicId, second.id, at(5)));
      const tieB = await ctx.storage.questions.create(s.tenantId, question(other.id, s.authorId, at(5)));

      expect(idsOf((await ctx.storage.questions.list(s.tenantId, {}, ALL)).items)).toEqual([newest.id, tieB.id, tieA.id, oldest.id]);
      expect(await ctx.storage.questions.list(s.tenantId, { topicId: s.topicId }, ALL)).toEqual({ items: [tieA, oldest], count: 2 });
      expect(await ctx.storage.questions.list(s.tenantId, { authorId: second.id }, ALL)).toEqual({ items: [newest, tieA], count: 2 });
      expect(await ctx.storage.questions.list(s.tenantId, { topicId: other.id, authorId: s.authorId }, ALL)).toEqual({ items: [tieB], count: 1 });
      expect(await ctx.storage.questions.list(s.tenantId, {}, { limit: 2, offset: 1 })).toEqual({ items: [tieB, tieA], count: 4 });
    });

    it("questions.update - replaces the fields given (topic included); null for an unknown question", async () => {
      const s = await seed(ctx.storage);
      const other = await ctx.storage.topics.create(s.tenantId, topic("Other"));
      const created = await ctx.storage.questions.create(s.tenantId, question(s.topicId, s.authorId));
      const moved = await ctx.storage.questions.update(s.tenantId, created.id, { topic_id: other.id, title: "Moved", updated_at: at(7) });
      expect(moved).toEqual({ ...created, topic_id: other.id, title: "Moved", updated_at: at(7) });
      expect(await ctx.storage.questions.get(s.tenantId, created.id)).toEqual(moved);
      expect(await ctx.storage.questions.update(s.tenantId, 999_999, { title: "X", updated_at: at(1) })).toBeNull();
    });

    it("questions.delete - removes its comments only", async () => {
      const s = await seed(ctx.storage);
      const doomed = await ctx.storage.questions.create(s.tenantId, question(s.topicId, s.authorId));
      const kept = await ctx.storage.questions.create(s.tenantId, question(s.topicId, s.authorId));
      await ctx.storage.questionComments.create(s.tenantId, doomed.id, { content: "gone", author_id: s.authorId, created_at: at(1) });
      const keptComment = await ctx.storage.questionComments.create(s.tenantId, kept.id, { content: "stays", author_id: s.authorId, created_at: at(1) });
      expect(await ctx.storage.questions.delete(s.tenantId, doomed.id)).toBe(true);
      expect(await ctx.storage.questionComments.list(s.tenantId, doomed.id, ALL)).toEqual({ items: [], count: 0 });
      expect(await ctx.storage.questionComments.list(s.tenantId, kept.id, ALL)).toEqual({ items: [keptComment], count: 1 });
      expect(await ctx.storage.topics.get(s.tenantId, s.topicId)).not.toBeNull();
      expect(await ctx.storage.questions.delete(s.tenantId, doomed.id)).toBe(false);
    });

    it("questionComments - created, read under their own question only, listed oldest first and paged", async () => {
      const s = await seed(ctx.storage);
      const q = await ctx.storage.questions.create(s.tenantId, question(s.topicId, s.authorId));
      const otherQ = await ctx.storage.questions.create(s.tenantId, question(s.topicId, s.authorId));
      const first = await ctx.storage.questionComments.create(s.tenantId, q.id, { content: "one", author_id: s.authorId, created_at: at(4) });
      expect(first).toEqual({ id: expect.any(Number), question_id: q.id, content: "one", author_id: s.authorId, created_at: at(4) });
      const second = await ctx.storage.questionComments.create(s.tenantId, q.id, { content: "two", author_id: s.authorId, created_at: at(2) });
      expect(await ctx.storage.questionComments.get(s.tenantId, q.id, second.id)).toEqual(second);
      expect(await ctx.storage.questionComments.get(s.tenantId, otherQ.id, second.id)).toBeNull();
      expect(await ctx.storage.questionComments.list(s.tenantId, q.id, ALL)).toEqual({ items: [first, second], count: 2 });
      expect(await ctx.storage.questionComments.list(s.tenantId, q.id, { limit: 1, offset: 1 })).toEqual({ items: [second], count: 2 });
    });

    it("tenant isolation - nothing of tenant A is read, changed or deleted through tenant B", async () => {
      const [a, b] = await createTenants(ctx.storage);
      const author = await ctx.storage.users.create(a.id, newUser());
      const t = await ctx.storage.topics.create(a.id, topic("A topic"));
      const q = await ctx.storage.questions.create(a.id, question(t.id, author.id));
      const c = await ctx.storage.questionComments.create(a.id, q.id, { content: "c", author_id: author.id, created_at: at(1) });

      expect(await ctx.storage.topics.get(b.id, t.id)).toBeNull();
      expect(await ctx.storage.topics.list(b.id, ALL)).toEqual({ items: [], count: 0 });
      expect(await ctx.storage.topics.update(b.id, t.id, { title: "Hijacked", updated_at: at(9) })).toBeNull();
      expect(await ctx.storage.topics.delete(b.id, t.id)).toBe(false);
      expect(await ctx.storage.questions.get(b.id, q.id)).toBeNull();
      expect(await ctx.storage.questions.list(b.id, {}, ALL)).toEqual({ items: [], count: 0 });
      expect(await ctx.storage.questions.list(b.id, { topicId: t.id, authorId: author.id }, ALL)).toEqual({ items: [], count: 0 });
      expect(await ctx.storage.questions.update(b.id, q.id, { title: "Hijacked", updated_at: at(9) })).toBeNull();
      expect(await ctx.storage.questions.delete(b.id, q.id)).toBe(false);
      expect(await ctx.storage.questionComments.get(b.id, q.id, c.id)).toBeNull();
      expect(await ctx.storage.questionComments.list(b.id, q.id, ALL)).toEqual({ items: [], count: 0 });

      expect(await ctx.storage.topics.get(a.id, t.id)).toEqual(t);
      expect(await ctx.storage.questions.get(a.id, q.id)).toEqual(q);
      expect(await ctx.storage.questionComments.get(a.id, q.id, c.id)).toEqual(c);
    });

    it("questions.create / questionComments.create - reject a parent that is not the tenant's", async () => {
      const [a, b] = await createTenants(ctx.storage);
      const t = await ctx.storage.topics.create(a.id, topic("A topic"));
      const bUser = await ctx.storage.users.create(b.id, newUser());
      await expect(ctx.storage.questions.create(b.id, question(t.id, bUser.id))).rejects.toThrow();
      await expect(ctx.storage.questionComments.create(b.id, 999_999, { content: "c", author_id: bUser.id, created_at: at(1) })).rejects.toThrow();
      expect(await ctx.storage.questions.list(b.id, {}, ALL)).toEqual({ items: [], count: 0 });
    });
  });
}
