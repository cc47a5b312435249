import { arrayEnvelope, itemSchemas, singleEnvelope } from "../json-schemas";
import { presentOAuthClient } from "../presenters";
import type { OAuthClientCreateInput } from "@helpdesk/core";
import { EMPTY_OK, type RouteDefinition } from "./route";
import { unchecked } from "./route-helpers";

/**
 * OAuth clients of third-party sites ("Settings, OAuth clients" in the spec's
 * admin backend), admin only. The secret is in the create answer alone.
 */
export const oauthClientRoutes: RouteDefinition[] = [
  {
    method: "POST",
    path: "/apiv2/oauth/clients",
    bodyKey: "client",
    responses: { 201: () => singleEnvelope("client", itemSchemas.oauthClientCreated()) },
    async handle(ctx) {
      const client = await ctx.desk.oauthClients.create(unchecked<OAuthClientCreateInput>(ctx.body));
      const body = presentOAuthClient(client, ctx.urls);
      return { status: 201, body: { client: body }, location: body.url };
    },
  },
  {
    method: "GET",
    path: "/apiv2/oauth/clients",
    responses: { 200: () => arrayEnvelope("clients", itemSchemas.oauthClient()) },
    async handle(ctx) {
      const clients = await ctx.desk.oauthClients.list();
      return { status: 200, body: { clients: clients.map((client) => presentOAuthClient(client, ctx.urls)) } };
    },
  },
  {
    method: "GET",
    path: "/apiv2/oauth/clients/:id",
    responses: { 200: () => singleEnvelope("client", itemSchemas.oauthClient()) },
    async handle(ctx) {
      return { status: 200, body: { client: presentOAuthClient(await ctx.desk.oauthClients.get(ctx.id), ctx.urls) } };
    },
  },
  {
    method: "DELETE",
    path: "/apiv2/oauth/clients/:id",
    responses: { 200: null },
    async handle(ctx) {
      await ctx.desk.oauthClients.delete(ctx.id);
      return EMPTY_OK;
    },
  },
];
