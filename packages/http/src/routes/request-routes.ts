import type { ListResult, Request } from "@helpdesk/core";
import { arrayEnvelope, itemSchemas, pagedEnvelope, singleEnvelope } from "../json-schemas";
import { presentComment, presentRequest } from "../presenters";
import type { RouteContext, RouteDefinition } from "./route";
import { pagedBody, unchecked } from "./route-helpers";

const requestBody = () => singleEnvelope("request", itemSchemas.request());
const present = (ctx: RouteContext) => (request: Request) => presentRequest(request, ctx.urls);

/** A GET answering one page of requests. */
function requestsPageRoute(path: string, fetch: (ctx: RouteContext) => Promise<ListResult<Request>>): RouteDefinition {
  return {
    method: "GET",
    path,
    responses: { 200: () => pagedEnvelope("requests", itemSchemas.request()) },
    async handle(ctx) {
      return { status: 200, body: pagedBody(ctx, "requests", await fetch(ctx), present(ctx)) };
    },
  };
}

/** The end-user request API (spec section 4, Requests), with the agents' lists of a user's or an organization's requests. */
export const requestRoutes: RouteDefinition[] = [
  requestsPageRoute("/apiv2/requests", (ctx) => ctx.desk.requests.list(ctx.query)),
  requestsPageRoute("/apiv2/requests/open", (ctx) => ctx.desk.requests.listOpen(ctx.query)),
  requestsPageRoute("/apiv2/requests/solved", (ctx) => ctx.desk.requests.listSolved(ctx.query)),
  requestsPageRoute("/apiv2/requests/organization", (ctx) => ctx.desk.requests.listOrganization(unchecked(ctx.query))),
  requestsPageRoute("/apiv2/requests/search", (ctx) => ctx.desk.requests.search(unchecked(ctx.query))),
  requestsPageRoute("/apiv2/users/:id/requests", (ctx) => ctx.desk.requests.listForUser(ctx.id, ctx.query)),
  requestsPageRoute("/apiv2/organizations/:id/requests", (ctx) => ctx.desk.requests.listForOrganization(ctx.id, ctx.query)),
  {
    method: "GET",
    path: "/apiv2/requests/:id",
    responses: { 200: requestBody },
    async handle(ctx) {
      return { status: 200, body: { request: presentRequest(await ctx.desk.requests.get(ctx.id), ctx.urls) } };
    },
  },
  {
    method: "POST",
    path: "/apiv2/requests",
    bodyKey: "request",
    responses: { 201: requestBody },
    async handle(ctx) {
      const request = presentRequest(await ctx.desk.requests.create(unchecked(ctx.body)), ctx.urls);
      return { status: 201, body: { request }, location: request.url };
    },
  },
  {
    method: "PUT",
    path: "/apiv2/requests/:id",
    bodyKey: "request",
    responses: { 200: requestBody },
    async handle(ctx) {
      return { status: 200, body: { request: presentRequest(await ctx.desk.requests.reply(ctx.id, unchecked(ctx.body)), ctx.urls) } };
    },
  },
  {
    method: "GET",
    path: "/apiv2/requests/:id/comments",
    responses: { 200: () => arrayEnvelope("comments", itemSchemas.requestComment()) },
    async handle(ctx) {
      const comments = await ctx.desk.requests.comments(ctx.id, unchecked(ctx.query));
      return { status: 200, body: { comments: comments.map((comment) => presentComment(comment, ctx.urls)) } };
    },
  },
  {
    method: "GET",
    path: "/apiv2/requests/:request_id/comments/:id",
    responses: { 200: () => singleEnvelope("comment", itemSchemas.requestComment()) },
    async handle(ctx) {
      return { status: 200, body: { comment: presentComment(await ctx.desk.requests.comment(ctx.parentId, ctx.id), ctx.urls) } };
    },
  },
];
