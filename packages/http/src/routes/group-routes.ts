import type { GroupView } from "@helpdesk/core";
import { arrayEnvelope, itemSchemas, pagedEnvelope, singleEnvelope } from "../json-schemas";
import { presentGroup } from "../presenters";
import { EMPTY_OK, type RouteContext, type RouteDefinition } from "./route";
import { pagedBody, unchecked } from "./route-helpers";

const groupBody = () => singleEnvelope("group", itemSchemas.group());
const present = (ctx: RouteContext) => (group: GroupView) => presentGroup(group, ctx.urls);

/** The group API (spec section 4, Groups). */
export const groupRoutes: RouteDefinition[] = [
  {
    method: "GET",
    path: "/apiv2/groups",
    responses: { 200: () => pagedEnvelope("groups", itemSchemas.group()) },
    async handle(ctx) {
      return { status: 200, body: pagedBody(ctx, "groups", await ctx.desk.groups.list(ctx.query), present(ctx)) };
    },
  },
  {
    method: "GET",
    path: "/apiv2/users/:id/groups",
    responses: { 200: () => arrayEnvelope("groups", itemSchemas.group()) },
    async handle(ctx) {
      const groups = await ctx.desk.groups.listForUser(ctx.id);
      return { status: 200, body: { groups: groups.map(present(ctx)) } };
    },
  },
  {
    method: "GET",
    path: "/apiv2/groups/:id",
    responses: { 200: groupBody },
    async handle(ctx) {
      return { status: 200, body: { group: presentGroup(await ctx.desk.groups.get(ctx.id), ctx.urls) } };
    },
  },
  {
    method: "POST",
    path: "/apiv2/groups",
    bodyKey: "group",
    responses: { 201: groupBody },
    async handle(ctx) {
      const group = presentGroup(await ctx.desk.groups.create(unchecked(ctx.body)), ctx.urls);
      return { status: 201, body: { group }, location: group.url };
    },
  },
  {
    method: "PUT",
    path: "/apiv2/groups/:id",
    bodyKey: "group",
    responses: { 200: groupBody },
    async handle(ctx) {
      return { status: 200, body: { group: presentGroup(await ctx.desk.groups.update(ctx.id, ctx.body), ctx.urls) } };
    },
  },
  {
    method: "DELETE",
    path: "/apiv2/groups/:id",
    responses: { 200: null },
    async handle(ctx) {
      await ctx.desk.groups.delete(ctx.id);
      return EMPTY_OK;
    },
  },
];
