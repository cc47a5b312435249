import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatApiDate, parseApiDate } from "../domain/common";
import { FIELD_TYPES, OPTION_TYPES, type FieldDefinition, type FieldType } from "../domain/custom-field";
import { HelpdeskError } from "../errors";
import { resolveFieldValues, type FieldAudience, type FieldValue } from "./field-values";

const OPTIONS = [
  { key: "hw", value: "Hardware", sub_items: ["printer", "screen"] },
  { key: "sw", value: "Software", sub_items: ["os"] },
  { key: "other", value: "Other" },
];
const PATTERN = "^[A-Z]{2}-\\d{1,6}$";

function definition(type: FieldType, overrides: Partial<FieldDefinition> = {}): FieldDefinition {
  return {
    id: 7,
    type,
    agent_title: type,
    agent_required: false,
    enduser_visible: true,
    enduser_title: null,
    enduser_editable: true,
    enduser_description: null,
    enduser_required: false,
    active: true,
    cascade_id: null,
    cascade_value: null,
    custom_field_options: OPTION_TYPES.includes(type)
      ? OPTIONS.map((o) => (type === "multi_cascade" ? o : { key: o.key, value: o.value }))
      : [],
    regexp_for_validation: type === "regexp" ? [PATTERN] : [],
    created_at: 0,
    updated_at: 0,
    ...overrides,
  };
}

const resolve = (field: FieldDefinition, value: FieldValue, audience: FieldAudience = "agent") =>
  resolveFieldValues({ definitions: [field], current: [], given: [{ name: `field_${field.id}`, value }], audience, mode: "create" });

/** The problems a rejected write names, by field; null when it went through. */
function problems(write: () => unknown): Record<string, unknown> | null {
  try {
    write();
    return null;
  } catch (error) {
    if (!(error instanceof HelpdeskError)) throw error;
    expect(error.code).toBe("RECORD_INVALID");
    return error.details ?? {};
  }
}

const nonBlank = fc.string({ maxLength: 200 }).filter((s) => s.trim() !== "");
const dateMs = fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2999, 11, 31) }).map((ms) => ms - (ms % 1000));
const multiCascadePick: fc.Arbitrary<string[]> = fc
  .constantFrom(...OPTIONS)
  .chain((o) => (o.sub_items ? fc.constantFrom(...o.sub_items).map((sub) => [o.key, sub]) : fc.constant([o.key]).map((v) => [...v])));

/** Values each type accepts, with the value it stores. */
const VALID: Record<FieldType, fc.Arbitrary<[FieldValue, FieldValue]>> = {
  text: fc.oneof(nonBlank.map((s) => [s, s.trim()] as [FieldValue, FieldValue]), fc.integer().map((n) => [n, String(n)] as [FieldValue, FieldValue])),
  textarea: nonBlank.map((s): [FieldValue, FieldValue] => [s, s.trim()]),
  int: fc.oneof(fc.maxSafeInteger().map((n) => [n, n] as [FieldValue, FieldValue]), fc.integer().map((n) => [String(n), n] as [FieldValue, FieldValue])),
  decimal: fc.oneof(
    fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => [n, n] as [FieldValue, FieldValue]),
    fc.tuple(fc.integer(), fc.nat(999)).map(([a, b]) => [`${a}.${b}`, Number(`${a}.${b}`)] as [FieldValue, FieldValue]),
  ),
  date: fc.oneof(
    dateMs.map((ms) => [formatApiDate(ms), formatApiDate(ms)] as [FieldValue, FieldValue]),
    dateMs.map((ms) => [formatApiDate(ms).slice(0, 10), formatApiDate(ms).slice(0, 10) + " 00:00:00"] as [FieldValue, FieldValue]),
    dateMs.map((ms) => [ms / 1000, formatApiDate(ms)] as [FieldValue, FieldValue]),
  ),
  checkbox: fc.boolean().map((b): [FieldValue, FieldValue] => [b, b]),
  regexp: fc.stringMatching(/^[A-Z]{2}-\d{1,6}$/).map((s): [FieldValue, FieldValue] => [s, s]),
  dropdownlist: fc.constantFrom(...OPTIONS).map((o): [FieldValue, FieldValue] => [o.key, o.key]),
  cascade: fc.constantFrom(...OPTIONS).map((o): [FieldValue, FieldValue] => [o.key, o.key]),
  multi_cascade: multiCascadePick.map((v): [FieldValue, FieldValue] => [v, v]),
};

