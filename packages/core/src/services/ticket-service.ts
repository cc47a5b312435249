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
import { resolveRequester } from "./requester";
import { checkTicketReferences } from "./ticket-references";
import { checkTransition, lifecycleStamps, ticketInScope } from "./ticket-rules";
import { finishTicketWrite } from "./ticket-writes";
import { addTicketComment, bindFirstCommentUploads } from "./ticket-comments";
import { attachmentsOfComments } from "./attachment-views";
import type { RuleComment } from "../rules";
import { parseInput, parseQuery } from "./validation";

const REFERENCE_KEYS = new Set(["assignee_id", "group_id", "problem_id", "collaborator_ids"]);

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
    const now = ctx.clock();
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
    if (input.custom_fields !== undefined) patch.custom_fields = input.custom_fields;
    // Assigning a new ticket starts work on it, as in the agent interfaces users know.
    if (before.status === "new" && input.status === undefined && patch.assignee_id) patch.status = "open";
    // A ticket that stops being an incident or a task drops the link that only those types carry.
    if (patch.type !== undefined && patch.type !== "incident" && input.problem_id === undefined) patch.problem_id = null;
    if (patch.type !== undefined && patch.type !== "task" && due === undefined) patch.due_date = null;

    const changed = Object.entries(patch).filter(([key, value]) => JSON.stringify(before[key as keyof Ticket]) !== JSON.stringify(value));
    if (changed.length === 0 && !input.comment) return before;
    const after = { ...before, ...Object.fromEntries(changed) } as Ticket;
    checkTransition(before, after);
    if (changed.some(([key]) => REFERENCE_KEYS.has(key))) await checkTicketReferences(storage, tenantId, after, id);
    let comment: RuleComment | null = null;
    if (input.comment) {
      comment = { content: input.comment.content, public: commentIsPublic(ctx, input.comment.public) };
      await addTicketComment(storage, tenantId, id, { author_id: ctx.actor.id, ...comment, created_at: now }, input.comment.uploads);
    }
    return finishTicketWrite({ ...writeBase(storage, now), stored: before, before, after, event: "updated", comment });
  }

  const writeBase = (storage: Storage, now: number) => ({ storage, tenantId, actor: ctx.actor, rules: ctx.rules, now });

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
        const now = ctx.clock();
        const requester = await resolveRequester(tx, tenantId, ctx.actor, input, now);
        const organization = requester.organization_id === null ? null : await tx.organizations.get(tenantId, requester.organization_id);
        const assignee_id = input.assignee_id ?? null;
        const group_id = input.group_id !== undefined ? input.group_id : (organization?.group_id ?? null);
        const draft = {
          status: input.status ?? (assignee_id !== null ? "open" : "new"),
          assignee_id,
          type: input.type ?? null,
          problem_id: input.problem_id ?? null,
          due_date: (input.due_at !== undefined ? input.due_at : input.due_date) ?? null,
          assigneed_at: null,
          resolved_at: null,
          closed_at: null,
        } as const;
        const stamps = lifecycleStamps(null, draft, now);
        const collaborator_ids = [...new Set(input.collaborator_ids ?? [])];
        await checkTicketReferences(tx, tenantId, { assignee_id, group_id, problem_id: draft.problem_id, collaborator_ids }, null);
        const comment: RuleComment = { content: input.comment.content, public: commentIsPublic(ctx, input.comment.public) };
        const created = await tx.tickets.create(
          tenantId,
          {
            pending_at: null,
            requester_updated_at: requester.id === ctx.actor.id ? now : null,
            assignee_updated_at: assignee_id === ctx.actor.id ? now : null,
            ...draft,
            ...stamps,
            title: input.title,
            description: input.comment.content,
            priority: input.priority ?? null,
            recipient: null,
            requester_id: requester.id,
            organization_id: requester.organization_id,
            group_id,
            created_at: now,
            updated_at: now,
            source: "api",
            collaborator_ids,
            tags: input.tags ?? [],
            custom_fields: input.custom_fields ?? [],
            satisfaction_rating: null,
          },
          { author_id: ctx.actor.id, ...comment, created_at: now },
        );
        await bindFirstCommentUploads(tx, tenantId, created.id, input.comment.uploads);
        return finishTicketWrite({ ...writeBase(tx, now), stored: created, before: null, after: created, event: "created", comment });
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
      const filter: TicketFilter = { scope: await ticketScope(ctx) };
      if (params.query) filter.text = params.query;
      if (params.status) filter.statuses = params.status;
      if (params.fieldvalue) filter.fieldValue = params.fieldvalue;
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

    async comments(id) {
      requireRole(ctx, "agent");
      await visibleTicket(ctx.storage, id);
      const comments = await ctx.storage.tickets.listComments(tenantId, id);
      const attachments = await attachmentsOfComments(ctx.storage, tenantId, comments.map((comment) => comment.id));
      return comments.map((comment) => ({ ...comment, attachments: attachments.get(comment.id) ?? [] }));
    },
  };
}
