import { CASCADE_TYPES, fieldName, OPTION_TYPES, TEXT_TYPES, type FieldDefinition } from "../domain/custom-field";
import type { ErrorDetails } from "../errors";
import type { NewFieldDefinition } from "../storage";
import { recordInvalid } from "../services/validation";
import { normalizeFieldValue } from "./field-values";
import { patternProblem } from "./patterns";

type Problem = (field: string, description: string) => void;

function checkOptions(draft: NewFieldDefinition, problem: Problem): void {
  const options = draft.custom_field_options;
  if (!OPTION_TYPES.includes(draft.type)) {
    if (options.length > 0) problem("custom_field_options", `only ${OPTION_TYPES.join(", ")} fields have options`);
    return;
  }
  if (options.length === 0) problem("custom_field_options", `a ${draft.type} field needs at least one option`);
  const keys = new Set<string>();
  options.forEach((option, i) => {
    if (keys.has(option.key)) problem(`custom_field_options.${i}.key`, `${option.key} is used twice`);
    keys.add(option.key);
    if (option.sub_items === undefined) return;
    if (draft.type !== "multi_cascade") problem(`custom_field_options.${i}.sub_items`, "only multi_cascade options have sub items");
    else if (new Set(option.sub_items).size !== option.sub_items.length) problem(`custom_field_options.${i}.sub_items`, "has a sub item twice");
  });
}

function checkPatterns(draft: NewFieldDefinition, problem: Problem): void {
  const patterns = draft.regexp_for_validation;
  if (!TEXT_TYPES.includes(draft.type)) {
    if (patterns.length > 0) problem("regexp_for_validation", `only ${TEXT_TYPES.join(", ")} fields are checked against expressions`);
    return;
  }
  if (draft.type === "regexp" && patterns.length === 0) problem("regexp_for_validation", "a regexp field needs at least one expression");
  patterns.forEach((pattern, i) => {
    const description = patternProblem(pattern);
    if (description !== null) problem(`regexp_for_validation.${i}`, description);
  });
}

/** A `cascade_value` is a value of the parent field: an option key, or `[key, sub_item]` under a multi_cascade. */
function cascadeValueProblem(parent: FieldDefinition, value: FieldDefinition["cascade_value"]): string | null {
  const normalized = normalizeFieldValue(parent, value);
  if ("problem" in normalized) return normalized.problem;
  return normalized.value === null ? "is required with a cascade_id" : null;
}

function checkCascade(draft: NewFieldDefinition, id: number | null, siblings: readonly FieldDefinition[], problem: Problem): void {
  if (draft.cascade_id === null) {
    if (draft.cascade_value !== null) problem("cascade_value", "needs a cascade_id");
    return;
  }
  const byId = new Map(siblings.map((d) => [d.id, d]));
  const parent = byId.get(draft.cascade_id);
  if (!parent || parent.id === id || !CASCADE_TYPES.includes(parent.type)) {
    problem("cascade_id", `must name another cascade or multi_cascade field of this help desk`);
    return;
  }
  // A parent that (through its own parents) depends on this field would make a loop.
  for (let up: FieldDefinition | undefined = parent; up?.cascade_id != null; up = byId.get(up.cascade_id)) {
    if (up.cascade_id === id) return problem("cascade_id", "would make a loop of cascades");
  }
  const description = cascadeValueProblem(parent, draft.cascade_value);
  if (description !== null) problem("cascade_value", description);
}

/** The fields that sit under this one must still find their `cascade_value` among its options. */
function checkDependents(draft: NewFieldDefinition, id: number, siblings: readonly FieldDefinition[], problem: Problem): void {
  for (const dependent of siblings) {
    if (dependent.cascade_id !== id) continue;
    const description = cascadeValueProblem({ ...draft, id }, dependent.cascade_value);
    if (description !== null) problem("custom_field_options", `${fieldName(dependent.id)} depends on it: ${description}`);
  }
}

/**
 * Checks a whole definition (as it would be stored) against its type and the
 * tenant's other definitions of its kind: options only on option types, with
 * unique keys and sub items only on multi_cascade; validation expressions only
 * on text types, each compiling and safe; a cascade dependency naming a
 * cascade field and one of its options, without loops; and, for an existing
 * field (`id`), the dependents still matching its options. RECORD_INVALID otherwise.
 */
export function checkFieldDefinition(draft: NewFieldDefinition, id: number | null, siblings: readonly FieldDefinition[]): void {
  const details: ErrorDetails = {};
  const problem: Problem = (field, description) => void (details[field] ??= []).push({ description });
  checkOptions(draft, problem);
  checkPatterns(draft, problem);
  checkCascade(draft, id, siblings, problem);
  if (id !== null) checkDependents(draft, id, siblings, problem);
  if (Object.keys(details).length > 0) throw recordInvalid(details);
}
