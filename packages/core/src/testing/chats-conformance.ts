import { describe, expect, it } from "vitest";
import type { NewChat, NewChatMessage } from "../storage";
import type { ConformanceContext } from "./conformance-context";
import { at, createTenant, createTenants, idsOf } from "./fixtures";

const ALL = { limit: 100, offset: 0 };

const message = (overrides: Partial<NewChatMessage> = {}): NewChatMessage => ({
  type: "chat.msg",
  name: "Visitor 7",
  msg: "Hello?",
  is_read: 1,
  created_at: at(1),
  upload_id: null,
  upload: null,
  ...overrides,
});

const chat = (overrides: Partial<NewChat> = {}): NewChat => ({
  type: "chat",
  started_by: "visitor",
  status: "close",
  agent_id: null,
  rating: null,
  visitor_id: "7",
  user_id: null,
  created_at: at(0),
  assigned_at: null,
  end_at: null,
  messages: [],
  ...overrides,
});

export function describeChats(ctx: ConformanceContext): void {
  describe("chats", () => {
    it("chats.create - stores the chat and its messages in the order given; get reads them back", async () => {
      const tenant = await createTenant(ctx.storage);
      const data = chat({
        agent_id: 12,
        rating: "5",
        user_id: 34,
        assigned_at: at(2),
        end_at: at(60),
        messages: [
          message({ type: "chat.memberjoin", msg: "", is_read: 0, created_at: at(2) }),
          message({ msg: "second", created_at: at(1) }),
          message({ msg: "with a file", upload_id: 99, upload: { id: 99, name: "shot.png", size: 1024 } }),
        ],
      });
      const created = await ctx.storage.chats.create(tenant.id, data);
      expect(created).toEqual({
        ...data,
        id: expect.any(Number),
        messages: data.messages.map((m) => ({ ...m, id: expect.any(Number), chat_id: created.id })),
      });
      expect(idsOf(created.messages)).toEqual([...idsOf(created.messages)].sort((x, y) => x - y));
      expect(await ctx.storage.chats.get(tenant.id, created.id)).toEqual(created);
      expect(await ctx.storage.chats.get(tenant.id, 999_999)).toBeNull();
    });

    it("chats.create - a chat may have no messages", async () => {
      const tenant = await createTenant(ctx.storage);
      const created = await ctx.storage.chats.create(tenant.id, chat());
      expect(created.messages).toEqual([]);
      expect((await ctx.storage.chats.get(tenant.id, created.id))?.messages).toEqual([]);
    });

    it("chats.create - nothing is kept when the transaction around it fails", async () => {
      const tenant = await createTenant(ctx.storage);
      const failure = ctx.storage.transaction(async (tx) => {
        await tx.chats.create(tenant.id, chat({ messages: [message()] }));
        throw new Error("abort");
      });
      await expect(failure).rejects.toThrow("abort");
      expect(await ctx.storage.chats.list(tenant.id, {}, ALL)).toEqual({ items: [], count: 0 });
    });

    it("chats.list - by id ascending with messages, filtered by visitor, user and inclusive creation bounds, paged", async () => {
      const tenant = await createTenant(ctx.storage);
      const c1 = await ctx.storage.chats.create(tenant.id, chat({ visitor_id: "7", user_id: 1, created_at: at(30), messages: [message()] }));
      const c2 = await ctx.storage.chats.create(tenant.id, chat({ visitor_id: "8", user_id: 2, created_at: at(10) }));
      const c3 = await ctx.storage.chats.create(tenant.id, chat({ visitor_id: "7", user_id: 2, created_at: at(20), messages: [message(), message()] }));
      const c4 = await ctx.storage.chats.create(tenant.id, chat({ visitor_id: null, user_id: null, created_at: at(40) }));

      expect(await ctx.storage.chats.list(tenant.id, {}, ALL)).toEqual({ items: [c1, c2, c3, c4], count: 4 });
      expect(await ctx.storage.chats.list(tenant.id, { visitorId: "7" }, ALL)).toEqual({ items: [c1, c3], count: 2 });
      expect(await ctx.storage.chats.list(tenant.id, { userId: 2 }, ALL)).toEqual({ items: [c2, c3], count: 2 });
      expect(await ctx.storage.chats.list(tenant.id, { createdFrom: at(20), createdTo: at(30) }, ALL)).toEqual({ items: [c1, c3], count: 2 });
      expect(await ctx.storage.chats.list(tenant.id, { createdFrom: at(31) }, ALL)).toEqual({ items: [c4], count: 1 });
      expect(await ctx.storage.chats.list(tenant.id, { createdTo: at(10) }, ALL)).toEqual({ items: [c2], count: 1 });
      expect(await ctx.storage.chats.list(tenant.id, { visitorId: "7", userId: 2, createdTo: at(25) }, ALL)).toEqual({ items: [c3], count: 1 });
      expect(await ctx.storage.chats.list(tenant.id, {}, { limit: 2, offset: 1 })).toEqual({ items: [c2, c3], count: 4 });
      expect(await ctx.storage.chats.list(tenant.id, { visitorId: "9" }, ALL)).toEqual({ items: [], count: 0 });
    });

    it("tenant isolation - tenant B never reads tenant A's chats", async () => {
      const [a, b] = await createTenants(ctx.storage);
      const mine = await ctx.storage.chats.create(a.id, chat({ user_id: 5, messages: [message()] }));
      expect(await ctx.storage.chats.get(b.id, mine.id)).toBeNull();
      expect(await ctx.storage.chats.list(b.id, {}, ALL)).toEqual({ items: [], count: 0 });
      expect(await ctx.storage.chats.list(b.id, { visitorId: "7", userId: 5 }, ALL)).toEqual({ items: [], count: 0 });
      const theirs = await ctx.storage.chats.create(b.id, chat());
      expect(await ctx.storage.chats.list(b.id, {}, ALL)).toEqual({ items: [theirs], count: 1 });
      expect(await ctx.storage.chats.get(a.id, mine.id)).toEqual(mine);
    });
  });
}
