import { describe, expect, it } from "vitest";
import { unwrapResource } from "./request-body";

/** The `details` of the 422 `body` gets, or a failure when it unwraps. */
function detailsOf(body: unknown, key: string | readonly string[]): Record<string, unknown> {
  try {
    unwrapResource(body, key);
  } catch (err) {
    expect((err as { code?: string }).code).toBe("RECORD_INVALID");
    return (err as { details: Record<string, unknown> }).details;
  }
  throw new Error("expected a 422");
}

describe("unwrapResource", () => {
  it("unwrapResource - the object under the one key; 422 naming it otherwise", () => {
    expect(unwrapResource({ topic: { title: "t" } }, "topic")).toEqual({ title: "t" });
    expect(Object.keys(detailsOf({ title: "t" }, "topic"))).toEqual(["topic"]);
    expect(Object.keys(detailsOf({ topic: "t" }, "topic"))).toEqual(["topic"]);
    expect(Object.keys(detailsOf(undefined, "topic"))).toEqual(["topic"]);
  });

  it("unwrapResource - with several shapes the first present wins; a dotted key descends", () => {
    const keys = ["question_comment", "request.comment"];
    expect(unwrapResource({ question_comment: { content: "a" } }, keys)).toEqual({ content: "a" });
    expect(unwrapResource({ request: { comment: { content: "b" } } }, keys)).toEqual({ content: "b" });
    expect(unwrapResource({ question_comment: { content: "a" }, request: { comment: { content: "b" } } }, keys)).toEqual({ content: "a" });
  });

  it("unwrapResource - 422 naming every shape when none is present, or the nested key that is missing or not an object", () => {
    const keys = ["question_comment", "request.comment"];
    expect(Object.keys(detailsOf({ comment: { content: "x" } }, keys))).toEqual(keys);
    expect(Object.keys(detailsOf({ request: { content: "x" } }, keys))).toEqual(["request.comment"]);
    expect(Object.keys(detailsOf({ request: { comment: "x" } }, keys))).toEqual(["request.comment"]);
    expect(Object.keys(detailsOf({ request: "x" }, keys))).toEqual(["request"]);
  });
});
