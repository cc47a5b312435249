import type { User } from "@helpdesk/core";
import { arrayEnvelope, itemSchemas, pagedEnvelope, singleEnvelope, type View } from "../json-schemas";
import { presentUser } from "../presenters";
import { EMPTY_OK, type RouteContext, type RouteDefinition } from "./route";
import { pagedBody, parseIds, unchecked } from "./route-helpers";

const userBody = (view: View) => singleEnvelope("user", itemSchemas.user(view));
const usersPage = (view: View) => pagedEnvelope("users", itemSchemas.user(view));
const present = (ctx: RouteContext) => (user: User) => presentUser(user, ctx.urls);

/** The user API (spec section 4, Users). */
export const userRoutes: RouteDefinition[] = [
  {
    method: "GET",
    path: "/apiv2/users",
    responses: { 200: usersPage },
    async handle(ctx) {
      return { status: 200, body: pagedBody(ctx, "users", await ctx.desk.users.list(ctx.query), present(ctx)) };
    },
  },
  {
    method: "GET",
    path: "/apiv2/organizations/:id/users",
    responses: { 200: usersPage },
    async handle(ctx) {
      const result = await ctx.desk.users.listByOrganization(ctx.id, ctx.query);
      return { status: 200, body: pagedBody(ctx, "users", result, present(ctx)) };
    },
  },
  {
    method: "GET",
    path: "/apiv2/users/me",
    responses: { 200: userBody },
    async handle(ctx) {
      return { status: 200, body: { user: presentUser(await ctx.desk.users.me(), ctx.urls) } };
    },
  },
  {
    method: "GET",
    path: "/apiv2/users/show_many",
    responses: { 200: (view) => arrayEnvelope("users", itemSchemas.user(view)) },
    async handle(ctx) {
      const users = await ctx.desk.users.showMany(parseIds(ctx.query));
      return { status: 200, body: { users: users.map(present(ctx)) } };
    },
  },
  {
    method: "GET",
    path: "/apiv2/users/search",
    responses: { 200: usersPage },
    async handle(ctx) {
      return { status: 200, body: pagedBody(ctx, "users", await ctx.desk.users.search(unchecked(ctx.query)), present(ctx)) };
    },
  },
  {
    method: "GET",
    path: "/apiv2/users/:id",
    responses: { 200: userBody },
    async handle(ctx) {
      return { status: 200, body: { user: presentUser(await ctx.desk.users.get(ctx.id), ctx.urls) } };
    },
  },
  {
    method: "POST",
    path: "/apiv2/users",
    bodyKey: "user",
    responses: { 201: userBody },
    async handle(ctx) {
      const user = presentUser(await ctx.desk.users.create(unchecked(ctx.body)), ctx.urls);
      return { status: 201, body: { user }, location: user.url };
    },
  },
  {
    method: "PUT",
    path: "/apiv2/users/:id/merge",
    bodyKey: "user",
    responses: { 200: userBody },
    async handle(ctx) {
      const target = presentUser(await ctx.desk.users.merge(ctx.id, unchecked(ctx.body)), ctx.urls);
      return { status: 200, body: { user: target }, location: target.url };
    },
  },
  {
    method: "PUT",
    path: "/apiv2/users/:id",
    bodyKey: "user",
    responses: { 200: userBody },
    async handle(ctx) {
      return { status: 200, body: { user: presentUser(await ctx.desk.users.update(ctx.id, ctx.body), ctx.urls) } };
    },
  },
  {
    method: "DELETE",
    path: "/apiv2/users/:id",
    responses: { 200: null },
    async handle(ctx) {
      await ctx.desk.users.delete(ctx.id);
      return EMPTY_OK;
    },
  },
];
