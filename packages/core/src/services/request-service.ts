import { HelpdeskError } from "../errors";
import {
  organizationRequestsQuerySchema,
  requestCreateInputSchema,
  requestListQuerySchema,
  requestSearchQuerySchema,
  requestUpdateInputSchema,
  toRequest,
  type Request,
} from "../domain/request";
import { fieldName } from "../domain/custom-field";
import type { Page, PageRequest } from "../domain/list-query";
import type { Ticket, TicketStatus } from "../domain/ticket";
import type { RequestService } from "../help-desk-api";
import type { SortKey, Storage, TicketFilter, TicketScope } from "../storage";
import { requireRole, ticketScope, type ActorContext } from "./actor-context";
import { getCommentView, listCommentViews } from "./comment-views";
import { mayReadRequest } from "./request-access";
import { toListResult, toSortKeys, toTimeRange, toWindow } from "./paging";
import { applyTicketChange } from "./ticket-change";
import { createTicketRecord } from "./ticket-creation";
import { searchFilter } from "./ticket-search";
import { parseInput, parseQuery } from "./validation";

/** Spec, section 3: `open` means below solved, `solved` means solved or closed. */
const OPEN_STATUSES: TicketStatus[] = ["new", "open", "pending"];
const SOLVED_STATUSES: TicketStatus[] = ["solved", "closed"];
const ALL_TICKETS: TicketScope = { kind: "all" };

/**
 * Tickets as their requesters see them. The end-user operations act on the
 * caller's own requests whatever their role (and their organization's, when
 * it shares them); `listForUser` and `listForOrganization` are the agents'
 * view of anyone's, within their ticket restriction.
 */
