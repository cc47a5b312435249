import { HelpdeskError, invalidField } from "../errors";
import { chatImportInputSchema, chatListQuerySchema } from "../domain/chat";
import { roleAtLeast } from "../domain/user";
import type { ChatService } from "../help-desk-api";
import type { ChatFilter, Storage } from "../storage";
import { requireRole, type ActorContext } from "./actor-context";
import { toListResult, toWindow } from "./paging";
import { parseInput, parseQuery } from "./validation";

/** Chat history: agents read it; admins import finished chats from the chat system. */
export function createChatService(ctx: ActorContext): ChatService {
  const { tenantId, storage } = ctx;

  /** The agent must be an agent or admin of the tenant, the user any user of it. */
  async function checkUsers(from: Storage, agentId: number | null, userId: number | null): Promise<void> {
    const ids = [agentId, userId].filter((id): id is number => id !== null);
    const found = new Map((await from.users.getMany(tenantId, ids)).map((u) => [u.id, u]));
    if (agentId !== null && !roleAtLeast(found.get(agentId)?.role ?? "end_user", "agent")) {
      throw invalidField("agent_id", `no agent with id ${agentId}`);
    }
    if (userId !== null && !found.has(userId)) throw invalidField("user_id", `no user with id ${userId}`);
  }

  return {
    async list(query) {
      requireRole(ctx, "agent");
      const params = parseQuery(chatListQuerySchema, query);
      const filter: ChatFilter = {};
      if (params.visitor_id !== undefined) filter.visitorId = params.visitor_id;
      if (params.user_id !== undefined) filter.userId = params.user_id;
      if (params.start !== undefined) filter.createdFrom = params.start;
      if (params.end !== undefined) filter.createdTo = params.end;
      return toListResult(await storage.chats.list(tenantId, filter, toWindow(params)), params);
    },

    async get(id) {
      requireRole(ctx, "agent");
      const chat = await storage.chats.get(tenantId, id);
      if (!chat) throw new HelpdeskError("CHAT_NOT_FOUND");
      return chat;
    },

    async import(raw) {
      requireRole(ctx, "admin");
      const input = parseInput(chatImportInputSchema, raw);
      const created_at = input.created_at ?? ctx.clock();
      const agent_id = input.agent_id ?? null;
      const user_id = input.user_id ?? null;
      return storage.transaction(async (tx) => {
        await checkUsers(tx, agent_id, user_id);
        return tx.chats.create(tenantId, {
          type: input.type,
          started_by: input.started_by,
          status: input.status,
          agent_id,
          rating: input.rating ?? null,
          visitor_id: input.visitor_id ?? null,
          user_id,
          created_at,
          assigned_at: input.assigned_at ?? null,
          end_at: input.end_at ?? null,
          messages: input.messages.map((m) => ({
            type: m.type,
            name: m.name ?? null,
            msg: m.msg,
            is_read: m.is_read,
            created_at: m.created_at ?? created_at,
            upload_id: m.upload_id ?? null,
            upload: m.upload ?? null,
          })),
        });
      });
    },
  };
}
