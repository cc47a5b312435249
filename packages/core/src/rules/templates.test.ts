import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { renderTemplate, TEMPLATE_OUTPUT_LIMIT, type TemplateData } from "./templates";

const data: TemplateData = {
  ticket: {
    id: 12,
    title: "Printer {{account.name}} <on fire>",
    description: "Smoke & flames",
    url: "https://support.example.com/agent/tickets/12",
    status: "open",
    priority: null,
    type: "incident",
    tags: ["vip", "billing"],
    requester: { id: 3, name: "Casey", email: "casey@example.org" },
    assignee: null,
    group: { id: 2, name: "Tier 2" },
  },
  account: { name: "Example Support" },
  current_user: { id: 7, name: "Ada", email: "ada@example.com" },
};

describe("renderTemplate", () => {
  it("renderTemplate - substitutes dotted paths, with spaces inside the braces", () => {
    expect(renderTemplate("#{{ticket.id}} {{ ticket.requester.name }} / {{account.name}} [{{ticket.tags}}]", data, { html: false })).toBe(
      "#12 Casey / Example Support [vip billing]",
    );
  });

  it("renderTemplate - unknown, null and object paths render blank, as in Zendesk", () => {
    expect(renderTemplate("[{{ticket.priority}}][{{ticket.assignee.name}}][{{nope.x}}][{{ticket.requester}}][{{account.url}}]", data, { html: false })).toBe("[][][][][]");
  });

  it("renderTemplate - never re-reads substituted values and escapes them for HTML only", () => {
    expect(renderTemplate("{{ticket.title}}", data, { html: false })).toBe("Printer {{account.name}} <on fire>");
    expect(renderTemplate("<p>{{ticket.title}} {{ticket.description}}</p>", data, { html: true })).toBe(
      "<p>Printer {{account.name}} &lt;on fire&gt; Smoke &amp; flames</p>",
    );
  });

  it("renderTemplate - offers no way into prototypes or functions, and leaves non-placeholders as text", () => {
    const template = "{{__proto__}}{{constructor}}{{ticket.constructor.name}}{{ticket.title.length}}{{account.toString}}|{{#if x}}|{{ a b }}|{{";
    expect(renderTemplate(template, data, { html: false })).toBe("|{{#if x}}|{{ a b }}|{{");
  });

  it("renderTemplate - caps the output", () => {
    const big = { ...data, ticket: { ...data.ticket, description: "x".repeat(60_000) } };
    expect(renderTemplate("{{ticket.description}}{{ticket.description}}", big, { html: false })).toHaveLength(TEMPLATE_OUTPUT_LIMIT);
  });

  it("renderTemplate - never throws, is deterministic, and leaves templates without {{ unchanged", () => {
    const piece = fc.oneof(fc.string(), fc.constantFrom("{{", "}}", "{{ticket.title}}", "{{ __proto__.x }}", "{{ticket.", ".", "&<>"));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }).map((parts) => parts.join("")), fc.boolean(), (template, html) => {
        const out = renderTemplate(template, data, { html });
        expect(renderTemplate(template, data, { html })).toBe(out);
        if (!template.includes("{{")) expect(out).toBe(template);
      }),
      { numRuns: 200 },
    );
  });
});
