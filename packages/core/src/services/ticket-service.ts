import { HelpdeskError } from "../errors";
import {
  ticketCreateInputSchema,
  ticketUpdateInputSchema,
  type BulkResult,
  type Ticket,
  type TicketCreateInput,
  type TicketUpdateInput,
} from "../domain/ticket";
import { MAX_PAGE_SIZE, pageQuerySchema, ticketListQuerySchema, ticketSearchQuerySchema } from "../domain/list-query";
import type { TicketService } from "../help-desk-api";
import type { Storage, TicketFilter, TicketPatch } from "../storage";
import { requireRole, ticketScope, type ActorContext } from "./actor-context";
import { toListResult, toSortKeys, toTimeRange, toWindow } from "./paging";
import { getCommentView, listCommentViews } from "./comment-views";
import { resolveRequester } from "./requester";
import { applyTicketChange } from "./ticket-change";
import { createTicketRecord } from "./ticket-creation";
import { ticketInScope } from "./ticket-rules";
import { searchFilter } from "./ticket-search";
import { parseInput, parseQuery } from "./validation";
import { validateCustomFields } from "../custom-fields/validate-custom-fields";

function checkIdCount(ids: number[]): void {
  if (ids.length > MAX_PAGE_SIZE) throw new HelpdeskError("REQUEST_IDS_TOO_MANY");
}

/** Whether a comment the actor writes is public: agents without `public_comments` may only reply privately. */
function commentIsPublic(ctx: ActorContext, requested: boolean | undefined): boolean {
  if (ctx.actor.role === "admin" || ctx.actor.public_comments) return requested ?? true;
  if (requested === true) throw new HelpdeskError("AUTH_FORBIDDEN", { description: "You may only add private comments" });
  return false;
}

