import type { Topic } from "@helpdesk/core";
import { itemSchemas, pagedEnvelope, singleEnvelope } from "../json-schemas";
import { presentTopic } from "../presenters";
import { EMPTY_OK, type RouteContext, type RouteDefinition } from "./route";
import { pagedBody, unchecked } from "./route-helpers";

const topicBody = () => singleEnvelope("topic", itemSchemas.topic());
const present = (ctx: RouteContext) => (topic: Topic) => presentTopic(topic, ctx.urls);

/** Community topics (spec section 4, Community). */
export const topicRoutes: RouteDefinition[] = [
  {
    method: "GET",
    path: "/apiv2/topics",
    responses: { 200: () => pagedEnvelope("topics", itemSchemas.topic()) },
    async handle(ctx) {
      return { status: 200, body: pagedBody(ctx, "topics", await ctx.desk.topics.list(ctx.query), present(ctx)) };
    },
  },
  {
    method: "GET",
    path: "/apiv2/topics/:id",
    responses: { 200: topicBody },
    async handle(ctx) {
      return { status: 200, body: { topic: presentTopic(await ctx.desk.topics.get(ctx.id), ctx.urls) } };
    },
  },
  {
    // The spec answers a topic create with 200 (not 201) and a Location.
    method: "POST",
    path: "/apiv2/topics",
    bodyKey: "topic",
    responses: { 200: topicBody },
    async handle(ctx) {
      const topic = presentTopic(await ctx.desk.topics.create(unchecked(ctx.body)), ctx.urls);
      return { status: 200, body: { topic }, location: topic.url };
    },
  },
  {
    method: "PUT",
    path: "/apiv2/topics/:id",
    bodyKey: "topic",
    responses: { 200: topicBody },
    async handle(ctx) {
      return { status: 200, body: { topic: presentTopic(await ctx.desk.topics.update(ctx.id, ctx.body), ctx.urls) } };
    },
  },
  {
    method: "DELETE",
    path: "/apiv2/topics/:id",
    responses: { 200: null },
    async handle(ctx) {
      await ctx.desk.topics.delete(ctx.id);
      return EMPTY_OK;
    },
  },
];
