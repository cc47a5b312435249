import type { ListResult, Ticket } from "@helpdesk/core";
import { arrayEnvelope, itemSchemas, pagedEnvelope, singleEnvelope } from "../json-schemas";
import { presentComment, presentTicket, presentUser } from "../presenters";
import { EMPTY_OK, type RouteContext, type RouteDefinition } from "./route";
import { pagedBody, parseIds, unchecked } from "./route-helpers";

const ticketBody = () => singleEnvelope("ticket", itemSchemas.ticket());
const ticketsPage = () => pagedEnvelope("tickets", itemSchemas.ticket());
const present = (ctx: RouteContext) => (ticket: Ticket) => presentTicket(ticket, ctx.urls);

/** A GET answering one page of tickets. */
function ticketsPageRoute(path: string, fetch: (ctx: RouteContext) => Promise<ListResult<Ticket>>): RouteDefinition {
  return {
    method: "GET",
    path,
    responses: { 200: ticketsPage },
    async handle(ctx) {
      return { status: 200, body: pagedBody(ctx, "tickets", await fetch(ctx), present(ctx)) };
    },
  };
}

/** The agent ticket API (spec section 4, Tickets), plus the comments of a ticket. */
export const ticketRoutes: RouteDefinition[] = [
  ticketsPageRoute("/apiv2/tickets", (ctx) => ctx.desk.tickets.list(ctx.query)),
  ticketsPageRoute("/apiv2/users/:id/tickets", (ctx) => ctx.desk.tickets.listAssignedTo(ctx.id, ctx.query)),
  {
    method: "GET",
    path: "/apiv2/tickets/show_many",
    responses: { 200: () => arrayEnvelope("tickets", itemSchemas.ticket()) },
    async handle(ctx) {
      const tickets = await ctx.desk.tickets.showMany(parseIds(ctx.query));
      return { status: 200, body: { tickets: tickets.map(present(ctx)) } };
    },
  },
  ticketsPageRoute("/apiv2/tickets/search", (ctx) => ctx.desk.tickets.search(ctx.query)),
  ticketsPageRoute("/apiv2/tickets/problems", (ctx) => ctx.desk.tickets.problems(ctx.query)),
  {
    method: "GET",
    path: "/apiv2/tickets/:id",
    responses: { 200: ticketBody },
    async handle(ctx) {
      return { status: 200, body: { ticket: presentTicket(await ctx.desk.tickets.get(ctx.id), ctx.urls) } };
    },
  },
  {
    method: "GET",
    path: "/apiv2/tickets/:id/collaborators",
    responses: { 200: (view) => arrayEnvelope("users", itemSchemas.user(view)) },
    async handle(ctx) {
      const users = await ctx.desk.tickets.collaborators(ctx.id);
      return { status: 200, body: { users: users.map((user) => presentUser(user, ctx.urls)) } };
    },
  },
  ticketsPageRoute("/apiv2/tickets/:id/incidents", (ctx) => ctx.desk.tickets.incidents(ctx.id, ctx.query)),
  {
    method: "GET",
    path: "/apiv2/tickets/:id/comments",
    responses: { 200: () => arrayEnvelope("comments", itemSchemas.comment()) },
    async handle(ctx) {
      const comments = await ctx.desk.tickets.comments(ctx.id);
      return { status: 200, body: { comments: comments.map((comment) => presentComment(comment, ctx.urls)) } };
    },
  },
  {
    method: "POST",
    path: "/apiv2/tickets",
    bodyKey: "ticket",
    responses: { 201: ticketBody },
    async handle(ctx) {
      const ticket = presentTicket(await ctx.desk.tickets.create(unchecked(ctx.body)), ctx.urls);
      return { status: 201, body: { ticket }, location: ticket.url };
    },
  },
  {
    method: "PUT",
    path: "/apiv2/tickets/update_many",
    bodyKey: "ticket",
    responses: { 200: () => arrayEnvelope("results", itemSchemas.bulkResult()) },
    async handle(ctx) {
      const ids = parseIds(ctx.query);
      return { status: 200, body: { results: await ctx.desk.tickets.updateMany(ids, ctx.body) } };
    },
  },
  {
    method: "PUT",
    path: "/apiv2/tickets/:id",
    bodyKey: "ticket",
    responses: { 200: ticketBody },
    async handle(ctx) {
      return { status: 200, body: { ticket: presentTicket(await ctx.desk.tickets.update(ctx.id, ctx.body), ctx.urls) } };
    },
  },
  ...["delete_many", "destroy_many"].map(
    (name): RouteDefinition => ({
      method: "DELETE",
      path: `/apiv2/tickets/${name}`,
      responses: { 200: null },
      async handle(ctx) {
        await ctx.desk.tickets.deleteMany(parseIds(ctx.query));
        return EMPTY_OK;
      },
    }),
  ),
  {
    method: "DELETE",
    path: "/apiv2/tickets/:id",
    responses: { 200: null },
    async handle(ctx) {
      await ctx.desk.tickets.delete(ctx.id);
      return EMPTY_OK;
    },
  },
];
