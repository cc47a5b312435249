import type { Storage } from "@helpdesk/core";
import { errorCode, newPost, newPostComment, newUser, seedKnowledgeBase } from "@helpdesk/core/testing";
import type { Knex } from "knex";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createPostgresClient } from "./postgres-client";
import { deferred, testClients, waitForLockWait } from "./test-support";
import { createTestSchema, postgresTestGate, truncateAll, type TestSchema } from "./testing";

const gate = await postgresTestGate("the Postgres knowledge-base concurrency tests");

// Two clients with pools of their own stand for two server processes on one database.
describe.skipIf(gate.skip)("knowledge base on two clients", () => {
  let schema: TestSchema | undefined;
  let admin: Knex | undefined;
  const clients = testClients(() => schema!);
  let one: Storage;
  let two: Storage;
  let twoName: string;

  beforeAll(async () => {
    gate.check();
    schema = await createTestSchema();
    admin = createPostgresClient({ ...schema.options, poolSize: 1 });
  });
  beforeEach(async () => {
    await truncateAll(admin!);
    one = clients.open("one").storage;
    ({ storage: two, applicationName: twoName } = clients.open("two"));
  });
  afterEach(() => clients.destroyAll());
  afterAll(async () => {
    await admin?.destroy();
    await schema?.drop();
  });

  it("postComments.create - a comment added while another process deletes its post is POST_NOT_FOUND, not a driver error", async () => {
    const s = await seedKnowledgeBase(one);
    const post = await one.posts.create(s.tenantId, newPost(s.open.id, s.agent.id));
    const release = deferred();
    const deleting = one.transaction(async (tx) => {
      await tx.posts.delete(s.tenantId, post.id);
      await release.promise;
    });
    const adding = errorCode(two.postComments.create(s.tenantId, post.id, newPostComment(s.agent.id)));
    await waitForLockWait(admin!, twoName);
    release.resolve();
    await deleting;
    expect(await adding).toBe("POST_NOT_FOUND");
  });

  it("posts.create - a post added while another process deletes its forum is FORUM_NOT_FOUND", async () => {
    const s = await seedKnowledgeBase(one);
    const author = await one.users.create(s.tenantId, newUser({ role: "agent" }));
    const release = deferred();
    const deleting = one.transaction(async (tx) => {
      await tx.forums.delete(s.tenantId, s.open.id);
      await release.promise;
    });
    const adding = errorCode(two.posts.create(s.tenantId, newPost(s.open.id, author.id)));
    await waitForLockWait(admin!, twoName);
    release.resolve();
    await deleting;
    expect(await adding).toBe("FORUM_NOT_FOUND");
  });

  it("postComments - concurrent adds and deletes from two processes keep count_comments exact", async () => {
    const s = await seedKnowledgeBase(one);
    const post = await one.posts.create(s.tenantId, newPost(s.open.id, s.agent.id));
    const added = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? one : two).postComments.create(s.tenantId, post.id, newPostComment(s.agent.id))),
    );
    await Promise.all(added.slice(0, 7).map((c, i) => (i % 2 === 0 ? two : one).postComments.delete(s.tenantId, post.id, c.id)));
    const seen = { roleViews: ["all", "logged_in", "agent"] as const, drafts: "include" as const };
    expect((await one.posts.get(s.tenantId, post.id, seen))?.count_comments).toBe(13);
    expect((await one.postComments.list(s.tenantId, post.id, "asc", { limit: 100, offset: 0 })).count).toBe(13);
  });
});
