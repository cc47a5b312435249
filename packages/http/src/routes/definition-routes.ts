import { arrayEnvelope, singleEnvelope, type JsonSchema } from "../json-schemas";
import { EMPTY_OK, type RouteContext, type RouteDefinition } from "./route";
import { unchecked } from "./route-helpers";

/** A service of definitions an admin manages and the desk applies when enabled: ticket and user fields, triggers, automations. */
export interface DefinitionService<T, C, U> {
  list(): Promise<T[]>;
  active(): Promise<T[]>;
  get(id: number): Promise<T>;
  create(input: C): Promise<T>;
  update(id: number, input: U): Promise<T>;
  delete(id: number): Promise<void>;
}

export interface DefinitionRoutesOptions<T, C, U> {
  /** The collection's key and path segment. */
  plural: string;
  /** The key a write body and a write's answer wrap the item in. */
  singular: string;
  /** The keys a single read answers under, each holding the item: the spec's samples differ per resource. */
  showKeys: readonly string[];
  service(ctx: RouteContext): DefinitionService<T, C, U>;
  present(item: T, ctx: RouteContext): { url: string };
  itemSchema(): JsonSchema;
}

/** `{<key>: item, …}` with every key required. */
export function keysEnvelope(keys: readonly string[], item: JsonSchema): JsonSchema {
  return { type: "object", properties: Object.fromEntries(keys.map((key) => [key, item])), required: [...keys] };
}

/** List, active list, read, create, update and delete of one kind of definition, with the same conventions for each. */
export function definitionRoutes<T, C, U>(options: DefinitionRoutesOptions<T, C, U>): RouteDefinition[] {
  const { plural, singular, showKeys, service } = options;
  const present = (ctx: RouteContext) => (item: T) => options.present(item, ctx);
  const one = () => singleEnvelope(singular, options.itemSchema());
  const list = () => arrayEnvelope(plural, options.itemSchema());
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
      responses: { 200: () => keysEnvelope(showKeys, options.itemSchema()) },
      async handle(ctx) {
        const item = present(ctx)(await service(ctx).get(ctx.id));
        return { status: 200, body: Object.fromEntries(showKeys.map((key) => [key, item])) };
      },
    },
    {
      method: "POST",
      path: `/apiv2/${plural}`,
      bodyKey: singular,
      responses: { 201: one },
      async handle(ctx) {
        const item = present(ctx)(await service(ctx).create(unchecked(ctx.body)));
        return { status: 201, body: { [singular]: item }, location: item.url };
      },
    },
    {
      method: "PUT",
      path: `/apiv2/${plural}/:id`,
      bodyKey: singular,
      responses: { 200: one },
      async handle(ctx) {
        return { status: 200, body: { [singular]: present(ctx)(await service(ctx).update(ctx.id, unchecked(ctx.body))) } };
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
