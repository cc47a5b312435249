import Router from "find-my-way";
import type { View } from "./json-schemas";
import type { Method, RouteDefinition } from "./routes/route";
import { createSerializerCompiler, type Serializer } from "./serializers";

/** A route with its serializers compiled: one per success status (and per view), or null for an empty body. */
export interface CompiledRoute {
  definition: RouteDefinition;
  serializers: Map<number, Record<View, Serializer> | null>;
}

export type RouteMatch =
  | { kind: "found"; route: CompiledRoute; id: number; parentId: number }
  /** The path exists with other methods. */
  | { kind: "method_not_allowed"; allowed: Method[] }
  | { kind: "not_found" };

const METHODS: readonly Method[] = ["GET", "POST", "PUT", "DELETE"];
const POSITIVE_INT = /^[1-9][0-9]{0,15}$/;

/** A path parameter as a positive safe integer; 0 when the route has none, null when it is not one. */
function intParam(raw: string | undefined): number | null {
  if (raw === undefined) return 0;
  const id = Number(raw);
  return POSITIVE_INT.test(raw) && Number.isSafeInteger(id) ? id : null;
}

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
    const compiled: CompiledRoute = { definition, serializers };
    router.on(definition.method, definition.path, () => undefined, compiled);
  }
  router.compile();

  /** The route with its `:id` and `:parent_id` (0 when it has none); ids that are not positive integers do not match. */
  function find(method: Method, path: string): { route: CompiledRoute; id: number; parentId: number } | null {
    const found = router.find(method, path);
    if (found === null) return null;
    const id = intParam(found.params.id);
    const parentId = intParam(found.params.parent_id);
    return id === null || parentId === null ? null : { route: found.store as CompiledRoute, id, parentId };
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
