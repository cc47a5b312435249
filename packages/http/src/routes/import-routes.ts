import type { TicketImportInput } from "@helpdesk/core";
import { itemSchemas, singleEnvelope } from "../json-schemas";
import { presentTicket } from "../presenters";
import type { RouteDefinition } from "./route";
import { unchecked } from "./route-helpers";

/** Ticket import (spec section 4, "Ticket import"): one ticket per call, no rule acts on it. */
export const importRoutes: RouteDefinition[] = [
  {
    method: "POST",
    path: "/apiv2/imports/tickets",
    bodyKey: "ticket",
    responses: { 201: () => singleEnvelope("ticket", itemSchemas.ticket()) },
    async handle(ctx) {
      const ticket = presentTicket(await ctx.desk.imports.ticket(unchecked<TicketImportInput>(ctx.body)), ctx.urls);
      return { status: 201, body: { ticket }, location: ticket.url };
    },
  },
];
