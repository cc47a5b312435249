import type { ListResult, View } from "@helpdesk/core";
import { arrayEnvelope, itemSchemas, pagedEnvelope, singleEnvelope } from "../json-schemas";
import { presentView } from "../presenters";
import { EMPTY_OK, type RouteContext, type RouteDefinition } from "./route";
import { pagedBody, parseIds, unchecked } from "./route-helpers";
import { ticketsPageRoute } from "./ticket-routes";

const viewBody = () => singleEnvelope("view", itemSchemas.view());
const present = (ctx: RouteContext) => (view: View) => presentView(view, ctx.urls);

/** A GET answering one page of views. */
function viewsPageRoute(path: string, fetch: (ctx: RouteContext) => Promise<ListResult<View>>): RouteDefinition {
  return {
    method: "GET",
    path,
    responses: { 200: () => pagedEnvelope("views", itemSchemas.view()) },
    async handle(ctx) {
      return { status: 200, body: pagedBody(ctx, "views", await fetch(ctx), present(ctx)) };
    },
  };
}

/** Views (spec section 4, Views), plus admin create, update and delete beyond the spec with the same conventions. */
export const viewRoutes: RouteDefinition[] = [
  viewsPageRoute("/apiv2/views", (ctx) => ctx.desk.views.list(ctx.query)),
  viewsPageRoute("/apiv2/views/active", (ctx) => ctx.desk.views.active(ctx.query)),
  {
    method: "GET",
    path: "/apiv2/views/count_many",
    responses: { 200: () => arrayEnvelope("view_counts", itemSchemas.viewCount()) },
    async handle(ctx) {
      return { status: 200, body: { view_counts: await ctx.desk.views.countMany(parseIds(ctx.query)) } };
    },
  },
  {
    method: "GET",
    path: "/apiv2/views/:id",
    responses: { 200: viewBody },
    async handle(ctx) {
      return { status: 200, body: { view: presentView(await ctx.desk.views.get(ctx.id), ctx.urls) } };
    },
  },
  ticketsPageRoute("/apiv2/views/:id/tickets", (ctx) => ctx.desk.views.tickets(ctx.id, ctx.query)),
  {
    method: "GET",
    path: "/apiv2/views/:id/count",
    responses: { 200: () => singleEnvelope("view_count", itemSchemas.viewCount()) },
    async handle(ctx) {
      return { status: 200, body: { view_count: await ctx.desk.views.count(ctx.id) } };
    },
  },
  {
    method: "POST",
    path: "/apiv2/views",
    bodyKey: "view",
    responses: { 201: viewBody },
    async handle(ctx) {
      const view = presentView(await ctx.desk.views.create(unchecked(ctx.body)), ctx.urls);
      return { status: 201, body: { view }, location: view.url };
    },
  },
  {
    method: "PUT",
    path: "/apiv2/views/:id",
    bodyKey: "view",
    responses: { 200: viewBody },
    async handle(ctx) {
      return { status: 200, body: { view: presentView(await ctx.desk.views.update(ctx.id, ctx.body), ctx.urls) } };
    },
  },
  {
    method: "DELETE",
    path: "/apiv2/views/:id",
    responses: { 200: null },
    async handle(ctx) {
      await ctx.desk.views.delete(ctx.id);
      return EMPTY_OK;
    },
  },
];