const anyArray = fc.array(nonBlank, { minLength: 1, maxLength: 3 });
const notAKey = nonBlank.filter((s) => !OPTIONS.some((o) => o.key === s.trim()));

/** Values outside each type (never blank: a blank value clears the field). */
const INVALID: Record<FieldType, fc.Arbitrary<FieldValue>> = {
  text: fc.oneof(fc.boolean(), anyArray, fc.string({ minLength: 1025, maxLength: 1100 }).filter((s) => s.trim().length > 1024)),
  textarea: fc.oneof(fc.boolean(), anyArray),
  int: fc.oneof(
    fc.double({ noNaN: false }).filter((n) => !Number.isSafeInteger(n)),
    nonBlank.filter((s) => !/^[+-]?\d{1,16}$/.test(s.trim()) || !Number.isSafeInteger(Number(s))),
    fc.boolean(),
    anyArray,
  ),
  decimal: fc.oneof(fc.constantFrom(Number.NaN, Infinity, -Infinity), nonBlank.filter((s) => !/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(s.trim())), fc.boolean(), anyArray),
  date: fc.oneof(nonBlank.filter((s) => parseApiDate(s) === null), fc.constantFrom("2024-02-30", "2024-13-01", "2024-01-01 24:00:00", -1, 1.5), fc.boolean(), anyArray),
  checkbox: fc.oneof(nonBlank, fc.integer(), anyArray),
  regexp: fc.oneof(nonBlank.filter((s) => !new RegExp(PATTERN).test(s.trim())), fc.boolean(), anyArray),
  dropdownlist: fc.oneof(notAKey, fc.boolean(), anyArray),
  cascade: fc.oneof(notAKey, fc.boolean(), anyArray),
  multi_cascade: fc.oneof(
    nonBlank,
    fc.boolean(),
    fc.integer(),
    fc.constantFrom(["hw"], ["hw", "os"], ["other", "x"], ["sw", "os", "extra"], ["nope", "printer"]).map((v) => [...v]),
    fc.tuple(notAKey, nonBlank).map(([a, b]) => [a, b]),
  ),
};

describe("resolveFieldValues - property tests by type", () => {
  for (const type of FIELD_TYPES) {
    it(`resolveFieldValues - a valid ${type} value passes and is stored normalized`, () => {
      fc.assert(
        fc.property(VALID[type], ([value, stored]) => {
          expect(resolve(definition(type), value)).toEqual([{ name: "field_7", value: stored }]);
        }),
      );
    });

    it(`resolveFieldValues - a value outside ${type} is a 422 naming the field`, () => {
      fc.assert(
        fc.property(INVALID[type], (value) => {
          expect(Object.keys(problems(() => resolve(definition(type), value)) ?? {})).toEqual(["field_7"]);
        }),
      );
    });
  }

  it("resolveFieldValues - never throws anything but a HelpdeskError, whatever the definitions and values", () => {
    const anyValue = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.string(), fc.double(), fc.constant(undefined)) as fc.Arbitrary<FieldValue>;
    const anyDefinition = fc.record({
      id: fc.integer({ min: 1, max: 4 }),
      type: fc.constantFrom(...FIELD_TYPES),
      agent_required: fc.boolean(),
      enduser_visible: fc.boolean(),
      enduser_editable: fc.boolean(),
      enduser_required: fc.boolean(),
      active: fc.boolean(),
      cascade_id: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
      cascade_value: fc.oneof(fc.constant(null), fc.string(), fc.array(fc.string(), { maxLength: 3 })),
      custom_field_options: fc.array(fc.record({ key: fc.string(), value: fc.string(), sub_items: fc.option(fc.array(fc.string()), { nil: undefined }) }), { maxLength: 3 }),
      regexp_for_validation: fc.array(fc.constantFrom(PATTERN, "(", "^a+$", ""), { maxLength: 2 }),
    });
    const entry = fc.record({ name: fc.oneof(fc.constantFrom("field_1", "field_2", "field_3", "field_4", "__proto__"), fc.string()), value: anyValue });
    fc.assert(
      fc.property(
        fc.array(anyDefinition, { maxLength: 4 }),
        fc.array(entry, { maxLength: 4 }),
        fc.option(fc.array(entry, { maxLength: 4 }), { nil: undefined }),
        fc.constantFrom("agent", "end_user"),
        fc.constantFrom("create", "update"),
        (partial, current, given, audience, mode) => {
          const definitions = partial.map((d) => ({ ...definition(d.type), ...d, custom_field_options: d.custom_field_options.map(({ sub_items, ...o }) => (sub_items ? { ...o, sub_items } : o)) }));
          problems(() => resolveFieldValues({ definitions, current, given, audience, mode }));
        },
      ),
    );
  });
});

