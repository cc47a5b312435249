import { describe, expect, it } from "vitest";
import type { AttachmentTarget } from "../domain/attachment";
import type { Storage, NewAttachment } from "../storage";
import type { ConformanceContext } from "./conformance-context";
import { at, createTenant, createTenants, nextTick, sorted } from "./fixtures";

/** An unbound upload by user 7 that expires at at(60). */
export function newAttachment(overrides: Partial<NewAttachment> = {}): NewAttachment {
  return {
    name: "report.pdf",
    size: 1234,
    content_type: "application/pdf",
    blob_key: "blob-1",
    uploader_id: 7,
    created_at: at(0),
    expires_at: at(60),
    token_hash: "hash-1",
    ...overrides,
  };
}

const comment = (commentId: number, ticketId = 1) => ({ kind: "comment" as const, ticketId, commentId });

async function upload(storage: Storage, tenantId: number, n: number, overrides: Partial<NewAttachment> = {}) {
  return storage.attachments.create(tenantId, newAttachment({ blob_key: `blob-${n}`, token_hash: `hash-${n}`, ...overrides }));
}

export function describeAttachments(ctx: ConformanceContext): void {
  describe("attachments", () => {
    it("attachments.create - an unbound record with every field; get reads it back", async () => {
      const tenant = await createTenant(ctx.storage);
      const created = await upload(ctx.storage, tenant.id, 1);
      expect(created).toEqual({
        id: expect.any(Number),
        name: "report.pdf",
        size: 1234,
        content_type: "application/pdf",
        blob_key: "blob-1",
        uploader_id: 7,
        ticket_id: null,
        comment_id: null,
        post_id: null,
        created_at: at(0),
        expires_at: at(60),
      });
      expect(await ctx.storage.attachments.get(tenant.id, created.id)).toEqual(created);
      expect(await ctx.storage.attachments.get(tenant.id, created.id + 1000)).toBeNull();
    });

    it("attachments.bind - binds the uploader's unexpired unbound uploads by hash and clears their expiry", async () => {
      const tenant = await createTenant(ctx.storage);
      const one = await upload(ctx.storage, tenant.id, 1);
      const two = await upload(ctx.storage, tenant.id, 2);
      const bound = await ctx.storage.attachments.bind(tenant.id, ["hash-1", "hash-2", "hash-unknown"], { uploaderId: 7, target: comment(40, 3), at: at(10) });
      expect(bound.sort()).toEqual(["hash-1", "hash-2"]);
      expect(await ctx.storage.attachments.get(tenant.id, one.id)).toEqual({ ...one, ticket_id: 3, comment_id: 40, expires_at: null });
      expect(await ctx.storage.attachments.get(tenant.id, two.id)).toEqual({ ...two, ticket_id: 3, comment_id: 40, expires_at: null });
    });

    it("attachments.bind - skips uploads already bound, expired, or of another uploader", async () => {
      const tenant = await createTenant(ctx.storage);
      const bound = await upload(ctx.storage, tenant.id, 1);
      await ctx.storage.attachments.bind(tenant.id, ["hash-1"], { uploaderId: 7, target: { kind: "post", postId: 5 }, at: at(1) });
      const expired = await upload(ctx.storage, tenant.id, 2, { expires_at: at(10) });
      const others = await upload(ctx.storage, tenant.id, 3, { uploader_id: 8 });
      const binding = { uploaderId: 7, target: comment(41), at: at(10) };
      expect(await ctx.storage.attachments.bind(tenant.id, ["hash-1", "hash-2", "hash-3"], binding)).toEqual([]);
      expect(await ctx.storage.attachments.bind(tenant.id, [], binding)).toEqual([]);
      expect(await ctx.storage.attachments.get(tenant.id, bound.id)).toMatchObject({ post_id: 5, comment_id: null, ticket_id: null, expires_at: null });
      expect(await ctx.storage.attachments.get(tenant.id, expired.id)).toMatchObject({ comment_id: null, expires_at: at(10) });
      expect(await ctx.storage.attachments.get(tenant.id, others.id)).toMatchObject({ comment_id: null, expires_at: at(60) });
    });

    it("attachments.bind - of two concurrent transactions binding one upload, exactly one wins", async () => {
      const tenant = await createTenant(ctx.storage);
      const created = await upload(ctx.storage, tenant.id, 1);
      const race = (commentId: number) =>
        ctx.storage.transaction(async (tx) => {
          const bound = await tx.attachments.bind(tenant.id, ["hash-1"], { uploaderId: 7, target: comment(commentId), at: at(1) });
          // Hold the transaction open so the other one runs into it.
          await nextTick();
          return bound;
        });
      const results = await Promise.all([race(50), race(51)]);
      expect(results.map((r) => r.length).sort()).toEqual([0, 1]);
      const winner = results[0]!.length === 1 ? 50 : 51;
      expect((await ctx.storage.attachments.get(tenant.id, created.id))?.comment_id).toBe(winner);
    });

    it("attachments.listForComments - the comments' attachments by comment id then id", async () => {
      const tenant = await createTenant(ctx.storage);
      const made = [];
      for (let n = 1; n <= 4; n++) made.push(await upload(ctx.storage, tenant.id, n));
      const bindOne = (n: number, commentId: number) => ctx.storage.attachments.bind(tenant.id, [`hash-${n}`], { uploaderId: 7, target: comment(commentId), at: at(1) });
      await bindOne(1, 21);
      await bindOne(2, 20);
      await bindOne(3, 21);
      const listed = await ctx.storage.attachments.listForComments(tenant.id, [20, 21, 22]);
      expect(listed.map((a) => [a.comment_id, a.id])).toEqual([
        [20, made[1]!.id],
        [21, made[0]!.id],
        [21, made[2]!.id],
      ]);
      expect(await ctx.storage.attachments.listForComments(tenant.id, [22])).toEqual([]);
      expect(await ctx.storage.attachments.listForComments(tenant.id, [])).toEqual([]);
    });

    it("attachments.listForPosts - the posts' attachments by post id then id", async () => {
      const tenant = await createTenant(ctx.storage);
      const one = await upload(ctx.storage, tenant.id, 1);
      const two = await upload(ctx.storage, tenant.id, 2);
      await ctx.storage.attachments.bind(tenant.id, ["hash-2"], { uploaderId: 7, target: { kind: "post", postId: 9 }, at: at(1) });
      await ctx.storage.attachments.bind(tenant.id, ["hash-1"], { uploaderId: 7, target: { kind: "post", postId: 8 }, at: at(1) });
      expect((await ctx.storage.attachments.listForPosts(tenant.id, [9, 8])).map((a) => a.id)).toEqual([one.id, two.id]);
      expect(await ctx.storage.attachments.listForPosts(tenant.id, [])).toEqual([]);
    });

    it("attachments.delete - removes the row and resolves to it; null when none", async () => {
      const tenant = await createTenant(ctx.storage);
      const created = await upload(ctx.storage, tenant.id, 1);
      expect(await ctx.storage.attachments.delete(tenant.id, created.id)).toEqual(created);
      expect(await ctx.storage.attachments.get(tenant.id, created.id)).toBeNull();
      expect(await ctx.storage.attachments.delete(tenant.id, created.id)).toBeNull();
    });

    it("attachments.expireForTickets / expireForPosts - set the expiry of the owners' files only", async () => {
      const tenant = await createTenant(ctx.storage);
      const made = [];
      for (let n = 1; n <= 4; n++) made.push(await upload(ctx.storage, tenant.id, n));
      const bindOne = (n: number, target: AttachmentTarget) => ctx.storage.attachments.bind(tenant.id, [`hash-${n}`], { uploaderId: 7, target, at: at(1) });
      await bindOne(1, comment(30, 3));
      await bindOne(2, comment(31, 4));
      await bindOne(3, { kind: "post", postId: 3 });
      expect(await ctx.storage.attachments.expireForTickets(tenant.id, [3], at(5))).toBe(1);
      expect(await ctx.storage.attachments.expireForPosts(tenant.id, [3, 99], at(6))).toBe(1);
      expect(await ctx.storage.attachments.expireForTickets(tenant.id, [], at(5))).toBe(0);
      const expiries = await Promise.all(made.map(async (a) => (await ctx.storage.attachments.get(tenant.id, a.id))?.expires_at));
      expect(expiries).toEqual([at(5), null, at(6), at(60)]);
    });

    it("attachments.deleteExpired - removes rows of every tenant expired by now, at most limit, never bound ones", async () => {
      const [alpha, beta] = await createTenants(ctx.storage);
      const early = await upload(ctx.storage, alpha.id, 1, { expires_at: at(10) });
      const onTime = await upload(ctx.storage, beta.id, 2, { expires_at: at(20) });
      const later = await upload(ctx.storage, alpha.id, 3, { expires_at: at(21) });
      await upload(ctx.storage, alpha.id, 4, { expires_at: at(5) });
      await ctx.storage.attachments.bind(alpha.id, ["hash-4"], { uploaderId: 7, target: comment(1), at: at(1) });
      const first = await ctx.storage.attachments.deleteExpired(at(20), 1);
      expect(first).toEqual([early]);
      expect(await ctx.storage.attachments.deleteExpired(at(20), 10)).toEqual([onTime]);
      expect(await ctx.storage.attachments.deleteExpired(at(20), 10)).toEqual([]);
      expect(await ctx.storage.attachments.get(alpha.id, later.id)).toEqual(later);
      expect((await ctx.storage.attachments.listForComments(alpha.id, [1])).length).toBe(1);
    });

    it("attachments.deleteExpired - concurrent sweeps never return one row twice", async () => {
      const tenant = await createTenant(ctx.storage);
      for (let n = 1; n <= 12; n++) await upload(ctx.storage, tenant.id, n, { expires_at: at(n) });
      const sweeps = await Promise.all([1, 2, 3].map(() => ctx.storage.attachments.deleteExpired(at(100), 5)));
      const ids = sweeps.flat().map((a) => a.id);
      expect(new Set(ids).size).toBe(ids.length);
      const rest = await ctx.storage.attachments.deleteExpired(at(100), 100);
      expect(sorted([...ids, ...rest.map((a) => a.id)]).length).toBe(12);
    });

    it("attachments - nothing of tenant A is read, bound, listed, expired or deleted through tenant B", async () => {
      const [alpha, beta] = await createTenants(ctx.storage);
      const mine = await upload(ctx.storage, alpha.id, 1);
      const boundOne = await upload(ctx.storage, alpha.id, 2);
      await ctx.storage.attachments.bind(alpha.id, ["hash-2"], { uploaderId: 7, target: comment(60, 6), at: at(1) });
      const storage = ctx.storage.attachments;
      expect(await storage.get(beta.id, mine.id)).toBeNull();
      expect(await storage.bind(beta.id, ["hash-1"], { uploaderId: 7, target: comment(61), at: at(1) })).toEqual([]);
      expect(await storage.listForComments(beta.id, [60])).toEqual([]);
      expect(await storage.expireForTickets(beta.id, [6], at(2))).toBe(0);
      expect(await storage.delete(beta.id, mine.id)).toBeNull();
      expect(await storage.get(alpha.id, mine.id)).toEqual(mine);
      expect(await storage.get(alpha.id, boundOne.id)).toMatchObject({ comment_id: 60, expires_at: null });
      // The same token hash may exist in both tenants: each binds its own.
      const theirs = await upload(ctx.storage, beta.id, 1);
      expect(await storage.bind(beta.id, ["hash-1"], { uploaderId: 7, target: comment(62), at: at(1) })).toEqual(["hash-1"]);
      expect(await storage.get(beta.id, theirs.id)).toMatchObject({ comment_id: 62 });
      expect(await storage.get(alpha.id, mine.id)).toMatchObject({ comment_id: null });
    });
  });
}
