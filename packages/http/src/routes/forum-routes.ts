import { itemSchemas, singleEnvelope } from "../json-schemas";
import { presentForum } from "../presenters";
import { pagedRoute } from "./paged-route";
import { EMPTY_OK, type RouteDefinition } from "./route";
import { unchecked } from "./route-helpers";

const forumBody = () => singleEnvelope("forum", itemSchemas.forum());

/** Knowledge-base forums (spec section 4, Knowledge base); forums the caller's role does not reach answer 404. */
export const forumRoutes: RouteDefinition[] = [
  pagedRoute("/apiv2/forums", "forums", itemSchemas.forum, (ctx) => ctx.desk.forums.list(ctx.query), presentForum),
  pagedRoute("/apiv2/categories/:id/forums", "forums", itemSchemas.forum, (ctx) => ctx.desk.forums.listByCategory(ctx.id, ctx.query), presentForum),
  {
    method: "GET",
    path: "/apiv2/forums/:id",
    responses: { 200: forumBody },
    async handle(ctx) {
      return { status: 200, body: { forum: presentForum(await ctx.desk.forums.get(ctx.id), ctx.urls) } };
    },
  },
  {
    // The spec answers this create with 200 and a Location.
    method: "POST",
    path: "/apiv2/forums",
    bodyKey: "forum",
    responses: { 200: forumBody },
    async handle(ctx) {
      const forum = presentForum(await ctx.desk.forums.create(unchecked(ctx.body)), ctx.urls);
      return { status: 200, body: { forum }, location: forum.url };
    },
  },
  {
    method: "PUT",
    path: "/apiv2/forums/:id",
    bodyKey: "forum",
    responses: { 200: forumBody },
    async handle(ctx) {
      return { status: 200, body: { forum: presentForum(await ctx.desk.forums.update(ctx.id, ctx.body), ctx.urls) } };
    },
  },
  {
    method: "DELETE",
    path: "/apiv2/forums/:id",
    responses: { 200: null },
    async handle(ctx) {
      await ctx.desk.forums.delete(ctx.id);
      return EMPTY_OK;
    },
  },
];
