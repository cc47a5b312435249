import { itemSchemas, singleEnvelope } from "../json-schemas";
import { presentPostVote } from "../presenters";
import { EMPTY_OK, type RouteDefinition } from "./route";

/** `POST /apiv2/posts/{id}/<path>.json`: casts the caller's vote of `value`. */
function voteRoute(path: string, value: 1 | -1): RouteDefinition {
  return {
    method: "POST",
    path: `/apiv2/posts/:id/${path}`,
    responses: { 200: () => singleEnvelope("vote", itemSchemas.postVote()) },
    async handle(ctx) {
      return { status: 200, body: { vote: presentPostVote(await ctx.desk.postVotes.cast(ctx.id, value)) } };
    },
  };
}

/** Votes on knowledge-base posts, beyond the spec (Zendesk Help Center's `up`, `down` and vote withdrawal). */
export const postVoteRoutes: RouteDefinition[] = [
  voteRoute("up", 1),
  voteRoute("down", -1),
  {
    method: "DELETE",
    path: "/apiv2/posts/:id/vote",
    responses: { 200: null },
    async handle(ctx) {
      await ctx.desk.postVotes.withdraw(ctx.id);
      return EMPTY_OK;
    },
  },
];
