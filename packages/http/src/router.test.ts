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
  route("GET", "/apiv2/tickets/:ticket_id/comments/:id"),
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
    expect(found.kind === "found" && [found.id, found.parentId]).toEqual([42, 0]);
    for (const id of ["0", "-1", "01", "1e3", "abc", "9007199254740993"]) {
      expect(router.match("GET", `/apiv2/tickets/${id}`).kind, id).toBe("not_found");
    }
  });

  it("match - a nested path gives its parent parameter as parentId, checked like :id", () => {
    const found = router.match("GET", "/apiv2/tickets/7/comments/42");
    expect(found.kind === "found" && [found.parentId, found.id]).toEqual([7, 42]);
    for (const path of ["/apiv2/tickets/x/comments/1", "/apiv2/tickets/1/comments/0", "/apiv2/tickets/01/comments/1"]) {
      expect(router.match("GET", path).kind, path).toBe("not_found");
    }
  });

  it("createRouter - refuses paths with other parameters than :id after one parent", () => {
    expect(() => createRouter([route("GET", "/apiv2/a/:a_id/b/:b_id")])).toThrow();
    expect(() => createRouter([route("GET", "/apiv2/a/:a_id/b/:b_id/c/:id")])).toThrow();
  });

  it("match - a nested route checks :parent_id like :id; routes without one get 0", () => {
    const nested = createRouter([route("GET", "/apiv2/questions/:id/comments"), route("GET", "/apiv2/questions/:parent_id/comments/:id")]);
    expect(nested.match("GET", "/apiv2/questions/7/comments/42")).toMatchObject({ kind: "found", parentId: 7, id: 42 });
    expect(nested.match("GET", "/apiv2/questions/7/comments")).toMatchObject({ kind: "found", parentId: 0, id: 7 });
    for (const path of ["/apiv2/questions/0/comments/42", "/apiv2/questions/x/comments/42", "/apiv2/questions/7/comments/01"]) {
      expect(nested.match("GET", path).kind, path).toBe("not_found");
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
