import { errorCode, newPost, newPostComment, newUser, seedKnowledgeBase } from "@helpdesk/core/testing";
import { describe, expect, it } from "vitest";
import { deferred, twoClientsOnOneSchema, waitForLockWait } from "./test-support";
import { postgresTestGate } from "./testing";

const gate = await postgresTestGate("the Postgres knowledge-base concurrency tests");

describe.skipIf(gate.skip)("knowledge base on two clients", () => {
  const db = twoClientsOnOneSchema(gate);

  it("postComments.create - a comment added while another process deletes its post is POST_NOT_FOUND, not a driver error", async () => {
    const s = await seedKnowledgeBase(db.one);
    const post = await db.one.posts.create(s.tenantId, newPost(s.open.id, s.agent.id));
    const release = deferred();
    const deleting = db.one.transaction(async (tx) => {
      await tx.posts.delete(s.tenantId, post.id);
      await release.promise;
    });
    const adding = errorCode(db.two.postComments.create(s.tenantId, post.id, newPostComment(s.agent.id)));
    await waitForLockWait(db.admin, db.twoName);
    release.resolve();
    await deleting;
    expect(await adding).toBe("POST_NOT_FOUND");
  });

  it("posts.create - a post added while another process deletes its forum is FORUM_NOT_FOUND", async () => {
    const s = await seedKnowledgeBase(db.one);
    const author = await db.one.users.create(s.tenantId, newUser({ role: "agent" }));
    const release = deferred();
    const deleting = db.one.transaction(async (tx) => {
      await tx.forums.delete(s.tenantId, s.open.id);
      await release.promise;
    });
    const adding = errorCode(db.two.posts.create(s.tenantId, newPost(s.open.id, author.id)));
    await waitForLockWait(db.admin, db.twoName);
    release.resolve();
    await deleting;
    expect(await adding).toBe("FORUM_NOT_FOUND");
  });

  it("postComments - concurrent adds and deletes from two processes keep count_comments exact", async () => {
    const s = await seedKnowledgeBase(db.one);
    const post = await db.one.posts.create(s.tenantId, newPost(s.open.id, s.agent.id));
    const added = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? db.one : db.two).postComments.create(s.tenantId, post.id, newPostComment(s.agent.id))),
    );
    await Promise.all(added.slice(0, 7).map((c, i) => (i % 2 === 0 ? db.two : db.one).postComments.delete(s.tenantId, post.id, c.id)));
    const seen = { roleViews: ["all", "logged_in", "agent"] as const, drafts: "include" as const };
    expect((await db.one.posts.get(s.tenantId, post.id, seen))?.count_comments).toBe(13);
    expect((await db.one.postComments.list(s.tenantId, post.id, "asc", { limit: 100, offset: 0 })).count).toBe(13);
  });
});
