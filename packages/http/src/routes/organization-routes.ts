import type { Organization } from "@helpdesk/core";
import { itemSchemas, pagedEnvelope, singleEnvelope } from "../json-schemas";
import { presentOrganization } from "../presenters";
import { EMPTY_OK, type RouteContext, type RouteDefinition } from "./route";
import { pagedBody, unchecked } from "./route-helpers";

const organizationBody = () => singleEnvelope("organization", itemSchemas.organization());
const present = (ctx: RouteContext) => (organization: Organization) => presentOrganization(organization, ctx.urls);

/** The organization API (spec section 4, Organizations). */
export const organizationRoutes: RouteDefinition[] = [
  {
    method: "GET",
    path: "/apiv2/organizations",
    responses: { 200: () => pagedEnvelope("organizations", itemSchemas.organization()) },
    async handle(ctx) {
      const result = await ctx.desk.organizations.list(ctx.query);
      return { status: 200, body: pagedBody(ctx, "organizations", result, present(ctx)) };
    },
  },
  {
    method: "GET",
    path: "/apiv2/organizations/:id",
    responses: { 200: organizationBody },
    async handle(ctx) {
      return { status: 200, body: { organization: presentOrganization(await ctx.desk.organizations.get(ctx.id), ctx.urls) } };
    },
  },
  {
    // The spec answers an organization create with 200 and no Location, unlike the other creates.
    method: "POST",
    path: "/apiv2/organizations",
    bodyKey: "organization",
    responses: { 200: organizationBody },
    async handle(ctx) {
      return { status: 200, body: { organization: presentOrganization(await ctx.desk.organizations.create(unchecked(ctx.body)), ctx.urls) } };
    },
  },
  {
    method: "PUT",
    path: "/apiv2/organizations/:id",
    bodyKey: "organization",
    responses: { 200: organizationBody },
    async handle(ctx) {
      const organization = await ctx.desk.organizations.update(ctx.id, ctx.body);
      return { status: 200, body: { organization: presentOrganization(organization, ctx.urls) } };
    },
  },
  {
    method: "DELETE",
    path: "/apiv2/organizations/:id",
    responses: { 200: null },
    async handle(ctx) {
      await ctx.desk.organizations.delete(ctx.id);
      return EMPTY_OK;
    },
  },
];
