import { itemSchemas, singleEnvelope } from "../json-schemas";
import { presentPostComment } from "../presenters";
import { pagedRoute } from "./paged-route";
import { EMPTY_OK, type RouteDefinition } from "./route";
import { unchecked } from "./route-helpers";

/** Comments of knowledge-base posts (spec section 4, Knowledge base), plus an admin delete beyond the spec. */
export const postCommentRoutes: RouteDefinition[] = [
  pagedRoute(
    "/apiv2/posts/:id/comments",
    "comments",
    itemSchemas.postComment,
    (ctx) => ctx.desk.postComments.list(ctx.id, ctx.query),
    presentPostComment,
  ),
  {
    method: "GET",
    path: "/apiv2/posts/:parent_id/comments/:id",
    responses: { 200: () => singleEnvelope("comment", itemSchemas.postComment()) },
    async handle(ctx) {
      return { status: 200, body: { comment: presentPostComment(await ctx.desk.postComments.get(ctx.parentId, ctx.id), ctx.urls) } };
    },
  },
  {
    method: "POST",
    path: "/apiv2/posts/:id/comments",
    bodyKey: "post_comment",
    responses: { 201: () => singleEnvelope("post_comment", itemSchemas.postComment()) },
    async handle(ctx) {
      const comment = presentPostComment(await ctx.desk.postComments.create(ctx.id, unchecked(ctx.body)), ctx.urls);
      return { status: 201, body: { post_comment: comment }, location: comment.url };
    },
  },
  {
    method: "DELETE",
    path: "/apiv2/posts/:parent_id/comments/:id",
    responses: { 200: null },
    async handle(ctx) {
      await ctx.desk.postComments.delete(ctx.parentId, ctx.id);
      return EMPTY_OK;
    },
  },
];
