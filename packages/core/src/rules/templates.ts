/** A person a template may name. */
export interface TemplatePerson {
  id: number;
  name: string;
  email: string | null;
}

/** What `{{…}}` placeholders in rule subjects and bodies can read; extra keys are allowed and readable. */
export interface TemplateData {
  ticket: {
    id: number;
    title: string;
    description: string;
    url: string;
    status: string;
    priority: string | null;
    type: string | null;
    /** Rendered space-separated, as Zendesk does. */
    tags: readonly string[];
    requester: TemplatePerson | null;
    assignee: TemplatePerson | null;
    group: { id: number; name: string } | null;
    [key: string]: unknown;
  };
  account: { name: string; url?: string };
  current_user: TemplatePerson;
  [key: string]: unknown;
}

/** Options of `renderTemplate`: `html` escapes substituted values (e-mail bodies); webhooks use plain text. */
export interface RenderOptions {
  html: boolean;
}

/** Output is cut at this many characters, so a template full of large placeholders stays bounded. */
export const TEMPLATE_OUTPUT_LIMIT = 100_000;

// A placeholder is a dotted path of identifiers with optional spaces inside the braces; anything else between braces is left as text.
const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)\s*\}\}/g;
const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);
const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Walks own, plain data properties only: no prototype chain, no getters, no functions. */
function lookup(data: unknown, path: string): unknown {
  let current: unknown = data;
  try {
    for (const key of path.split(".")) {
      if (FORBIDDEN_KEYS.has(key) || current === null || typeof current !== "object" || Array.isArray(current)) return undefined;
      const descriptor = Object.getOwnPropertyDescriptor(current, key);
      if (descriptor === undefined || !("value" in descriptor)) return undefined;
      current = descriptor.value;
    }
  } catch {
    // Only a hostile Proxy gets here; a blank is what an unreadable value renders as.
    return undefined;
  }
  return current;
}

/** The text of a value: strings, finite numbers and booleans as such, arrays of them space-separated, anything else blank. */
function textOf(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return String(value);
  if (Array.isArray(value)) {
    return value.filter((v) => typeof v === "string" || (typeof v === "number" && Number.isFinite(v)) || typeof v === "boolean").join(" ");
  }
  return "";
}

/** Escapes the five characters that are markup in HTML text and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/**
 * Substitutes `{{path.to.value}}` placeholders in one pass (no loops, no
 * filters, no Liquid): unknown or null paths render blank, substituted values
 * are never re-read as templates, are HTML-escaped when `html`, and rendered
 * output is capped at TEMPLATE_OUTPUT_LIMIT characters; a template without
 * `{{` comes back unchanged. Never throws.
 */
export function renderTemplate(template: string, data: TemplateData, options: RenderOptions): string {
  // Nothing to substitute: the template (bounded by the rule schema) comes back unchanged.
  if (!template.includes("{{")) return template;
  let out = "";
  let last = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    const text = textOf(lookup(data, match[1]!));
    out += template.slice(last, match.index) + (options.html ? escapeHtml(text) : text);
    last = match.index + match[0].length;
    if (out.length >= TEMPLATE_OUTPUT_LIMIT) return out.slice(0, TEMPLATE_OUTPUT_LIMIT);
  }
  out += template.slice(last);
  return out.length > TEMPLATE_OUTPUT_LIMIT ? out.slice(0, TEMPLATE_OUTPUT_LIMIT) : out;
}
