import type { ListResult, Question } from "@helpdesk/core";
import { itemSchemas, pagedEnvelope, singleEnvelope } from "../json-schemas";
import { presentQuestion, presentQuestionComment } from "../presenters";
import { EMPTY_OK, type Method, type RouteContext, type RouteDefinition } from "./route";
import { pagedBody, unchecked } from "./route-helpers";

const questionBody = () => singleEnvelope("question", itemSchemas.question());
const questionsBody = () => pagedEnvelope("questions", itemSchemas.question());
const commentBody = () => singleEnvelope("question_comment", itemSchemas.questionComment());

const questionsReply = (ctx: RouteContext, result: ListResult<Question>) => ({
  status: 200,
  body: pagedBody(ctx, "questions", result, (question: Question) => presentQuestion(question, ctx.urls)),
});

/**
 * Adding a comment: the spec's PUT with its `{"request": {"comment": {…}}}`
 * body, and the same under `question_comment` or by POST, as the post comment route takes it.
 */
const addCommentRoute = (method: Method): RouteDefinition => ({
  method,
  path: "/apiv2/questions/:id/comments",
  bodyKey: ["question_comment", "request.comment"],
  responses: { 201: commentBody },
  async handle(ctx) {
    const comment = presentQuestionComment(await ctx.desk.questions.addComment(ctx.id, unchecked(ctx.body)), ctx.urls);
    return { status: 201, body: { question_comment: comment }, location: comment.url };
  },
});

/** Community questions and their comments (spec section 4, Community). */
export const questionRoutes: RouteDefinition[] = [
  {
    method: "GET",
    path: "/apiv2/questions",
    responses: { 200: questionsBody },
    async handle(ctx) {
      return questionsReply(ctx, await ctx.desk.questions.list(ctx.query));
    },
  },
  {
    method: "GET",
    path: "/apiv2/topics/:id/questions",
    responses: { 200: questionsBody },
    async handle(ctx) {
      return questionsReply(ctx, await ctx.desk.questions.listForTopic(ctx.id, ctx.query));
    },
  },
  {
    method: "GET",
    path: "/apiv2/users/:id/questions",
    responses: { 200: questionsBody },
    async handle(ctx) {
      return questionsReply(ctx, await ctx.desk.questions.listForUser(ctx.id, ctx.query));
    },
  },
  {
    method: "GET",
    path: "/apiv2/questions/:id",
    responses: { 200: questionBody },
    async handle(ctx) {
      return { status: 200, body: { question: presentQuestion(await ctx.desk.questions.get(ctx.id), ctx.urls) } };
    },
  },
  {
    // The spec answers a question create with 200 (not 201) and a Location.
    method: "POST",
    path: "/apiv2/questions",
    bodyKey: "question",
    responses: { 200: questionBody },
    async handle(ctx) {
      const question = presentQuestion(await ctx.desk.questions.create(unchecked(ctx.body)), ctx.urls);
      return { status: 200, body: { question }, location: question.url };
    },
  },
  {
    method: "PUT",
    path: "/apiv2/questions/:id",
    bodyKey: "question",
    responses: { 200: questionBody },
    async handle(ctx) {
      return { status: 200, body: { question: presentQuestion(await ctx.desk.questions.update(ctx.id, ctx.body), ctx.urls) } };
    },
  },
  {
    method: "DELETE",
    path: "/apiv2/questions/:id",
    responses: { 200: null },
    async handle(ctx) {
      await ctx.desk.questions.delete(ctx.id);
      return EMPTY_OK;
    },
  },
  {
    method: "GET",
    path: "/apiv2/questions/:id/comments",
    responses: { 200: () => pagedEnvelope("question_comments", itemSchemas.questionComment()) },
    async handle(ctx) {
      const result = await ctx.desk.questions.comments(ctx.id, ctx.query);
      return { status: 200, body: pagedBody(ctx, "question_comments", result, (comment) => presentQuestionComment(comment, ctx.urls)) };
    },
  },
  {
    method: "GET",
    path: "/apiv2/questions/:parent_id/comments/:id",
    responses: { 200: commentBody },
    async handle(ctx) {
      return { status: 200, body: { question_comment: presentQuestionComment(await ctx.desk.questions.comment(ctx.parentId, ctx.id), ctx.urls) } };
    },
  },
  addCommentRoute("PUT"),
  addCommentRoute("POST"),
];
