import { z } from "zod";
import { OUTBOX_STATES } from "../domain/rule";
import { pageQuerySchema } from "../domain/list-query";
import type { OutboxService } from "../help-desk-api";
import { requireRole, type ActorContext } from "./actor-context";
import { toListResult, toWindow } from "./paging";
import { parseQuery } from "./validation";

const outboxQuerySchema = pageQuerySchema.extend({ state: z.enum(OUTBOX_STATES).optional() });

/** What the help desk sent or will send: e-mails stay here, readable by admins, when no SMTP server is configured. */
export function createOutboxService(ctx: ActorContext): OutboxService {
  return {
    async list(query) {
      requireRole(ctx, "admin");
      const params = parseQuery(outboxQuerySchema, query);
      const page = await ctx.storage.outbox.list(ctx.tenantId, params.state ? { state: params.state } : {}, toWindow(params));
      return toListResult(page, params);
    },
  };
}
