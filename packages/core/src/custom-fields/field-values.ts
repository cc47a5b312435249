import { formatApiDate, parseApiDate, type CustomField } from "../domain/common";
import { fieldName, type FieldDefinition } from "../domain/custom-field";
import type { ErrorDetails } from "../errors";
import { recordInvalid } from "../services/validation";
import { MAX_TESTED_VALUE_LENGTH } from "./patterns";

/** Who writes the values: agents (and admins) through the agent API, or end users submitting. */
export type FieldAudience = "agent" | "end_user";
/** On create every required field must be set; on update only the fields the write touches are checked. */
export type FieldWriteMode = "create" | "update";

export type FieldValue = CustomField["value"];

export interface FieldValuesWrite {
  /** Every definition of the kind in the tenant, active or not. */
  definitions: readonly FieldDefinition[];
  /** The values stored now (none on create). */
  current: readonly CustomField[];
  /** The values this write names; null clears one. */
  given: readonly CustomField[] | undefined;
  audience: FieldAudience;
  mode: FieldWriteMode;
}

const MAX_TEXT_LENGTH = 1024;
const INTEGER = /^[+-]?\d{1,16}$/;
const DECIMAL = /^[+-]?(\d{1,30}(\.\d{0,30})?|\.\d{1,30})$/;

type Normalized = { value: FieldValue } | { problem: string };

const ok = (value: FieldValue): Normalized => ({ value });
const bad = (problem: string): Normalized => ({ problem });

/** A scalar as text; numbers keep their JSON spelling. Null for anything else. */
function asText(value: FieldValue): string | null {
  if (typeof value === "string") return value.trim();
  if (typeof value === "number") return String(value);
  return null;
}

function checkPatterns(definition: FieldDefinition, text: string): Normalized {
  if (definition.regexp_for_validation.length === 0) return ok(text);
  if (text.length > MAX_TESTED_VALUE_LENGTH) return bad(`must have at most ${MAX_TESTED_VALUE_LENGTH} characters`);
  for (const pattern of definition.regexp_for_validation) {
    let matches: boolean;
    try {
      matches = new RegExp(pattern).test(text);
    } catch {
      matches = false;
    }
    if (!matches) return bad(`must match ${pattern}`);
  }
  return ok(text);
}

function optionKeys(definition: FieldDefinition): string {
  return definition.custom_field_options.map((o) => o.key).join(", ");
}

/** A multi_cascade value: `[key]` for an option without sub-items, `[key, sub_item]` otherwise. */
function multiCascadeValue(definition: FieldDefinition, value: FieldValue): Normalized {
  if (!Array.isArray(value) || !value.every((part) => typeof part === "string")) return bad("must be [option key, sub item]");
  const [key, sub, ...rest] = value.map((part) => part.trim());
  const option = definition.custom_field_options.find((o) => o.key === key);
  if (!option || rest.length > 0) return bad(`must be [option key, sub item] with an option key among ${optionKeys(definition)}`);
  const subItems = option.sub_items ?? [];
  if (subItems.length === 0) return sub === undefined ? ok([option.key]) : bad(`option ${option.key} has no sub items`);
  if (sub === undefined || !subItems.includes(sub)) return bad(`needs a sub item of ${option.key}: one of ${subItems.join(", ")}`);
  return ok([option.key, sub]);
}

/** The stored form of `value` for the field's type: numbers as numbers, dates as `YYYY-MM-DD HH:MM:SS`, options as keys. */
export function normalizeFieldValue(definition: FieldDefinition, value: FieldValue): Normalized {
  if (value === null || (typeof value === "string" && value.trim() === "") || (Array.isArray(value) && value.length === 0)) return ok(null);
  switch (definition.type) {
    case "text":
    case "textarea":
    case "regexp": {
      const text = asText(value);
      if (text === null) return bad("must be text");
      if (definition.type === "text" && text.length > MAX_TEXT_LENGTH) return bad(`must have at most ${MAX_TEXT_LENGTH} characters`);
      return checkPatterns(definition, text);
    }
    case "int": {
      const n = typeof value === "string" && INTEGER.test(value.trim()) ? Number(value) : value;
      return typeof n === "number" && Number.isSafeInteger(n) ? ok(n) : bad("must be an integer");
    }
    case "decimal": {
      const n = typeof value === "string" && DECIMAL.test(value.trim()) ? Number(value) : value;
      return typeof n === "number" && Number.isFinite(n) ? ok(n) : bad("must be a decimal number");
    }
    case "date": {
      const ms = typeof value === "string" || typeof value === "number" ? parseApiDate(value) : null;
      return ms === null || !Number.isFinite(new Date(ms).getTime()) ? bad("must be a date: YYYY-MM-DD, YYYY-MM-DD HH:MM:SS or a Unix timestamp") : ok(formatApiDate(ms));
    }
    case "checkbox":
      return typeof value === "boolean" ? ok(value) : bad("must be true or false");
    case "dropdownlist":
    case "cascade": {
      const key = asText(value);
      const option = definition.custom_field_options.find((o) => o.key === key);
      return option ? ok(option.key) : bad(`must be one of the option keys: ${optionKeys(definition)}`);
    }
    case "multi_cascade":
      return multiCascadeValue(definition, value);
  }
}

