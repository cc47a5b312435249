import type { FieldDefinition, FieldKind } from "@helpdesk/core";
import { arrayEnvelope, itemSchemas, singleEnvelope, type JsonSchema } from "../json-schemas";
import { presentField } from "../presenters";
import { EMPTY_OK, type RouteContext, type RouteDefinition } from "./route";
import { unchecked } from "./route-helpers";

const KEYS = {
  ticket: { plural: "ticket_fields", singular: "ticket_field" },
  user: { plural: "user_fields", singular: "user_field" },
} as const;

/** `{user_fields: field, user_field: field}`: the spec's table and sample wrap one user field under the plural key. */
function userFieldBothKeys(): JsonSchema {
  const item = itemSchemas.field();
  return { type: "object", properties: { user_fields: item, user_field: item }, required: ["user_fields", "user_field"] };
}

/**
 * Ticket or user field definitions: the spec's reads and delete, plus admin
 * create and update beyond the spec with the same conventions.
 */
function fieldRoutes(kind: FieldKind): RouteDefinition[] {
  const { plural, singular } = KEYS[kind];
  const service = (ctx: RouteContext) => (kind === "ticket" ? ctx.desk.ticketFields : ctx.desk.userFields);
  const present = (ctx: RouteContext) => (field: FieldDefinition) => presentField(field, kind, ctx.urls);
  const one = () => singleEnvelope(singular, itemSchemas.field());
  const list = () => arrayEnvelope(plural, itemSchemas.field());
  return [
    {
      method: "GET",
      path: `/apiv2/${plural}`,
      responses: { 200: list },
      async handle(ctx) {
        return { status: 200, body: { [plural]: (await service(ctx).list()).map(present(ctx)) } };
      },
    },
    {
      method: "GET",
      path: `/apiv2/${plural}/active`,
      responses: { 200: list },
      async handle(ctx) {
        return { status: 200, body: { [plural]: (await service(ctx).active()).map(present(ctx)) } };
      },
    },
    {
      method: "GET",
      path: `/apiv2/${plural}/:id`,
      responses: { 200: kind === "user" ? userFieldBothKeys : one },
      async handle(ctx) {
        const field = present(ctx)(await service(ctx).get(ctx.id));
        return { status: 200, body: kind === "user" ? { user_fields: field, user_field: field } : { [singular]: field } };
      },
    },
    {
      method: "POST",
      path: `/apiv2/${plural}`,
      bodyKey: singular,
      responses: { 201: one },
      async handle(ctx) {
        const field = present(ctx)(await service(ctx).create(unchecked(ctx.body)));
        return { status: 201, body: { [singular]: field }, location: field.url };
      },
    },
    {
      method: "PUT",
      path: `/apiv2/${plural}/:id`,
      bodyKey: singular,
      responses: { 200: one },
      async handle(ctx) {
        return { status: 200, body: { [singular]: present(ctx)(await service(ctx).update(ctx.id, ctx.body)) } };
      },
    },
    {
      method: "DELETE",
      path: `/apiv2/${plural}/:id`,
      responses: { 200: null },
      async handle(ctx) {
        await service(ctx).delete(ctx.id);
        return EMPTY_OK;
      },
    },
  ];
}

export const ticketFieldRoutes = fieldRoutes("ticket");
export const userFieldRoutes = fieldRoutes("user");
