import { MAX_PATTERN_LENGTH } from "../domain/custom-field";

/** Longest value tested against a validation expression: bounds the work any accepted pattern can do. */
export const MAX_TESTED_VALUE_LENGTH = 1024;

const QUANTIFIER_START = /[*+{]/;

/** Whether the quantifier at `i` lets its atom repeat more than once (`*`, `+`, `{n,}`, `{n,m}` with m > 1). */
function repeatsAt(pattern: string, i: number): boolean {
  const c = pattern[i];
  if (c === "*" || c === "+") return true;
  if (c !== "{") return false;
  const m = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i));
  if (!m) return false;
  if (m[2] === undefined) return Number(m[1]) > 1;
  return m[3] === "" || Number(m[3]) > 1;
}

/**
 * True when a repeated group contains a repetition, as in `(a+)+` or
 * `(\w*x?)*`: the classic shape of catastrophic backtracking. A heuristic:
 * it reads the pattern's structure only (escapes, classes, groups).
 */
function hasNestedRepetition(pattern: string): boolean {
  const stack: boolean[] = [false];
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === "\\") {
      i++;
      continue;
    }
    if (c === "[") {
      // Skip the class: `]` right after `[` or `[^` is a literal.
      i += pattern[i + 1] === "^" ? 2 : 1;
      if (pattern[i] === "]") i++;
      while (i < pattern.length && pattern[i] !== "]") i += pattern[i] === "\\" ? 2 : 1;
      continue;
    }
    if (c === "(") {
      stack.push(false);
      continue;
    }
    if (c === ")") {
      const inner = stack.length > 1 ? stack.pop()! : false;
      const repeated = repeatsAt(pattern, i + 1);
      if (repeated && inner) return true;
      stack[stack.length - 1] ||= inner || repeated;
      continue;
    }
    if (QUANTIFIER_START.test(c) && repeatsAt(pattern, i)) stack[stack.length - 1] = true;
  }
  return false;
}

/**
 * Why `pattern` cannot be a validation expression, or null when it can: it
 * must compile as a JavaScript regular expression, stay within the length
 * cap, and avoid back-references and nested repetition, which make matching
 * time explode on crafted input (JavaScript has no match timeout).
 */
export function patternProblem(pattern: string): string | null {
  if (pattern.length > MAX_PATTERN_LENGTH) return `must have at most ${MAX_PATTERN_LENGTH} characters`;
  try {
    new RegExp(pattern);
  } catch {
    return "is not a valid regular expression";
  }
  if (/\\[1-9]|\\k</.test(pattern)) return "must not use back-references";
  if (hasNestedRepetition(pattern)) return "must not repeat a group that itself repeats (it could take exponential time)";
  return null;
}
