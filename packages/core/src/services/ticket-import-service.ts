import type { HelpdeskError } from "../errors";
import { ticketImportInputSchema, type TicketImportParams } from "../domain/ticket-import";
import type { Ticket } from "../domain/ticket";
import type { ImportOutcome, ImportService } from "../help-desk-api";
import type { Storage } from "../storage";
import { requireRole, type ActorContext } from "./actor-context";
import { importRecord, isRejection, loadImportReferences } from "./ticket-import-records";
import { parseInput } from "./validation";

/**
 * Ticket import (admin): tickets written as given, through the storage's
 * create, never through the trigger-running write path, so no trigger fires
 * and nothing is sent.
 */
export function createImportService(ctx: ActorContext): ImportService {
  const { tenantId } = ctx;

  /** Writes the valid tickets among `pending` in one transaction; the first write a HelpdeskError refuses is returned instead. */
  async function writeBatch(parsed: TicketImportParams[], pending: number[], outcomes: ImportOutcome[]): Promise<{ index: number; error: HelpdeskError } | null> {
    let refused: { index: number; error: HelpdeskError } | null = null;
    const written = new Map<number, Ticket>();
    const rejected = new Map<number, HelpdeskError>();
    try {
      await ctx.storage.transaction(async (tx: Storage) => {
        const refs = await loadImportReferences(tx, tenantId, pending.map((i) => parsed[i]!));
        const now = ctx.clock();
        for (const index of pending) {
          let record;
          try {
            record = importRecord(parsed[index]!, refs, now);
          } catch (error) {
            if (!isRejection(error)) throw error;
            rejected.set(index, error);
            continue;
          }
          try {
            const [first, ...rest] = record.comments;
            const ticket = await tx.tickets.create(tenantId, record.ticket, first!);
            for (const comment of rest) await tx.tickets.addComment(tenantId, ticket.id, comment);
            written.set(index, ticket);
          } catch (error) {
            if (isRejection(error)) refused = { index, error };
            throw error;
          }
        }
      });
    } catch (error) {
      if (refused !== null) return refused;
      throw error;
    }
    for (const [index, ticket] of written) outcomes[index] = { ok: true, ticket };
    for (const [index, error] of rejected) outcomes[index] = { ok: false, error };
    return null;
  }

  const service: ImportService = {
    async tickets(inputs) {
      requireRole(ctx, "admin");
      const outcomes: ImportOutcome[] = new Array(inputs.length);
      const parsed: TicketImportParams[] = [];
      let pending: number[] = [];
      inputs.forEach((raw, index) => {
        try {
          parsed[index] = parseInput(ticketImportInputSchema, raw, "brackets");
          pending.push(index);
        } catch (error) {
          if (!isRejection(error)) throw error;
          outcomes[index] = { ok: false, error };
        }
      });
      // A ticket the database itself refuses (checks cannot foresee every one) is left out and the batch written again without it.
      while (pending.length > 0) {
        const refused = await writeBatch(parsed, pending, outcomes);
        if (refused === null) break;
        outcomes[refused.index] = { ok: false, error: refused.error };
        pending = pending.filter((i) => i !== refused.index);
      }
      return outcomes;
    },

    async ticket(input) {
      const [outcome] = await service.tickets([input]);
      if (!outcome!.ok) throw outcome!.error;
      return outcome!.ticket;
    },
  };
  return service;
}
