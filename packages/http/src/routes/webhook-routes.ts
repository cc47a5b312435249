import type { Webhook } from "@helpdesk/core";
import { arrayEnvelope, itemSchemas, pagedEnvelope, singleEnvelope } from "../json-schemas";
import { presentOutboxMessage, presentWebhook } from "../presenters";
import { EMPTY_OK, type RouteContext, type RouteDefinition } from "./route";
import { pagedBody, unchecked } from "./route-helpers";

const webhookBody = () => singleEnvelope("webhook", itemSchemas.webhook());
const present = (ctx: RouteContext) => (webhook: Webhook) => presentWebhook(webhook, ctx.urls);

/** Webhooks for `target` actions and the outbox of outgoing messages: admin resources beyond the spec. */
export const webhookRoutes: RouteDefinition[] = [
  {
    method: "GET",
    path: "/apiv2/webhooks",
    responses: { 200: () => arrayEnvelope("webhooks", itemSchemas.webhook()) },
    async handle(ctx) {
      return { status: 200, body: { webhooks: (await ctx.desk.webhooks.list()).map(present(ctx)) } };
    },
  },
  {
    method: "GET",
    path: "/apiv2/webhooks/:id",
    responses: { 200: webhookBody },
    async handle(ctx) {
      return { status: 200, body: { webhook: present(ctx)(await ctx.desk.webhooks.get(ctx.id)) } };
    },
  },
  {
    method: "POST",
    path: "/apiv2/webhooks",
    bodyKey: "webhook",
    responses: { 201: webhookBody },
    async handle(ctx) {
      const webhook = present(ctx)(await ctx.desk.webhooks.create(unchecked(ctx.body)));
      return { status: 201, body: { webhook }, location: webhook.url };
    },
  },
  {
    method: "PUT",
    path: "/apiv2/webhooks/:id",
    bodyKey: "webhook",
    responses: { 200: webhookBody },
    async handle(ctx) {
      return { status: 200, body: { webhook: present(ctx)(await ctx.desk.webhooks.update(ctx.id, ctx.body)) } };
    },
  },
  {
    method: "DELETE",
    path: "/apiv2/webhooks/:id",
    responses: { 200: null },
    async handle(ctx) {
      await ctx.desk.webhooks.delete(ctx.id);
      return EMPTY_OK;
    },
  },
  {
    method: "GET",
    path: "/apiv2/outbox",
    responses: { 200: () => pagedEnvelope("outbox", itemSchemas.outboxMessage()) },
    async handle(ctx) {
      return { status: 200, body: pagedBody(ctx, "outbox", await ctx.desk.outbox.list(ctx.query), presentOutboxMessage) };
    },
  },
];
