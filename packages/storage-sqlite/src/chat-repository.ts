import type { Chat, ChatFilter, ChatMessage, ChatRepository, NewChat, Window } from "@helpdesk/core";
import { jsonList, selectPage, Where } from "./sql-helpers";
import { atomicRead, atomicWrite, type Prepare, type SqliteDatabase } from "./sqlite-database";
import type { SyncRepository } from "./sync-repository";

type ChatRow = Omit<Chat, "messages">;

interface ChatMessageRow extends Omit<ChatMessage, "upload"> {
  /** The upload object as JSON text. */
  upload: string | null;
}

const toChatMessage = (row: ChatMessageRow): ChatMessage => ({ ...row, upload: row.upload === null ? null : (JSON.parse(row.upload) as ChatMessage["upload"]) });

const CHAT_COLUMNS = "id, type, started_by, status, agent_id, rating, visitor_id, user_id, created_at, assigned_at, end_at";
const MESSAGE_COLUMNS = "id, chat_id, type, name, msg, is_read, created_at, upload_id, upload";
const BY_ID = { sql: "id ASC", params: [] };

/** Chat history records and their messages. */
export function createChatRepository(db: SqliteDatabase, prepare: Prepare): SyncRepository<ChatRepository> {
  const insertChat = prepare(
    "INSERT INTO chats (tenant_id, type, started_by, status, agent_id, rating, visitor_id, user_id, created_at, assigned_at, end_at) " +
      "VALUES (@key_tenant, @type, @started_by, @status, @agent_id, @rating, @visitor_id, @user_id, @created_at, @assigned_at, @end_at) RETURNING id",
  );
  const insertMessage = prepare(
    "INSERT INTO chat_messages (tenant_id, chat_id, type, name, msg, is_read, created_at, upload_id, upload) " +
      "VALUES (@key_tenant, @chat_id, @type, @name, @msg, @is_read, @created_at, @upload_id, @upload)",
  );
  const byId = prepare(`SELECT ${CHAT_COLUMNS} FROM chats WHERE tenant_id = ? AND id = ?`);
  const messagesOf = prepare(
    `SELECT ${MESSAGE_COLUMNS} FROM chat_messages WHERE tenant_id = ? AND chat_id IN (SELECT value FROM json_each(?)) ORDER BY chat_id, id`,
  );

  /** The chats with their messages, read with one query for all of them. */
  const withMessages = (tenantId: number, chats: ChatRow[]): Chat[] => {
    const messages = new Map<number, ChatMessage[]>(chats.map((chat) => [chat.id, []]));
    for (const row of messagesOf.all(tenantId, jsonList(chats.map((chat) => chat.id))) as ChatMessageRow[]) {
      messages.get(row.chat_id)!.push(toChatMessage(row));
    }
    return chats.map((chat) => ({ ...chat, messages: messages.get(chat.id)! }));
  };

  const get = atomicRead(db, (tenantId: number, id: number) => {
    const row = byId.get(tenantId, id) as ChatRow | undefined;
    return row === undefined ? null : withMessages(tenantId, [row])[0]!;
  });

  return {
    create: atomicWrite(db, (tenantId: number, data: NewChat) => {
      const { messages, ...chat } = data;
      const { id } = insertChat.get({ ...chat, key_tenant: tenantId }) as { id: number };
      for (const message of messages) {
        insertMessage.run({ ...message, upload: message.upload === null ? null : JSON.stringify(message.upload), chat_id: id, key_tenant: tenantId });
      }
      return get(tenantId, id)!;
    }),
    get,
    list: atomicRead(db, (tenantId: number, filter: ChatFilter, window: Window) => {
      const where = new Where().add("tenant_id = ?", tenantId);
      if (filter.visitorId !== undefined) where.add("visitor_id = ?", filter.visitorId);
      if (filter.userId !== undefined) where.add("user_id = ?", filter.userId);
      if (filter.createdFrom !== undefined) where.add("created_at >= ?", filter.createdFrom);
      if (filter.createdTo !== undefined) where.add("created_at <= ?", filter.createdTo);
      const page = selectPage(prepare, { select: CHAT_COLUMNS, from: "chats", where, order: BY_ID, window, map: (row: ChatRow) => row });
      return { items: withMessages(tenantId, page.items), count: page.count };
    }),
  };
}
