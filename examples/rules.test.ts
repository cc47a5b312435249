import { describe, expect, it } from "vitest";
import { main, newTicket } from "./rules";

describe("examples/rules", () => {
  it("rules - routes the urgent billing ticket, then the group notification fires on the restart", () => {
    const result = main();
    // Trigger 2 sorts first but only matches after trigger 1 sets the group; the cycle restarts and it fires.
    expect(result.fired).toEqual([
      { ruleId: 1, title: "Urgent billing tickets go to the billing group" },
      { ruleId: 2, title: "Tell the billing group" },
    ]);
    expect(result.ticket).toEqual({ ...newTicket, group_id: 4, tags: ["billing", "urgent"] });
    expect(result.effects).toEqual([
      { type: "email_group", ruleId: 2, value: "(assigned_group)", recipient: { kind: "assigned_group" }, subject: "New: {{ticket.title}}", body: "{{ticket.url}}" },
    ]);
  });
});
