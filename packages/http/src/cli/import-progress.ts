import type { ImportProgress, ImportSummary } from "./ticket-file-import";

/** Where progress goes: stderr, which may or may not be a terminal. */
export interface ProgressStream {
  isTTY?: boolean;
  columns?: number;
  write(text: string): unknown;
}

const BAR_WIDTH = 30;
/** How often a non-terminal gets a plain progress line. */
const PLAIN_EVERY_MS = 5_000;
/** How often a terminal's bar is redrawn at most. */
const REDRAW_EVERY_MS = 100;

const rate = (count: number, ms: number) => (ms > 0 ? Math.round((count * 1000) / ms) : 0);
const thousands = (n: number) => n.toLocaleString("en-US");

/**
 * Shows import progress: a bar redrawn in place on a terminal, a plain line
 * every few seconds otherwise (logs and pipes keep every line). `now` is the
 * clock in ms.
 */
export function createImportProgress(stream: ProgressStream, now: () => number = () => performance.now()) {
  const started = now();
  let lastShown = -Infinity;
  let barShown = false;

  const describe = (p: ImportProgress) => {
    const share = p.totalBytes === 0 ? 1 : Math.min(1, p.bytesRead / p.totalBytes);
    const percent = `${Math.floor(share * 100)}%`.padStart(4);
    return { share, text: `${percent}  ${thousands(p.imported)} imported  ${thousands(p.rejected)} rejected  ${thousands(rate(p.imported, now() - started))} tickets/s` };
  };

  return {
    update(p: ImportProgress): void {
      const at = now();
      if (at - lastShown < (stream.isTTY ? REDRAW_EVERY_MS : PLAIN_EVERY_MS)) return;
      lastShown = at;
      const { share, text } = describe(p);
      if (!stream.isTTY) {
        stream.write(`progress: ${text.trim()}\n`);
        return;
      }
      const filled = Math.round(share * BAR_WIDTH);
      stream.write(`\r[${"#".repeat(filled)}${"-".repeat(BAR_WIDTH - filled)}] ${text}\x1b[K`);
      barShown = true;
    },

    /** Clears the bar, so that a report line starts on a clean line. */
    clear(): void {
      if (!barShown) return;
      stream.write("\r\x1b[K");
      barShown = false;
      lastShown = -Infinity;
    },
  };
}

/** The closing line: how many were imported and rejected, how long it took, how fast. */
export function summaryLine(summary: ImportSummary): string {
  const seconds = (summary.ms / 1000).toFixed(2);
  return `Imported ${thousands(summary.imported)} tickets, rejected ${thousands(summary.rejected)}, in ${seconds} s (${thousands(rate(summary.imported, summary.ms))} tickets/s)`;
}
