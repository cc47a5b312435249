import { describe, expect, it } from "vitest";
import { createImportProgress, summaryLine } from "./import-progress";

function fakeStream(isTTY: boolean) {
  const written: string[] = [];
  return { stream: { isTTY, write: (text: string) => written.push(text) }, written };
}

const progress = (imported: number, bytesRead: number) => ({ imported, rejected: 1, bytesRead, totalBytes: 1000 });

describe("import progress", () => {
  it("progress - a terminal gets a bar redrawn in place, at most every 100 ms, cleared before other output", () => {
    let now = 0;
    const { stream, written } = fakeStream(true);
    const shown = createImportProgress(stream, () => now);
    now = 1000;
    shown.update(progress(500, 500));
    now = 1050;
    shown.update(progress(600, 600));
    expect(written).toEqual([`\r[${"#".repeat(15)}${"-".repeat(15)}]  50%  500 imported  1 rejected  500 tickets/s\x1b[K`]);
    shown.clear();
    expect(written[1]).toBe("\r\x1b[K");
    shown.update(progress(600, 600));
    expect(written[2]).toMatch(/^\r\[#{18}-{12}\]  60%  600 imported/);
  });

  it("progress - elsewhere, a plain line every 5 seconds", () => {
    let now = 0;
    const { stream, written } = fakeStream(false);
    const shown = createImportProgress(stream, () => now);
    for (now = 1000; now <= 11_000; now += 1000) shown.update(progress(now, now / 20));
    expect(written).toEqual([
      "progress: 5%  1,000 imported  1 rejected  1,000 tickets/s\n",
      "progress: 30%  6,000 imported  1 rejected  1,000 tickets/s\n",
      "progress: 55%  11,000 imported  1 rejected  1,000 tickets/s\n",
    ]);
    shown.clear();
    expect(written).toHaveLength(3);
  });

  it("summaryLine - imported, rejected, time and rate", () => {
    expect(summaryLine({ imported: 20_000, rejected: 2, ms: 4000 })).toBe("Imported 20,000 tickets, rejected 2, in 4.00 s (5,000 tickets/s)");
  });
});
