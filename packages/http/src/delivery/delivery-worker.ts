import { createOutboxProcessor, type Clock, type Deliver, type Storage } from "@helpdesk/core";
import { createEmailTransport } from "./email-transport";
import { createWebhookTransport } from "./webhook-transport";

export interface DeliveryWorkerOptions {
  storage: Storage;
  clock?: Clock;
  /** Without one, e-mails stay in the outbox, readable by admins. */
  smtpUrl?: string;
  mailFrom?: string;
  /** How often to look for due messages; default 2 s. */
  intervalMs?: number;
  log?: (line: string) => void;
}

/** Internal messages (`message_user`) are in-app: written to the outbox is delivered. */
const inApp: Deliver = async () => undefined;

/** Polls the outbox and delivers what is due; `stop` waits for the batch in flight. */
export function startDeliveryWorker(options: DeliveryWorkerOptions) {
  const email = options.smtpUrl ? createEmailTransport({ smtpUrl: options.smtpUrl, ...(options.mailFrom ? { from: options.mailFrom } : {}) }) : null;
  const processor = createOutboxProcessor({
    storage: options.storage,
    clock: options.clock ?? Date.now,
    transports: { webhook: createWebhookTransport(options.storage), message: inApp, ...(email ? { email: email.deliver } : {}) },
  });
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    running = processor
      .drain()
      .then((report) => {
        if (report.sent + report.failed > 0) options.log?.(`outbox: ${report.sent} sent, ${report.retried} to retry, ${report.failed} failed`);
      })
      .catch((error: unknown) => options.log?.(`outbox: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, options.intervalMs ?? 2000);
      });
  };
  tick();
  return {
    /** Runs one pass now (for tests); resolves when it is done. */
    drain: () => processor.drain(),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      email?.close();
    },
  };
}
