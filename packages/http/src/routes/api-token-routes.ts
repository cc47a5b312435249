import { arrayEnvelope, itemSchemas, singleEnvelope } from "../json-schemas";
import { presentApiToken } from "../presenters";
import { EMPTY_OK, type RouteDefinition } from "./route";

/**
 * API tokens for the `email/token:TOKEN` form of Basic auth. The spec does not
 * say how tokens are issued; these admin routes are our answer.
 */
export const apiTokenRoutes: RouteDefinition[] = [
  {
    method: "POST",
    path: "/apiv2/api_tokens",
    responses: { 201: () => singleEnvelope("api_token", itemSchemas.apiTokenCreated()) },
    async handle(ctx) {
      const token = await ctx.desk.apiTokens.create();
      return { status: 201, body: { api_token: presentApiToken(token) }, location: ctx.urls.of("api_tokens", token.id) };
    },
  },
  {
    method: "GET",
    path: "/apiv2/api_tokens",
    responses: { 200: () => arrayEnvelope("api_tokens", itemSchemas.apiToken()) },
    async handle(ctx) {
      const tokens = await ctx.desk.apiTokens.list();
      return { status: 200, body: { api_tokens: tokens.map(presentApiToken) } };
    },
  },
  {
    method: "DELETE",
    path: "/apiv2/api_tokens/:id",
    responses: { 200: null },
    async handle(ctx) {
      await ctx.desk.apiTokens.delete(ctx.id);
      return EMPTY_OK;
    },
  },
];
