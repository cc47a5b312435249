import { itemSchemas, pagedEnvelope, singleEnvelope } from "../json-schemas";
import { presentChat } from "../presenters";
import type { RouteDefinition } from "./route";
import { pagedBody, unchecked } from "./route-helpers";

const chatBody = () => singleEnvelope("chat", itemSchemas.chat());

/** Chat history (spec section 4, Chat history) and its import, which the spec leaves open. */
export const chatRoutes: RouteDefinition[] = [
  {
    method: "GET",
    path: "/apiv2/chats",
    responses: { 200: () => pagedEnvelope("chats", itemSchemas.chat()) },
    async handle(ctx) {
      return { status: 200, body: pagedBody(ctx, "chats", await ctx.desk.chats.list(ctx.query), presentChat) };
    },
  },
  {
    method: "GET",
    path: "/apiv2/chats/:id",
    responses: { 200: chatBody },
    async handle(ctx) {
      return { status: 200, body: { chat: presentChat(await ctx.desk.chats.get(ctx.id)) } };
    },
  },
  {
    method: "POST",
    path: "/apiv2/imports/chats",
    bodyKey: "chat",
    responses: { 201: chatBody },
    async handle(ctx) {
      const chat = await ctx.desk.chats.import(unchecked(ctx.body));
      return { status: 201, body: { chat: presentChat(chat) }, location: ctx.urls.of("chats", chat.id) };
    },
  },
];
