import { describe, expect, it } from "vitest";
import { decodeViewConditions, viewPredicate } from "./view-conditions";
import { cond, NOW } from "./test-arbitraries";

const decode = (all: ReturnType<typeof cond>[], any: ReturnType<typeof cond>[] = []) => decodeViewConditions({ all, any });

describe("view conditions", () => {
  it("decodeViewConditions - names each condition a view cannot run", () => {
    const result = decode(
      [cond("status", "changed"), cond("description", "contain", "fire"), cond("score", "is", "5"), cond("priority", "is", "9")],
      [cond("created", "greater_than", "2"), cond("nope", "is", "1")],
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.details)).toEqual([
      "conditions.all[0].operator",
      "conditions.all[1].source",
      "conditions.all[2].source",
      "conditions.all[3].value",
      "conditions.any[0].source",
      "conditions.any[1].source",
    ]);
  });

  it("viewPredicate - placeholders name the viewer; is_not on an enumerated field lists the other values", () => {
    const result = decode([cond("assignee_id", "is", "(current_user)"), cond("status", "is_not", "4"), cond("group_id", "is_not", "(current_groups)")]);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(viewPredicate(result.conditions, { id: 7, groupIds: [2, 3] }, NOW)).toEqual({
      kind: "and",
      args: [
        { kind: "in", field: "assignee_id", values: [7] },
        { kind: "in", field: "status", values: ["new", "open", "pending", "solved"] },
        { kind: "not", arg: { kind: "in", field: "group_id", values: [2, 3] } },
      ],
    });
  });

  it("viewPredicate - hours since pending also asks for the pending status; any becomes one or", () => {
    const result = decode([cond("pending", "greater_than", "1")], [cond("priority", "is", "empty"), cond("tags", "not_contain", "vip")]);
    if (!result.ok) throw new Error("expected valid conditions");
    expect(viewPredicate(result.conditions, { id: 1, groupIds: [] }, NOW)).toEqual({
      kind: "and",
      args: [
        { kind: "and", args: [{ kind: "in", field: "status", values: ["pending"] }, { kind: "range", field: "pending_at", to: NOW - 2 * 3_600_000 }] },
        { kind: "or", args: [{ kind: "in", field: "priority", values: [null] }, { kind: "not", arg: { kind: "tags", tags: ["vip"] } }] },
      ],
    });
  });
});
