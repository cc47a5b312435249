import Router from "find-my-way";
import type { View } from "./json-schemas";
import type { Method, RouteDefinition } from "./routes/route";
import { createSerializerCompiler, type Serializer } from "./serializers";

/** A route with its serializers compiled: one per success status (and per view), or null for an empty body. */
export interface CompiledRoute {
  definition: RouteDefinition;
  serializers: Map<number, Record<View, Serializer> | null>;
}

/** The checked path parameters: `:id`, and the one other parameter of a nested path (`:request_id`), 0 when absent. */
export interface RouteIds {
  id: number;
  parentId: number;
}

export type RouteMatch =
  | ({ kind: "found"; route: CompiledRoute } & RouteIds)
  /** The path exists with other methods. */
  | { kind: "method_not_allowed"; allowed: Method[] }
  | { kind: "not_found" };

const METHODS: readonly Method[] = ["GET", "POST", "PUT", "DELETE"];
const POSITIVE_INT = /^[1-9][0-9]{0,15}$/;

/** Every path answers with or without the spec's `.json` suffix; routes are registered without it. */
export function stripJsonSuffix(path: string): string {
  return path.endsWith(".json") ? path.slice(0, -".json".length) : path;
}

/** Builds the route table and compiles every serializer, once. */
export function createRouter(routes: readonly RouteDefinition[]) {
  const router = Router({ ignoreTrailingSlash: true, maxParamLength: 64 });
  const compiler = createSerializerCompiler();
  for (const definition of routes) {
    const serializers = new Map<number, Record<View, Serializer> | null>();
    for (const [status, schemaFor] of Object.entries(definition.responses)) {
      serializers.set(Number(status), schemaFor === null ? null : compiler.compileViews(schemaFor));
    }
    const params = definition.path.match(/:\w+/g) ?? [];
    if (params.length > 2 || (params.length > 0 && params.at(-1) !== ":id")) {
      throw new Error(`Route ${definition.path}: only :id, after at most one parent parameter, is supported`);
    }
    const compiled: CompiledRoute = { definition, serializers };
    router.on(definition.method, definition.path, () => undefined, compiled);
  }
  router.compile();

  /** The route and its ids (0 when absent); a path whose parameters are not all positive integers does not match. */
  function find(method: Method, path: string): ({ route: CompiledRoute } & RouteIds) | null {
    const found = router.find(method, path);
    if (found === null) return null;
    const ids: RouteIds = { id: 0, parentId: 0 };
    for (const [name, raw] of Object.entries(found.params)) {
      const value = Number(raw);
      if (raw === undefined || !POSITIVE_INT.test(raw) || !Number.isSafeInteger(value)) return null;
      ids[name === "id" ? "id" : "parentId"] = value;
    }
    return { route: found.store as CompiledRoute, ...ids };
  }

  return {
    match(method: string, path: string): RouteMatch {
      const known = METHODS.find((m) => m === method);
      const found = known === undefined ? null : find(known, path);
      if (found !== null) return { kind: "found", ...found };
      const allowed = METHODS.filter((m) => m !== method && find(m, path) !== null);
      return allowed.length > 0 ? { kind: "method_not_allowed", allowed } : { kind: "not_found" };
    },
  };
}