/** Whether a parent cascade's value puts its dependent field in play. */
export function cascadeApplies(cascadeValue: FieldDefinition["cascade_value"], parentValue: FieldValue | undefined): boolean {
  if (cascadeValue === null) return true;
  if (parentValue === undefined || parentValue === null) return false;
  if (typeof cascadeValue === "string") return parentValue === cascadeValue;
  return Array.isArray(parentValue) && parentValue.length === cascadeValue.length && cascadeValue.every((part, i) => parentValue[i] === part);
}

function describeCascade(definition: FieldDefinition): string {
  const value = Array.isArray(definition.cascade_value) ? definition.cascade_value.join(" / ") : String(definition.cascade_value);
  return `applies only when ${fieldName(definition.cascade_id!)} is ${value}`;
}

/**
 * Checks one write of custom values against the field definitions and returns
 * every value to store, normalized, with the given ones merged over `current`
 * (null clears one). Unknown and inactive fields, values outside the type,
 * fields the audience may not write, dependent fields whose parent does not
 * hold their `cascade_value`, and missing required fields are each a problem
 * keyed by the field's name; any problem rejects the whole write with
 * RECORD_INVALID. Dependent values whose parent moved away are dropped.
 */
export function resolveFieldValues(write: FieldValuesWrite): CustomField[] {
  const byName = new Map(write.definitions.map((d) => [fieldName(d.id), d]));
  const values = new Map(write.current.map((f) => [f.name, f.value]));
  const touched = new Set<string>();
  // No prototype: a field named `constructor` or `__proto__` is just a key.
  const details: ErrorDetails = Object.create(null) as ErrorDetails;
  const problem = (name: string, description: string) => (details[name] ??= []).push({ description });

  for (const { name, value } of write.given ?? []) {
    if (touched.has(name)) {
      problem(name, "is given more than once");
      continue;
    }
    touched.add(name);
    const definition = byName.get(name);
    if (!definition) problem(name, "is not a field of this help desk");
    else if (!definition.active) problem(name, "is inactive");
    else if (write.audience === "end_user" && !(definition.enduser_visible && definition.enduser_editable)) problem(name, "is not editable by end users");
    else {
      const normalized = normalizeFieldValue(definition, value);
      if ("problem" in normalized) problem(name, normalized.problem);
      else if (normalized.value === null) values.delete(name);
      else values.set(name, normalized.value);
    }
  }

  // Dependents follow their parents: repeated until stable, so a chain of cascades settles.
  for (let changed = true; changed; ) {
    changed = false;
    for (const [name] of values) {
      const definition = byName.get(name);
      if (!definition || definition.cascade_id === null) continue;
      if (cascadeApplies(definition.cascade_value, values.get(fieldName(definition.cascade_id)))) continue;
      if (touched.has(name) && !details[name]) problem(name, describeCascade(definition));
      values.delete(name);
      changed = true;
    }
  }

  for (const definition of write.definitions) {
    const name = fieldName(definition.id);
    const required = write.audience === "agent" ? definition.agent_required : definition.enduser_required && definition.enduser_visible;
    if (!required || !definition.active || values.has(name) || details[name]) continue;
    const parent = definition.cascade_id === null ? null : fieldName(definition.cascade_id);
    if (parent !== null && !cascadeApplies(definition.cascade_value, values.get(parent))) continue;
    if (write.mode === "create" || touched.has(name) || (parent !== null && touched.has(parent))) problem(name, "is required");
  }

  if (Object.keys(details).length > 0) throw recordInvalid(details);
  return [...values].map(([name, value]) => ({ name, value }));
}