export function createTicketService(ctx: ActorContext): TicketService {
  const { tenantId } = ctx;

  /** The ticket if the actor may see it, else TICKET_NOT_FOUND (never revealing that it exists). */
  async function visibleTicket(storage: Storage, id: number, forUpdate = false): Promise<Ticket> {
    const ticket = await (forUpdate ? storage.tickets.getForUpdate(tenantId, id) : storage.tickets.get(tenantId, id));
    if (!ticket || !ticketInScope(await ticketScope(ctx, storage), ticket)) throw new HelpdeskError("TICKET_NOT_FOUND");
    return ticket;
  }

  async function listTickets(filter: Omit<TicketFilter, "scope">, query: unknown, forceScope = false) {
    const params = parseQuery(ticketListQuerySchema, query);
    const scope = forceScope ? await ticketScope(ctx) : { kind: "all" as const };
    const page = await ctx.storage.tickets.list(tenantId, { ...filter, ...toTimeRange(params), scope }, toSortKeys(params), toWindow(params));
    return toListResult(page, params);
  }

  async function applyUpdate(storage: Storage, id: number, input: ReturnType<typeof ticketUpdateInputSchema.parse>): Promise<Ticket> {
    const before = await visibleTicket(storage, id, true);
    if (before.status === "closed") throw new HelpdeskError("TICKET_CLOSED");
    const patch: Omit<TicketPatch, "updated_at"> = {};
    if (input.title !== undefined) patch.title = input.title;
    if (input.assignee_id !== undefined) patch.assignee_id = input.assignee_id;
    if (input.group_id !== undefined) patch.group_id = input.group_id;
    if (input.type !== undefined) patch.type = input.type;
    if (input.status !== undefined) patch.status = input.status;
    if (input.priority !== undefined) patch.priority = input.priority;
    if (input.problem_id !== undefined) patch.problem_id = input.problem_id;
    const due = input.due_at !== undefined ? input.due_at : input.due_date;
    if (due !== undefined) patch.due_date = due;
    if (input.tags !== undefined) patch.tags = input.tags;
    if (input.collaborator_ids !== undefined) patch.collaborator_ids = [...new Set(input.collaborator_ids)];
    if (input.custom_fields !== undefined) {
      patch.custom_fields = await validateCustomFields(storage, tenantId, "ticket", { current: before.custom_fields, given: input.custom_fields, audience: "agent", mode: "update" });
    }
    // Assigning a new ticket starts work on it, as in the agent interfaces users know.
    if (before.status === "new" && input.status === undefined && patch.assignee_id) patch.status = "open";
    // A ticket that stops being an incident or a task drops the link that only those types carry.
    if (patch.type !== undefined && patch.type !== "incident" && input.problem_id === undefined) patch.problem_id = null;
    if (patch.type !== undefined && patch.type !== "task" && due === undefined) patch.due_date = null;

    const comment = input.comment ? { ...input.comment, public: commentIsPublic(ctx, input.comment.public) } : null;
    return applyTicketChange(ctx, storage, before, patch, comment);
  }

  return {
    async list(query) {
      requireRole(ctx, "admin");
      return listTickets({}, query);
    },

    async listAssignedTo(userId, query) {
      requireRole(ctx, "agent");
      if (!(await ctx.storage.users.get(tenantId, userId))) throw new HelpdeskError("USER_NOT_FOUND");
      return listTickets({ assigneeId: userId }, query, true);
    },

    async get(id) {
      requireRole(ctx, "agent");
      return visibleTicket(ctx.storage, id);
    },

    async showMany(ids) {
      requireRole(ctx, "agent");
      checkIdCount(ids);
      if (ids.length === 0) return [];
      const scope = await ticketScope(ctx);
      const page = await ctx.storage.tickets.list(tenantId, { ids, scope }, [], { limit: MAX_PAGE_SIZE, offset: 0 });
      return page.items;
    },

    async create(raw: TicketCreateInput) {
      requireRole(ctx, "agent");
      const input = parseInput(ticketCreateInputSchema, raw);
      return ctx.storage.transaction(async (tx) => {
        const requester = await resolveRequester(tx, tenantId, ctx.actor, input, ctx.clock());
        return createTicketRecord(ctx, tx, {
          title: input.title,
          comment: { ...input.comment, public: commentIsPublic(ctx, input.comment.public) },
          requester,
          source: "api",
          assignee_id: input.assignee_id,
          group_id: input.group_id,
          type: input.type,
          status: input.status,
          priority: input.priority,
          problem_id: input.problem_id,
          due_date: input.due_at !== undefined ? input.due_at : input.due_date,
          tags: input.tags,
          collaborator_ids: input.collaborator_ids,
          custom_fields: input.custom_fields,
          fieldAudience: "agent",
        });
      });
    },

    async update(id, raw: TicketUpdateInput) {
      requireRole(ctx, "agent");
      const input = parseInput(ticketUpdateInputSchema, raw);
      return ctx.storage.transaction((tx) => applyUpdate(tx, id, input));
    },

    async updateMany(ids, raw: TicketUpdateInput) {
      requireRole(ctx, "agent");
      checkIdCount(ids);
      const input = parseInput(ticketUpdateInputSchema, raw);
      const results: BulkResult[] = [];
      for (const id of ids) {
        try {
          await ctx.storage.transaction((tx) => applyUpdate(tx, id, input));
          results.push({ id, success: true, errors: "" });
        } catch (error) {
          if (!(error instanceof HelpdeskError)) throw error;
          results.push({ id, success: false, errors: error.message });
        }
      }
      return results;
    },

    async delete(id) {
      requireRole(ctx, "admin");
      await ctx.storage.transaction(async (tx) => {
        // The ticket's files go with it: expired now, removed with their blobs by the next sweep.
        await tx.attachments.expireForTickets(tenantId, [id], ctx.clock());
        if ((await tx.tickets.delete(tenantId, [id])) === 0) throw new HelpdeskError("TICKET_NOT_FOUND");
      });
    },

    async deleteMany(ids) {
      requireRole(ctx, "admin");
      checkIdCount(ids);
      await ctx.storage.transaction(async (tx) => {
        const found = await tx.tickets.list(tenantId, { ids, scope: { kind: "all" } }, [], { limit: MAX_PAGE_SIZE, offset: 0 });
        const missing = ids.filter((id) => !found.items.some((t) => t.id === id));
        if (missing.length > 0) throw new HelpdeskError("TICKET_NOT_FOUND", { description: `Tickets not found: ${missing.join(", ")}` });
        await tx.attachments.expireForTickets(tenantId, ids, ctx.clock());
        await tx.tickets.delete(tenantId, ids);
      });
    },

    async search(query) {
      requireRole(ctx, "agent");
      const params = parseQuery(ticketSearchQuerySchema, query);
      const filter: TicketFilter = { ...searchFilter(params), scope: await ticketScope(ctx) };
      const page = await ctx.storage.tickets.list(tenantId, filter, [{ by: "created_at", dir: params.created_order }], toWindow(params));
      return toListResult(page, params);
    },

    async collaborators(id) {
      requireRole(ctx, "agent");
      const ticket = await visibleTicket(ctx.storage, id);
      return ctx.storage.users.getMany(tenantId, ticket.collaborator_ids);
    },

    async incidents(id, query) {
      requireRole(ctx, "agent");
      const params = parseQuery(pageQuerySchema, query);
      await visibleTicket(ctx.storage, id);
      const page = await ctx.storage.tickets.list(tenantId, { problemId: id, scope: await ticketScope(ctx) }, [], toWindow(params));
      return toListResult(page, params);
    },

    async problems(query) {
      requireRole(ctx, "agent");
      const params = parseQuery(pageQuerySchema, query);
      const filter: TicketFilter = { type: "problem", scope: await ticketScope(ctx) };
      const page = await ctx.storage.tickets.list(tenantId, filter, [{ by: "updated_at", dir: "desc" }], toWindow(params));
      return toListResult(page, params);
    },

    async comments(id, query) {
      requireRole(ctx, "agent");
      await visibleTicket(ctx.storage, id);
      return listCommentViews(ctx.storage, tenantId, id, query, false);
    },

    async comment(ticketId, id) {
      requireRole(ctx, "agent");
      await visibleTicket(ctx.storage, ticketId);
      return getCommentView(ctx.storage, tenantId, ticketId, id, false);
    },
  };
}
