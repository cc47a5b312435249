import { keysEnvelope } from "./definition-routes";
import { arrayEnvelope, itemSchemas, singleEnvelope, type JsonSchema } from "../json-schemas";
import { presentPost } from "../presenters";
import { pagedRoute } from "./paged-route";
import { EMPTY_OK, type RouteDefinition } from "./route";
import { parseIds, unchecked } from "./route-helpers";

const postBody = () => singleEnvelope("post", itemSchemas.post());

/** `{post, posts}`: the spec's table answers one post under `post`, its sample under `posts`. */
const bothKeys = (): JsonSchema => keysEnvelope(["post", "posts"], itemSchemas.post());

/** Knowledge-base posts (spec section 4, Knowledge base); hidden posts answer 404 as if they did not exist. */
export const postRoutes: RouteDefinition[] = [
  pagedRoute("/apiv2/posts", "posts", itemSchemas.post, (ctx) => ctx.desk.posts.list(ctx.query), presentPost),
  pagedRoute("/apiv2/posts/draft", "posts", itemSchemas.post, (ctx) => ctx.desk.posts.drafts(ctx.query), presentPost),
  pagedRoute("/apiv2/posts/search", "posts", itemSchemas.post, (ctx) => ctx.desk.posts.search(unchecked(ctx.query)), presentPost),
  pagedRoute("/apiv2/forums/:id/posts", "posts", itemSchemas.post, (ctx) => ctx.desk.posts.listByForum(ctx.id, ctx.query), presentPost),
  pagedRoute("/apiv2/users/:id/posts", "posts", itemSchemas.post, (ctx) => ctx.desk.posts.listByAuthor(ctx.id, ctx.query), presentPost),
  {
    method: "GET",
    path: "/apiv2/posts/show_many",
    responses: { 200: () => arrayEnvelope("posts", itemSchemas.post()) },
    async handle(ctx) {
      const posts = await ctx.desk.posts.showMany(parseIds(ctx.query));
      return { status: 200, body: { posts: posts.map((post) => presentPost(post, ctx.urls)) } };
    },
  },
  {
    method: "GET",
    path: "/apiv2/posts/:id",
    responses: { 200: bothKeys },
    async handle(ctx) {
      const post = presentPost(await ctx.desk.posts.view(ctx.id), ctx.urls);
      return { status: 200, body: { post, posts: post } };
    },
  },
  {
    // The spec answers this create with 200 and a Location.
    method: "POST",
    path: "/apiv2/posts",
    bodyKey: "post",
    responses: { 200: postBody },
    async handle(ctx) {
      const post = presentPost(await ctx.desk.posts.create(unchecked(ctx.body)), ctx.urls);
      return { status: 200, body: { post }, location: post.url };
    },
  },
  {
    method: "PUT",
    path: "/apiv2/posts/:id",
    bodyKey: "post",
    responses: { 200: postBody },
    async handle(ctx) {
      return { status: 200, body: { post: presentPost(await ctx.desk.posts.update(ctx.id, ctx.body), ctx.urls) } };
    },
  },
  {
    method: "DELETE",
    path: "/apiv2/posts/:id",
    responses: { 200: null },
    async handle(ctx) {
      await ctx.desk.posts.delete(ctx.id);
      return EMPTY_OK;
    },
  },
];
