import type { Clock } from "../clock";
import type { ClaimedOutboxMessage, Storage } from "../storage";

/** Sends one message; rejects when the attempt failed (it is retried with backoff). */
export type Deliver = (message: ClaimedOutboxMessage) => Promise<void>;

export interface OutboxProcessorOptions {
  storage: Storage;
  clock: Clock;
  /** Delivery per message kind; a kind without one stays pending (readable by admins). */
  transports: Partial<Record<ClaimedOutboxMessage["kind"], Deliver>>;
  /** Messages taken per batch; default 50. */
  batchSize?: number;
  /** How long a taken message is reserved for this worker; default 5 minutes. */
  leaseMs?: number;
  /** Attempts before a message is marked failed for good; default 8. */
  maxAttempts?: number;
}

export interface BatchReport {
  sent: number;
  retried: number;
  failed: number;
}

/** Delay before attempt `n + 1` after `n` failures: 30 s doubling, capped at 6 hours. */
export function backoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 6 * 3_600_000);
}

/**
 * Delivers outbox messages: claims a batch (a lease, so other workers in any
 * process skip it, and a worker that dies leaves it to be claimed again), sends
 * each through its transport, and records the outcome with exponential backoff.
 */
export function createOutboxProcessor(options: OutboxProcessorOptions) {
  const { storage, clock, transports } = options;
  const batchSize = options.batchSize ?? 50;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const maxAttempts = options.maxAttempts ?? 8;
  const kinds = Object.keys(transports) as ClaimedOutboxMessage["kind"][];

  /** Processes one batch of due messages; resolves to what happened. */
  async function processBatch(): Promise<BatchReport> {
    const report: BatchReport = { sent: 0, retried: 0, failed: 0 };
    if (kinds.length === 0) return report;
    const now = clock();
    // Only kinds this worker can send: the rest (e-mail without SMTP) stay pending, untouched.
    const messages = await storage.outbox.claim(now, now + leaseMs, batchSize, kinds);
    for (const message of messages) {
      try {
        await transports[message.kind]!(message);
        await storage.outbox.markSent(message.id, clock());
        report.sent += 1;
      } catch (error) {
        const attempts = message.attempts + 1;
        const reason = error instanceof Error ? error.message : String(error);
        const retryAt = attempts >= maxAttempts ? null : clock() + backoffMs(attempts);
        await storage.outbox.markFailed(message.id, reason.slice(0, 2000), retryAt);
        if (retryAt === null) report.failed += 1;
        else report.retried += 1;
      }
    }
    return report;
  }

  /** Processes batches until none is due; for tests and the command line. */
  async function drain(): Promise<BatchReport> {
    const total: BatchReport = { sent: 0, retried: 0, failed: 0 };
    for (;;) {
      const report = await processBatch();
      total.sent += report.sent;
      total.retried += report.retried;
      total.failed += report.failed;
      if (report.sent + report.retried + report.failed === 0) return total;
    }
  }

  return { processBatch, drain };
}

export type OutboxProcessor = ReturnType<typeof createOutboxProcessor>;
