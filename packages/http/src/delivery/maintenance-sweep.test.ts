import type { HelpDesk } from "@helpdesk/core";
import { describe, expect, it } from "vitest";
import { startMaintenanceSweep } from "./maintenance-sweep";

describe("startMaintenanceSweep", () => {
  it("runs the attachment sweep and the OAuth prune in one tick; one failing does not stop the other", async () => {
    const calls: string[] = [];
    const desk = {
      sweepExpiredAttachments: () => {
        calls.push("attachments");
        return Promise.reject(new Error("blob store offline"));
      },
      pruneOAuth: () => {
        calls.push("oauth");
        return Promise.resolve({ codes: 2, families: 1, tokens: 0, sessions: 0, interactions: 3 });
      },
    } as Partial<HelpDesk> as HelpDesk;
    const lines: string[] = [];
    const sweep = startMaintenanceSweep({ desk, intervalMs: 60_000, log: (line) => lines.push(line) });
    await sweep.stop();
    expect(calls).toEqual(["attachments", "oauth"]);
    expect(lines).toEqual(["attachments: blob store offline", "oauth: expired rows removed (codes 2, families 1, interactions 3)"]);
  });
});
