import type { Storage } from "@helpdesk/core";
import { at, errorCode, newPost, newPostComment, newUser, seedKnowledgeBase } from "@helpdesk/core/testing";
import { describe, expect, it } from "vitest";
import { deferred, twoClientsOnOneSchema, waitForLockWait } from "./test-support";
import { postgresTestGate } from "./testing";

/** Every forum and post, drafts included. */
const SEE_ALL = { roleViews: ["all", "logged_in", "agent"] as const, drafts: "include" as const };

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
    expect((await db.one.posts.get(s.tenantId, post.id, SEE_ALL))?.count_comments).toBe(13);
    expect((await db.one.postComments.list(s.tenantId, post.id, "asc", { limit: 100, offset: 0 })).count).toBe(13);
  });

  /** Votes on one post by ann and bob, through one client or transaction. */
  interface Ballot {
    cast(voter: "ann" | "bob", value: 1 | -1): Promise<unknown>;
    withdraw(voter: "ann" | "bob"): Promise<unknown>;
  }

  /**
   * `first` votes in a transaction on one client and holds it open while
   * `second` votes on the other client and waits for the post's lock; then
   * both finish. Resolves to the post's count_vote.
   */
  async function voteRace(first: (ballot: Ballot) => Promise<unknown>, second: (ballot: Ballot) => Promise<unknown>) {
    const s = await seedKnowledgeBase(db.one);
    const post = await db.one.posts.create(s.tenantId, newPost(s.open.id, s.agent.id));
    const ann = await db.one.users.create(s.tenantId, newUser({ email: "ann@example.com" }));
    const bob = await db.one.users.create(s.tenantId, newUser({ email: "bob@example.com" }));
    const ballot = (storage: Storage): Ballot => ({
      cast: (voter, value) => storage.postVotes.cast(s.tenantId, post.id, (voter === "ann" ? ann : bob).id, value, at(1)),
      withdraw: (voter) => storage.postVotes.withdraw(s.tenantId, post.id, (voter === "ann" ? ann : bob).id),
    });
    const release = deferred();
    const holding = db.one.transaction(async (tx) => {
      await first(ballot(tx));
      await release.promise;
    });
    const racing = second(ballot(db.two));
    await waitForLockWait(db.admin, db.twoName);
    release.resolve();
    await Promise.all([holding, racing]);
    return (await db.one.posts.get(s.tenantId, post.id, SEE_ALL))?.count_vote;
  }

  it("postVotes.cast - two users voting at once from two processes both count", async () => {
    expect(await voteRace((b) => b.cast("ann", 1), (b) => b.cast("bob", 1))).toBe(2);
  });

  it("postVotes.cast - a user's vote racing their own earlier one replaces it: counted once", async () => {
    expect(await voteRace((b) => b.cast("ann", 1), (b) => b.cast("ann", -1))).toBe(-1);
  });

  it("postVotes.withdraw - a withdrawal racing the vote it withdraws waits for it and removes it", async () => {
    expect(await voteRace((b) => b.cast("ann", -1), (b) => b.withdraw("ann"))).toBe(0);
  });

  it("postVotes - many votes, changes and withdrawals from two processes keep count_vote exact", async () => {
    const s = await seedKnowledgeBase(db.one);
    const post = await db.one.posts.create(s.tenantId, newPost(s.open.id, s.agent.id));
    const voters = await Promise.all(Array.from({ length: 20 }, (_, i) => db.one.users.create(s.tenantId, newUser({ email: `v${i}@example.com` }))));
    const client = (i: number) => (i % 2 === 0 ? db.one : db.two);
    await Promise.all(voters.map((v, i) => client(i).postVotes.cast(s.tenantId, post.id, v.id, 1, at(1))));
    // Voters 0-4 turn their vote down and 5-9 withdraw it, from the other client, all at once: 10 up and 5 down are left.
    await Promise.all([
      ...voters.slice(0, 5).map((v, i) => client(i + 1).postVotes.cast(s.tenantId, post.id, v.id, -1, at(2))),
      ...voters.slice(5, 10).map((v, i) => client(i).postVotes.withdraw(s.tenantId, post.id, v.id)),
    ]);
    expect((await db.one.posts.get(s.tenantId, post.id, SEE_ALL))?.count_vote).toBe(5);
  });
});
