import type { HelpDesk } from "@helpdesk/core";

export interface AttachmentSweepOptions {
  desk: HelpDesk;
  /** How often expired uploads are removed; default every 5 minutes. */
  intervalMs?: number;
  log?: (line: string) => void;
}

/**
 * Removes expired uploads and the files of deleted tickets, with their blobs,
 * once per interval. Every process may run it: each expired row is taken by
 * one sweeper only, so no claim is needed.
 */
export function startAttachmentSweep(options: AttachmentSweepOptions) {
  const intervalMs = options.intervalMs ?? 5 * 60_000;
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    running = options.desk
      .sweepExpiredAttachments()
      .then((removed) => {
        if (removed > 0) options.log?.(`attachments: ${removed} expired uploads removed`);
      })
      .catch((error: unknown) => options.log?.(`attachments: ${error instanceof Error ? error.message : String(error)}`))
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