describe("resolveFieldValues - rules", () => {
  const name = (id: number) => `field_${id}`;

  it("resolveFieldValues - blank values clear a field; given values merge over the current ones in place", () => {
    const text = definition("text", { id: 1 });
    const int = definition("int", { id: 2 });
    const current = [{ name: name(1), value: "old" }, { name: name(2), value: 3 }, { name: "field_99", value: "legacy" }];
    const result = resolveFieldValues({ definitions: [text, int], current, given: [{ name: name(1), value: "new" }, { name: name(2), value: "  " }], audience: "agent", mode: "update" });
    expect(result).toEqual([{ name: name(1), value: "new" }, { name: "field_99", value: "legacy" }]);
  });

  it("resolveFieldValues - unknown, inactive, duplicate and end-user-locked fields are named", () => {
    const locked = definition("text", { id: 1, enduser_editable: false });
    const off = definition("text", { id: 2, active: false });
    const given = [{ name: name(1), value: "a" }, { name: name(2), value: "b" }, { name: name(3), value: "c" }, { name: name(3), value: "d" }];
    const details = problems(() => resolveFieldValues({ definitions: [locked, off], current: [], given, audience: "end_user", mode: "create" }));
    expect(details).toEqual({
      [name(1)]: [{ description: "is not editable by end users" }],
      [name(2)]: [{ description: "is inactive" }],
      [name(3)]: [{ description: "is not a field of this help desk" }, { description: "is given more than once" }],
    });
    expect(problems(() => resolveFieldValues({ definitions: [locked], current: [], given: [{ name: name(1), value: "a" }], audience: "agent", mode: "create" }))).toBeNull();
  });

  it("resolveFieldValues - required fields: all on create, only the touched ones on update, per audience", () => {
    const agentOnly = definition("text", { id: 1, agent_required: true });
    const endUser = definition("text", { id: 2, enduser_required: true });
    const inactive = definition("text", { id: 3, agent_required: true, active: false });
    const definitions = [agentOnly, endUser, inactive];
    expect(problems(() => resolveFieldValues({ definitions, current: [], given: undefined, audience: "agent", mode: "create" }))).toEqual({ [name(1)]: [{ description: "is required" }] });
    expect(problems(() => resolveFieldValues({ definitions, current: [], given: [], audience: "end_user", mode: "create" }))).toEqual({ [name(2)]: [{ description: "is required" }] });
    expect(resolveFieldValues({ definitions, current: [], given: [], audience: "agent", mode: "update" })).toEqual([]);
    const cleared = problems(() => resolveFieldValues({ definitions, current: [{ name: name(1), value: "x" }], given: [{ name: name(1), value: null }], audience: "agent", mode: "update" }));
    expect(cleared).toEqual({ [name(1)]: [{ description: "is required" }] });
  });

  it("resolveFieldValues - a dependent field takes a value only under its parent's cascade_value, and follows it away", () => {
    const parent = definition("multi_cascade", { id: 1 });
    const child = definition("int", { id: 2, cascade_id: 1, cascade_value: ["hw", "printer"], agent_required: true });
    const grandchild = definition("text", { id: 3, cascade_id: 2 as number, cascade_value: null });
    const definitions = [parent, child, grandchild];
    const under = resolveFieldValues({ definitions, current: [], given: [{ name: name(1), value: ["hw", "printer"] }, { name: name(2), value: "5" }], audience: "agent", mode: "create" });
    expect(under).toEqual([{ name: name(1), value: ["hw", "printer"] }, { name: name(2), value: 5 }]);

    const elsewhere = problems(() => resolveFieldValues({ definitions, current: [], given: [{ name: name(1), value: ["sw", "os"] }, { name: name(2), value: 5 }], audience: "agent", mode: "create" }));
    expect(Object.keys(elsewhere ?? {})).toEqual([name(2)]);

    // The parent moves: the dependent's stored value goes, and it is not required there.
    const moved = resolveFieldValues({ definitions, current: under, given: [{ name: name(1), value: ["other"] }], audience: "agent", mode: "update" });
    expect(moved).toEqual([{ name: name(1), value: ["other"] }]);

    // Back under the option: the dependent is required again.
    const back = problems(() => resolveFieldValues({ definitions, current: moved, given: [{ name: name(1), value: ["hw", "printer"] }], audience: "agent", mode: "update" }));
    expect(back).toEqual({ [name(2)]: [{ description: "is required" }] });
  });
});
