import type { HelpDesk, Storage } from "@helpdesk/core";

export interface AutomationScheduleOptions {
  desk: HelpDesk;
  storage: Storage;
  /** How often automations run; default hourly. */
  intervalMs?: number;
  log?: (line: string) => void;
}

/**
 * Runs automations once per interval slot. Every process checks each minute;
 * the first to claim the slot in the database runs it, so several server
 * processes on one database still run each slot once.
 */
export function startAutomationSchedule(options: AutomationScheduleOptions) {
  const intervalMs = options.intervalMs ?? 3_600_000;
  let lastSlot = -1;
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;

  async function tick(): Promise<void> {
    const now = Date.now();
    const slot = Math.floor(now / intervalMs);
    if (slot === lastSlot) return;
    lastSlot = slot;
    if (!(await options.storage.schedules.claim("automations", slot, now))) return;
    const report = await options.desk.runAutomations({ at: now });
    options.log?.(`automations: ${report.fired.length} firings from ${report.automations} automations in ${report.tenants} tenants`);
  }

  const loop = () => {
    running = tick()
      .catch((error: unknown) => options.log?.(`automations: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        if (!stopped) timer = setTimeout(loop, Math.min(intervalMs, 60_000));
      });
  };
  loop();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
