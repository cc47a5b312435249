import type { FieldKind } from "@helpdesk/core";
import { itemSchemas } from "../json-schemas";
import { presentField } from "../presenters";
import { definitionRoutes } from "./definition-routes";

const KEYS = {
  ticket: { plural: "ticket_fields", singular: "ticket_field" },
  user: { plural: "user_fields", singular: "user_field" },
} as const;

/**
 * Ticket or user field definitions: the spec's reads and delete, plus admin
 * create and update beyond the spec with the same conventions. A user field
 * reads as `{user_fields: field, user_field: field}`: the spec's table and
 * sample wrap it under the plural key.
 */
function fieldRoutes(kind: FieldKind) {
  const { plural, singular } = KEYS[kind];
  return definitionRoutes({
    plural,
    singular,
    showKeys: kind === "user" ? [plural, singular] : [singular],
    service: (ctx) => (kind === "ticket" ? ctx.desk.ticketFields : ctx.desk.userFields),
    present: (field, ctx) => presentField(field, kind, ctx.urls),
    itemSchema: itemSchemas.field,
  });
}

export const ticketFieldRoutes = fieldRoutes("ticket");
export const userFieldRoutes = fieldRoutes("user");
