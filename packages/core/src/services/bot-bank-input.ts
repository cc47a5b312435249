import { z } from "zod";
import { HelpdeskError, type ErrorCode } from "../errors";
import { BOT_BATCH_LIMIT, botIdsInputSchema } from "../domain/bot-question";
import { parseInput } from "./validation";

/** The `data` array of a bank create: 1 to 100 elements, each checked by `item`; problems are named `data[i].field`. */
export function parseDataArray<S extends z.ZodType>(item: S, data: unknown): Array<z.output<S>> {
  const schema = z.object({ data: z.array(item).min(1, "must hold at least one element").max(BOT_BATCH_LIMIT, `at most ${BOT_BATCH_LIMIT} elements`) });
  return parseInput(schema, { data }, "brackets").data;
}

/** The `data` object of a bank update, its problems named `data.field`. */
export function parseDataObject<S extends z.ZodType>(item: S, data: unknown): z.output<S> {
  return (parseInput(z.object({ data: item }), { data }) as { data: z.output<S> }).data;
}

/** The `ids` array of a bank delete, without duplicates. */
export function parseIdsBody(ids: unknown): number[] {
  return [...new Set(parseInput(z.object({ ids: botIdsInputSchema }), { ids }).ids)];
}

/** Rejects with `code` (a not-found) listing the ids of `wanted` that `found` lacks. */
export function requireAll(wanted: number[], found: Array<{ id: number }>, code: ErrorCode, noun: string): void {
  const missing = wanted.filter((id) => !found.some((f) => f.id === id));
  if (missing.length > 0) throw new HelpdeskError(code, { description: `No ${noun} with id ${missing.join(", ")}` });
}
