import type { BotMatchQuery, BotQuestionGroupInput, BotQuestionInput } from "@helpdesk/core";
import { arrayEnvelope, itemSchemas, pagedEnvelope, singleEnvelope, type View } from "../json-schemas";
import { presentBotQuestion } from "../presenters";
import { EMPTY_OK, type RouteDefinition } from "./route";
import { pagedBody, unchecked } from "./route-helpers";

const questionSchema = (view: View) => itemSchemas.botQuestion(view);
const groupSchema = () => itemSchemas.botQuestionGroup();
const keep = <T>(item: T) => item;

/** `{match: {question, score} | null}`. */
const matchBody = (view: View) => ({
  type: "object",
  properties: {
    match: {
      type: ["object", "null"],
      properties: { question: questionSchema(view), score: { type: "number" } },
      required: ["question", "score"],
    },
  },
  required: ["match"],
});

/**
 * The chat-bot question bank (spec section 4, "Chat-bot question bank"):
 * bodies carry `data` (an array to create, an object to update) or `ids` (to
 * delete, in the body of the DELETE); lists answer `rows`. Beyond the spec,
 * GET /robot/match finds the question answering a visitor's words.
 */
export const botBankRoutes: RouteDefinition[] = [
  {
    method: "GET",
    path: "/apiv2/robot/questions",
    responses: { 200: (view) => pagedEnvelope("rows", questionSchema(view)) },
    async handle(ctx) {
      return { status: 200, body: pagedBody(ctx, "rows", await ctx.desk.botQuestions.list(ctx.query), presentBotQuestion) };
    },
  },
  {
    method: "POST",
    path: "/apiv2/robot/questions",
    bodyKey: "data",
    bodyType: "array",
    responses: { 201: (view) => arrayEnvelope("rows", questionSchema(view)) },
    async handle(ctx) {
      const created = await ctx.desk.botQuestions.create(unchecked<BotQuestionInput[]>(ctx.items));
      return { status: 201, body: { rows: created.map(presentBotQuestion) } };
    },
  },
  {
    method: "PUT",
    path: "/apiv2/robot/questions/:id",
    bodyKey: "data",
    responses: { 200: (view) => singleEnvelope("question", questionSchema(view)) },
    async handle(ctx) {
      const question = await ctx.desk.botQuestions.update(ctx.id, unchecked<BotQuestionInput>(ctx.body));
      return { status: 200, body: { question: presentBotQuestion(question) } };
    },
  },
  {
    method: "DELETE",
    path: "/apiv2/robot/questions",
    bodyKey: "ids",
    bodyType: "array",
    responses: { 200: null },
    async handle(ctx) {
      await ctx.desk.botQuestions.delete(unchecked<number[]>(ctx.items));
      return EMPTY_OK;
    },
  },
  {
    method: "GET",
    path: "/apiv2/robot/question_categories",
    responses: { 200: () => pagedEnvelope("rows", groupSchema()) },
    async handle(ctx) {
      return { status: 200, body: pagedBody(ctx, "rows", await ctx.desk.botQuestionGroups.list(ctx.query), keep) };
    },
  },
  {
    method: "POST",
    path: "/apiv2/robot/question_categories",
    bodyKey: "data",
    bodyType: "array",
    responses: { 201: () => arrayEnvelope("rows", groupSchema()) },
    async handle(ctx) {
      return { status: 201, body: { rows: await ctx.desk.botQuestionGroups.create(unchecked<string[]>(ctx.items)) } };
    },
  },
  {
    method: "PUT",
    path: "/apiv2/robot/question_categories/:id",
    bodyKey: "data",
    responses: { 200: () => singleEnvelope("question_category", groupSchema()) },
    async handle(ctx) {
      return { status: 200, body: { question_category: await ctx.desk.botQuestionGroups.update(ctx.id, unchecked<BotQuestionGroupInput>(ctx.body)) } };
    },
  },
  {
    method: "DELETE",
    path: "/apiv2/robot/question_categories",
    bodyKey: "ids",
    bodyType: "array",
    responses: { 200: null },
    async handle(ctx) {
      await ctx.desk.botQuestionGroups.delete(unchecked<number[]>(ctx.items));
      return EMPTY_OK;
    },
  },
  {
    method: "GET",
    path: "/apiv2/robot/match",
    responses: { 200: matchBody },
    async handle(ctx) {
      const match = await ctx.desk.botQuestions.match(unchecked<BotMatchQuery>(ctx.query));
      return { status: 200, body: { match: match === null ? null : { question: presentBotQuestion(match.question), score: match.score } } };
    },
  },
];
