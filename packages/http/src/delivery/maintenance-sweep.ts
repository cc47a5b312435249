import type { HelpDesk } from "@helpdesk/core";

export interface MaintenanceSweepOptions {
  desk: HelpDesk;
  /** How often expired rows are removed; default every 5 minutes. */
  intervalMs?: number;
  log?: (line: string) => void;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Once per interval, removes expired uploads and the files of deleted tickets
 * with their blobs, then prunes expired OAuth rows. Every process may run it:
 * each expired row is deleted by one sweeper only, so no claim is needed.
 */
export function startMaintenanceSweep(options: MaintenanceSweepOptions) {
  const intervalMs = options.intervalMs ?? 5 * 60_000;
  const log = (line: string) => options.log?.(line);
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  // One task failing does not keep the other from running.
  const sweepAttachments = () =>
    options.desk.sweepExpiredAttachments().then(
      (removed) => {
        if (removed > 0) log(`attachments: ${removed} expired uploads removed`);
      },
      (error: unknown) => log(`attachments: ${message(error)}`),
    );
  const pruneOAuth = () =>
    options.desk.pruneOAuth().then(
      (counts) => {
        const removed = Object.entries(counts).filter(([, count]) => count > 0);
        if (removed.length > 0) log(`oauth: expired rows removed (${removed.map(([kind, count]) => `${kind} ${count}`).join(", ")})`);
      },
      (error: unknown) => log(`oauth: ${message(error)}`),
    );
  const tick = () => {
    running = sweepAttachments()
      .then(pruneOAuth)
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  tick();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
