import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { createInterface } from "node:readline";
import type { ErrorDetails, ImportService } from "@helpdesk/core";

/** A line of the file that was not imported, and why. */
export interface RejectedLine {
  /** 1-based line number in the file. */
  line: number;
  code: string;
  message: string;
  details?: ErrorDetails;
  /** The line as read. */
  text: string;
}

export interface ImportProgress {
  imported: number;
  rejected: number;
  /** Bytes of the file read so far, and its size: the share of the work done. */
  bytesRead: number;
  totalBytes: number;
}

export interface TicketFileImportOptions {
  imports: ImportService;
  file: string;
  /** Tickets per transaction (default 500): large enough to amortize commits, small enough not to hold the tenant's ticket counter row for long. */
  batchSize?: number;
  onRejected?: (rejected: RejectedLine) => void;
  /** Called after every batch. */
  onProgress?: (progress: ImportProgress) => void;
}

export interface ImportSummary {
  imported: number;
  rejected: number;
  /** Wall time of the whole import, in ms. */
  ms: number;
}

export const DEFAULT_IMPORT_BATCH = 500;

/** `{"ticket": {...}}` as the HTTP route takes it, or the ticket object itself. */
function unwrapTicket(value: unknown): unknown {
  if (typeof value === "object" && value !== null && !Array.isArray(value) && Object.hasOwn(value, "ticket")) return (value as { ticket: unknown }).ticket;
  return value;
}

/**
 * Imports a JSON Lines file of tickets (one ticket per line; blank lines are
 * skipped) through the core's import, reading it as a stream and writing it in
 * batches of `batchSize` tickets per transaction. A line that is not JSON or
 * that the import rejects is reported with its number and does not stop the
 * others, in its batch or after it.
 */
export async function importTicketFile(options: TicketFileImportOptions): Promise<ImportSummary> {
  const started = performance.now();
  const batchSize = options.batchSize ?? DEFAULT_IMPORT_BATCH;
  const totalBytes = (await stat(options.file)).size;
  const progress: ImportProgress = { imported: 0, rejected: 0, bytesRead: 0, totalBytes };
  const reject = (rejected: RejectedLine) => {
    progress.rejected++;
    options.onRejected?.(rejected);
  };

  // Lines that are not JSON wait in the batch too, so that rejections are reported in line order.
  let batch: Array<{ line: number; text: string } & ({ ticket: unknown } | { notJson: string })> = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const tickets = batch.flatMap((entry) => ("ticket" in entry ? [entry.ticket] : []));
    const outcomes = (await options.imports.tickets(tickets)).values();
    for (const entry of batch) {
      const { line, text } = entry;
      if (!("ticket" in entry)) {
        reject({ line, code: "INVALID_JSON", message: `Not JSON: ${entry.notJson}`, text });
        continue;
      }
      const outcome = outcomes.next().value!;
      if (outcome.ok) progress.imported++;
      else reject({ line, code: outcome.error.code, message: outcome.error.message, ...(outcome.error.details ? { details: outcome.error.details } : {}), text });
    }
    batch = [];
    options.onProgress?.({ ...progress });
  };

  const lines = createInterface({ input: createReadStream(options.file), crlfDelay: Infinity });
  let line = 0;
  for await (const text of lines) {
    line++;
    progress.bytesRead += Buffer.byteLength(text) + 1;
    if (text.trim() === "") continue;
    try {
      batch.push({ line, text, ticket: unwrapTicket(JSON.parse(text)) });
    } catch (error) {
      batch.push({ line, text, notJson: error instanceof Error ? error.message : String(error) });
    }
    if (batch.length >= batchSize) await flush();
  }
  progress.bytesRead = totalBytes;
  await flush();
  return { imported: progress.imported, rejected: progress.rejected, ms: performance.now() - started };
}
