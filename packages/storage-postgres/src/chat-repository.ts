import type { ChatRepository } from "@helpdesk/core";
import type { Knex } from "knex";
import { toChat, type ChatRow } from "./community-row-mappers";
import { json } from "./row-mappers";
import { queryRows, selectPage } from "./sql-helpers";

const CHAT_COLUMNS = "id, type, started_by, status, agent_id, rating, visitor_id, user_id, created_at, assigned_at, end_at";

const messageObject = (alias: string) =>
  `json_build_object('id', ${alias}.id, 'chat_id', ${alias}.chat_id, 'type', ${alias}.type, 'name', ${alias}.name, 'msg', ${alias}.msg, ` +
  `'is_read', ${alias}.is_read, 'created_at', ${alias}.created_at, 'upload_id', ${alias}.upload_id, 'upload', ${alias}.upload)`;

/** The messages of the chat row aliased `c`, as a JSON array in id order. */
const MESSAGES =
  `(SELECT coalesce(json_agg(${messageObject("m")} ORDER BY m.id), '[]'::json) FROM chat_messages m ` +
  "WHERE m.tenant_id = c.tenant_id AND m.chat_id = c.id) AS messages";

const SELECT = `${CHAT_COLUMNS.split(", ").map((column) => `c.${column}`).join(", ")}, ${MESSAGES}`;

// One statement, so chat and messages are written together without a transaction of their own;
// the messages are inserted in the order given, which is the order their ids come in.
const INSERT_CHAT = `
WITH chat AS (
  INSERT INTO chats (tenant_id, type, started_by, status, agent_id, rating, visitor_id, user_id, created_at, assigned_at, end_at)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *
),
inserted AS (
  INSERT INTO chat_messages (tenant_id, chat_id, type, name, msg, is_read, created_at, upload_id, upload)
  SELECT chat.tenant_id, chat.id, m.type, m.name, m.msg, m.is_read, m.created_at, m.upload_id, m.upload
  FROM chat, ROWS FROM (
    jsonb_to_recordset(?::jsonb) AS (type text, name text, msg text, is_read smallint, created_at bigint, upload_id bigint, upload jsonb)
  ) WITH ORDINALITY AS m(type, name, msg, is_read, created_at, upload_id, upload, n)
  ORDER BY m.n
  RETURNING *
)
SELECT ${CHAT_COLUMNS}, (SELECT coalesce(json_agg(${messageObject("inserted")} ORDER BY inserted.id), '[]'::json) FROM inserted) AS messages
FROM chat`;

/** Chat history records and their messages. */
export function createChatRepository(db: Knex): ChatRepository {
  return {
    async create(tenantId, data) {
      const { messages, ...c } = data;
      const params = [tenantId, c.type, c.started_by, c.status, c.agent_id, c.rating, c.visitor_id, c.user_id, c.created_at, c.assigned_at, c.end_at];
      const [row] = await queryRows<ChatRow>(db, INSERT_CHAT, [...params, json(messages)]);
      return toChat(row!);
    },
    async get(tenantId, id) {
      const [row] = await queryRows<ChatRow>(db, `SELECT ${SELECT} FROM chats c WHERE c.tenant_id = ? AND c.id = ?`, [tenantId, id]);
      return row === undefined ? null : toChat(row);
    },
    async list(tenantId, filter, window) {
      const filtered = db("chats as c").where("c.tenant_id", tenantId);
      if (filter.visitorId !== undefined) filtered.where("c.visitor_id", filter.visitorId);
      if (filter.userId !== undefined) filtered.where("c.user_id", filter.userId);
      if (filter.createdFrom !== undefined) filtered.where("c.created_at", ">=", filter.createdFrom);
      if (filter.createdTo !== undefined) filtered.where("c.created_at", "<=", filter.createdTo);
      return selectPage(db, { filtered, select: SELECT, order: { joins: [], terms: "c.id ASC" }, window, map: toChat });
    },
  };
}
