import fastJson from "fast-json-stringify";
import type { JsonSchema, View } from "./json-schemas";

export type Serializer = (body: unknown) => string;

const VIEWS: readonly View[] = ["staff", "end_user"];

/**
 * Compiles serializers once at start-up. Routes that answer with the same
 * schema share one compiled function, so a schema costs one compile however
 * many routes use it.
 */
export function createSerializerCompiler() {
  const bySchema = new Map<string, Serializer>();

  function compile(schema: JsonSchema): Serializer {
    const key = JSON.stringify(schema);
    let serializer = bySchema.get(key);
    if (serializer === undefined) {
      serializer = fastJson(schema) as Serializer;
      bySchema.set(key, serializer);
    }
    return serializer;
  }

  return {
    compile,
    /** One serializer per view, for a response schema that depends on who is looking. */
    compileViews(schemaFor: (view: View) => JsonSchema): Record<View, Serializer> {
      return Object.fromEntries(VIEWS.map((view) => [view, compile(schemaFor(view))])) as Record<View, Serializer>;
    },
  };
}
