import { itemSchemas, singleEnvelope } from "../json-schemas";
import { presentCategory } from "../presenters";
import { pagedRoute } from "./paged-route";
import { EMPTY_OK, type RouteDefinition } from "./route";
import { unchecked } from "./route-helpers";

const categoryBody = () => singleEnvelope("category", itemSchemas.category());

/** Knowledge-base categories (spec section 4, Knowledge base). */
export const categoryRoutes: RouteDefinition[] = [
  pagedRoute("/apiv2/categories", "categories", itemSchemas.category, (ctx) => ctx.desk.categories.list(ctx.query), presentCategory),
  {
    method: "GET",
    path: "/apiv2/categories/:id",
    responses: { 200: categoryBody },
    async handle(ctx) {
      return { status: 200, body: { category: presentCategory(await ctx.desk.categories.get(ctx.id), ctx.urls) } };
    },
  },
  {
    // The spec answers this create with 200 and a Location.
    method: "POST",
    path: "/apiv2/categories",
    bodyKey: "category",
    responses: { 200: categoryBody },
    async handle(ctx) {
      const category = presentCategory(await ctx.desk.categories.create(unchecked(ctx.body)), ctx.urls);
      return { status: 200, body: { category }, location: category.url };
    },
  },
  {
    method: "PUT",
    path: "/apiv2/categories/:id",
    bodyKey: "category",
    responses: { 200: categoryBody },
    async handle(ctx) {
      return { status: 200, body: { category: presentCategory(await ctx.desk.categories.update(ctx.id, ctx.body), ctx.urls) } };
    },
  },
  {
    method: "DELETE",
    path: "/apiv2/categories/:id",
    responses: { 200: null },
    async handle(ctx) {
      await ctx.desk.categories.delete(ctx.id);
      return EMPTY_OK;
    },
  },
];
