import { describe, expect, it } from "vitest";
import { main } from "./embed";

describe("examples/embed", () => {
  it("embed - runs end to end on an in-memory database", async () => {
    expect(await main()).toEqual({ ticketId: 1, status: "solved" });
  });
});
