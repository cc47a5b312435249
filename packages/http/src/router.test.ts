import { describe, expect, it } from "vitest";
import { createRouter, stripJsonSuffix } from "./router";
import type { RouteDefinition } from "./routes/route";

const route = (method: RouteDefinition["method"], path: string): RouteDefinition => ({
  method,
  path,
  responses: { 200: null },
  handle: async () => ({ status: 200 }),
});

const router = createRouter([
  route("GET", "/apiv2/tickets/:id"),
  route("GET", "/apiv2/tickets/show_many"),
  route("PUT", "/apiv2/tickets/:id"),
  route("GET", "/apiv2/posts/:parent_id/comments/:id"),
]);

describe("router", () => {
  it("stripJsonSuffix - removes only a trailing .json", () => {
    expect(stripJsonSuffix("/apiv2/tickets.json")).toBe("/apiv2/tickets");
    expect(stripJsonSuffix("/apiv2/tickets")).toBe("/apiv2/tickets");
    expect(stripJsonSuffix("/apiv2/a.json/b")).toBe("/apiv2/a.json/b");
  });

  it("match - static segments win over :id", () => {
    const match = router.match("GET", "/apiv2/tickets/show_many");
    expect(match.kind === "found" && match.route.definition.path).toBe("/apiv2/tickets/show_many");
  });

  it("match - :id must be a positive safe integer", () => {
    const found = router.match("GET", "/apiv2/tickets/42");
    expect(found.kind === "found" && found.id).toBe(42);
    for (const id of ["0", "-1", "01", "1e3", "abc", "9007199254740993"]) {
      expect(router.match("GET", `/apiv2/tickets/${id}`).kind, id).toBe("not_found");
    }
  });

  it("match - a nested path checks :parent_id like :id", () => {
    const found = router.match("GET", "/apiv2/posts/7/comments/42");
    expect(found.kind === "found" && [found.parentId, found.id]).toEqual([7, 42]);
    expect(router.match("GET", "/apiv2/tickets/42")).toMatchObject({ kind: "found", id: 42, parentId: 0 });
    for (const [parent, id] of [["0", "1"], ["x", "1"], ["1", "01"], ["9007199254740993", "1"]]) {
      expect(router.match("GET", `/apiv2/posts/${parent}/comments/${id}`).kind, `${parent}/${id}`).toBe("not_found");
    }
  });

  it("match - another method on a known path is method_not_allowed with the allowed list", () => {
    expect(router.match("DELETE", "/apiv2/tickets/1")).toEqual({ kind: "method_not_allowed", allowed: ["GET", "PUT"] });
    expect(router.match("PATCH", "/apiv2/nothing").kind).toBe("not_found");
  });
});