export function createRequestService(ctx: ActorContext): RequestService {
  const { tenantId, actor } = ctx;

  /**
   * Tickets as requests. End users see only the custom fields shown to them
   * (`enduser_visible`), as the end-user portal would show them; staff see all.
   */
  async function present(tickets: Ticket[]): Promise<Request[]> {
    const requests = tickets.map(toRequest);
    if (actor.role !== "end_user" || requests.every((request) => request.custom_fields.length === 0)) return requests;
    const definitions = await ctx.storage.fieldDefinitions.list(tenantId, "ticket", { activeOnly: false });
    const shown = new Set(definitions.filter((field) => field.enduser_visible).map((field) => fieldName(field.id)));
    return requests.map((request) => ({ ...request, custom_fields: request.custom_fields.filter((field) => shown.has(field.name)) }));
  }

  async function presentOne(ticket: Ticket): Promise<Request> {
    const [request] = await present([ticket]);
    return request!;
  }

  async function requestPage(page: Page<Ticket>, params: PageRequest) {
    return toListResult({ items: await present(page.items), count: page.count }, params);
  }

  /** The caller's organization if it shares its requests, else REQUEST_ORGANIZATION_NOT_SHARED. */
  async function sharedOrganizationId(): Promise<number> {
    const organization = actor.organization_id === null ? null : await ctx.storage.organizations.get(tenantId, actor.organization_id);
    if (!organization?.shared_tickets) throw new HelpdeskError("REQUEST_ORGANIZATION_NOT_SHARED");
    return organization.id;
  }

  /** The request if the caller may read it, else REQUEST_NOT_FOUND (never revealing that it exists). */
  async function readableTicket(storage: Storage, id: number, forUpdate = false): Promise<Ticket> {
    const ticket = await (forUpdate ? storage.tickets.getForUpdate(tenantId, id) : storage.tickets.get(tenantId, id));
    if (!ticket || !(await mayReadRequest(storage, tenantId, actor, ticket))) throw new HelpdeskError("REQUEST_NOT_FOUND");
    return ticket;
  }

  /** One page of requests; the order parameters apply, then creation order (newest first by default) with the ticket number. */
  async function listRequests(filter: Omit<TicketFilter, "scope">, params: ReturnType<typeof requestListQuerySchema.parse>, scope = ALL_TICKETS) {
    const sort: SortKey[] = [...toSortKeys(params), { by: "id", dir: params.created_order }];
    const page = await ctx.storage.tickets.list(tenantId, { ...filter, ...toTimeRange(params), scope }, sort, toWindow(params));
    return requestPage(page, params);
  }

  /** The caller's own requests, optionally of some statuses; a bad query rejects (never throws synchronously). */
  async function ownRequests(query: unknown, statuses?: TicketStatus[]) {
    return listRequests({ requesterId: actor.id, ...(statuses ? { statuses } : {}) }, parseQuery(requestListQuerySchema, query));
  }

  return {
    list: (query) => ownRequests(query),
    listOpen: (query) => ownRequests(query, OPEN_STATUSES),
    listSolved: (query) => ownRequests(query, SOLVED_STATUSES),

    async listOrganization(query) {
      const params = parseQuery(organizationRequestsQuerySchema, query);
      const organizationId = await sharedOrganizationId();
      const statuses = params.status === undefined ? {} : { statuses: params.status === "open" ? OPEN_STATUSES : SOLVED_STATUSES };
      return listRequests({ organizationId, ...statuses }, params);
    },

    async search(query) {
      const params = parseQuery(requestSearchQuerySchema, query);
      const whose = params.range === "organization" ? { organizationId: await sharedOrganizationId() } : { requesterId: actor.id };
      const sort: SortKey[] = [
        { by: "created_at", dir: params.created_order },
        { by: "id", dir: params.created_order },
      ];
      const page = await ctx.storage.tickets.list(tenantId, { ...whose, ...searchFilter(params), scope: ALL_TICKETS }, sort, toWindow(params));
      return requestPage(page, params);
    },

    async listForUser(userId, query) {
      requireRole(ctx, "agent");
      const params = parseQuery(requestListQuerySchema, query);
      if (!(await ctx.storage.users.get(tenantId, userId))) throw new HelpdeskError("USER_NOT_FOUND");
      return listRequests({ requesterId: userId }, params, await ticketScope(ctx));
    },

    async listForOrganization(organizationId, query) {
      requireRole(ctx, "agent");
      const params = parseQuery(requestListQuerySchema, query);
      if (!(await ctx.storage.organizations.get(tenantId, organizationId))) throw new HelpdeskError("ORGANIZATION_NOT_FOUND");
      return listRequests({ organizationId }, params, await ticketScope(ctx));
    },

    async get(id) {
      return presentOne(await readableTicket(ctx.storage, id));
    },

    async create(raw) {
      const input = parseInput(requestCreateInputSchema, raw);
      const ticket = await ctx.storage.transaction((tx) =>
        createTicketRecord(ctx, tx, {
          title: input.title,
          // The requester's own words are always public.
          comment: { ...input.comment, public: true },
          requester: actor,
          source: "web",
          type: input.type,
          priority: input.priority,
          due_date: input.due_at,
          custom_fields: input.custom_fields,
          fieldAudience: "end_user",
        }),
      );
      return presentOne(ticket);
    },

    async reply(id, raw) {
      const input = parseInput(requestUpdateInputSchema, raw);
      const ticket = await ctx.storage.transaction(async (tx) => {
        const before = await readableTicket(tx, id, true);
        // Organization members may read a shared request; only its requester answers it.
        if (before.requester_id !== actor.id) throw new HelpdeskError("AUTH_FORBIDDEN", { description: "Only the requester can reply to a request" });
        if (before.status === "closed") throw new HelpdeskError("REQUEST_CLOSED");
        // A requester's reply means the request needs attention again.
        const patch = before.status === "pending" || before.status === "solved" ? { status: "open" as const } : {};
        return applyTicketChange(ctx, tx, before, patch, { ...input.comment, public: true });
      });
      return presentOne(ticket);
    },

    async comments(id, query) {
      await readableTicket(ctx.storage, id);
      return listCommentViews(ctx.storage, tenantId, id, query, true);
    },

    async comment(requestId, id) {
      await readableTicket(ctx.storage, requestId);
      return getCommentView(ctx.storage, tenantId, requestId, id, true);
    },
  };
}
