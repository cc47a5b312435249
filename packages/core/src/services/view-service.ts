import { definedFields } from "./defined-fields";
import { HelpdeskError, invalidField } from "../errors";
import { pageQuerySchema } from "../domain/list-query";
import { roleAtLeast } from "../domain/user";
import {
  viewCreateInputSchema,
  viewTicketsQuerySchema,
  viewUpdateInputSchema,
  type View,
  type ViewCount,
  type ViewRestriction,
} from "../domain/view";
import type { ViewService } from "../help-desk-api";
import { assertValidViewConditions, viewPredicate, type ViewViewer } from "../rules/view-conditions";
import type { NewView, Storage, TicketScope, ViewAudience } from "../storage";
import { requireRole, ticketScope, type ActorContext } from "./actor-context";
import { toListResult, toWindow } from "./paging";
import { parseInput, parseQuery } from "./validation";

/** `count_many` counts at most this many views per call, as Zendesk does. */
export const MAX_VIEW_COUNTS = 20;

/** Whether `viewer` may use `view`: unrestricted, restricted to them, or to one of their groups. */
function openTo(view: View, viewer: ViewAudience): boolean {
  const r = view.restriction;
  if (r === null) return true;
  return r.type === "User" ? r.id === viewer.userId : viewer.groupIds.includes(r.id);
}

/** `slas_id` wins over `sla_id` when both are sent; undefined when neither is. */
function slaOf(input: { slas_id?: number | null | undefined; sla_id?: number | null | undefined }): number | null | undefined {
  return input.slas_id !== undefined ? input.slas_id : input.sla_id;
}

/**
 * Views: saved ticket lists whose conditions are the rule engine's, run as one
 * storage query. Agents read the views open to them (admins every view) and
 * their tickets within their own ticket restriction; admins write.
 */
export function createViewService(ctx: ActorContext): ViewService {
  const { tenantId, storage, actor } = ctx;
  let viewer: Promise<ViewAudience> | undefined;
  let scope: Promise<TicketScope> | undefined;

  /** The caller and their groups, read once per service (one request). */
  function audience(): Promise<ViewAudience> {
    return (viewer ??= storage.groups.listForUser(tenantId, actor.id).then((groups) => ({ userId: actor.id, groupIds: groups.map((g) => g.id) })));
  }

  /** The tickets the caller may see, read once per service. */
  function callerScope(): Promise<TicketScope> {
    return (scope ??= ticketScope(ctx));
  }

  /** Admins see every view; an agent sees the ones open to them, as if the others did not exist. */
  async function visibleView(id: number): Promise<View> {
    requireRole(ctx, "agent");
    const view = await storage.views.get(tenantId, id);
    if (!view || (actor.role !== "admin" && !openTo(view, await audience()))) throw new HelpdeskError("VIEW_NOT_FOUND");
    return view;
  }

  /** The count of a view's tickets the caller may see. */
  async function countOf(view: View): Promise<ViewCount> {
    const filter = { scope: await callerScope(), predicate: await predicateOf(view) };
    return { view_id: view.id, count: await storage.tickets.count(tenantId, filter) };
  }

  async function predicateOf(view: View) {
    const { userId, groupIds } = await audience();
    const who: ViewViewer = { id: userId, groupIds };
    return viewPredicate(assertValidViewConditions(view.conditions), who, ctx.clock());
  }

  async function list(activeOnly: boolean, query: unknown) {
    requireRole(ctx, "agent");
    const params = parseQuery(pageQuerySchema, query);
    const filter = actor.role === "admin" ? { activeOnly } : { activeOnly, audience: await audience() };
    return toListResult(await storage.views.list(tenantId, filter, toWindow(params)), params);
  }

  /** A restriction must name a group of the tenant or one of its agents. */
  async function checkRestriction(from: Storage, restriction: ViewRestriction | null): Promise<void> {
    if (restriction === null) return;
    if (restriction.type === "Group") {
      if (!(await from.groups.get(tenantId, restriction.id))) throw invalidField("restriction.id", `no group ${restriction.id} in this help desk`);
      return;
    }
    const user = await from.users.get(tenantId, restriction.id);
    if (!user || !roleAtLeast(user.role, "agent")) throw invalidField("restriction.id", `no agent ${restriction.id} in this help desk`);
  }

  return {
    list: (query) => list(false, query),
    active: (query) => list(true, query),
    get: visibleView,

    async tickets(id, query) {
      const view = await visibleView(id);
      const params = parseQuery(viewTicketsQuerySchema, query);
      const sort = { by: params.sort_by ?? view.output.sort_by, dir: params.sort_order ?? view.output.sort_order };
      const filter = { scope: await callerScope(), predicate: await predicateOf(view) };
      return toListResult(await storage.tickets.list(tenantId, filter, [sort], toWindow(params)), params);
    },

    async count(id) {
      return countOf(await visibleView(id));
    },

    async countMany(ids) {
      requireRole(ctx, "agent");
      if (ids.length > MAX_VIEW_COUNTS) throw new HelpdeskError("VIEW_IDS_TOO_MANY");
      const found = new Map((await storage.views.getMany(tenantId, ids)).map((view) => [view.id, view]));
      const who = await audience();
      const views = ids.flatMap((id) => {
        const view = found.get(id);
        return view && (actor.role === "admin" || openTo(view, who)) ? [view] : [];
      });
      return Promise.all(views.map(countOf));
    },

    async create(raw) {
      requireRole(ctx, "admin");
      const { slas_id, sla_id, ...input } = parseInput(viewCreateInputSchema, raw);
      assertValidViewConditions(input.conditions);
      return storage.transaction(async (tx) => {
        await checkRestriction(tx, input.restriction);
        const now = ctx.clock();
        return tx.views.create(tenantId, { ...input, sla_id: slaOf({ slas_id, sla_id }) ?? null, created_at: now, updated_at: now });
      });
    },

    async update(id, raw) {
      requireRole(ctx, "admin");
      const { slas_id, sla_id, ...input } = parseInput(viewUpdateInputSchema, raw);
      const patch: Partial<NewView> = definedFields(input);
      const sla = slaOf({ slas_id, sla_id });
      if (sla !== undefined) patch.sla_id = sla;
      if (patch.conditions !== undefined) assertValidViewConditions(patch.conditions);
      return storage.transaction(async (tx) => {
        if (!(await tx.views.get(tenantId, id))) throw new HelpdeskError("VIEW_NOT_FOUND");
        if (patch.restriction !== undefined) await checkRestriction(tx, patch.restriction);
        return (await tx.views.update(tenantId, id, { ...patch, updated_at: ctx.clock() }))!;
      });
    },

    async delete(id) {
      requireRole(ctx, "admin");
      if (!(await storage.views.delete(tenantId, id))) throw new HelpdeskError("VIEW_NOT_FOUND");
    },
  };
}
