import fastJson from "fast-json-stringify";
import { describe, expect, it } from "vitest";
import { itemSchemas, toJsonSchema } from "./json-schemas";
import { wireViews } from "./wire-views";

const properties = (schema: Record<string, unknown>) => schema.properties as Record<string, { type?: unknown }>;

describe("response schemas", () => {
  it("toJsonSchema - timestamps become strings, nullable ones string or null", () => {
    const ticket = properties(toJsonSchema(wireViews.ticket));
    expect(ticket.created_at).toEqual({ type: "string" });
    expect(ticket.closed_at).toEqual({ type: ["string", "null"] });
    expect(ticket.due_date).toEqual({ type: ["string", "null"] });
    expect(ticket.id?.type).toBe("integer");
    expect(ticket.url).toEqual({ type: "string" });
  });

  it("toJsonSchema - nullable scalars become type lists, not anyOf", () => {
    const ticket = properties(toJsonSchema(wireViews.ticket));
    expect(ticket.assignee_id?.type).toEqual(["integer", "null"]);
    expect(ticket.priority).toEqual({ type: ["string", "null"], enum: ["low", "medium", "high", "urgent", null] });
  });

  it("allow-list - fields outside the schema are never written", () => {
    const serialize = fastJson(itemSchemas.user("staff"));
    const endUserSerialize = fastJson(itemSchemas.user("end_user"));
    const user = {
      ...Object.fromEntries(Object.keys(wireViews.user.shape).map((key) => [key, null])),
      id: 1,
      name: "n",
      role: "agent",
      phone_bind: false,
      moderator: false,
      public_comments: true,
      manage_people: false,
      ticket_restriction: "all",
      status: "active",
      tags: [],
      user_fields: [],
      created_at: "2024-01-01 00:00:00",
      updated_at: "2024-01-01 00:00:00",
      url: "http://x/apiv2/users/1.json",
      notes: "internal",
      password_hash: "scrypt$secret",
    };
    expect(serialize(user)).not.toContain("scrypt");
    expect(JSON.parse(serialize(user)).notes).toBe("internal");
    expect(endUserSerialize(user)).not.toContain("internal");
  });
});

describe("ticket serializer", () => {
  it("serialize - writes every custom field value type and a rating as they are, with no anyOf left", () => {
    const schema = itemSchemas.ticket();
    expect(JSON.stringify(schema)).not.toContain("anyOf");
    const serialize = fastJson(schema);
    const customFields = [
      { name: "field_1", value: ["a", "b"] },
      { name: "field_2", value: null },
      { name: "field_3", value: 3.5 },
      { name: "field_4", value: false },
      { name: "field_5", value: 'quote " and \\ slash' },
    ];
    const rating = { id: 2, score: "good", comment: "fine" };
    const ticket = Object.fromEntries((schema.required as string[]).map((key) => [key, null]));
    const written = JSON.parse(serialize({ ...ticket, id: 1, custom_fields: customFields, satisfaction_rating: rating })) as Record<string, unknown>;
    expect(written.custom_fields).toEqual(customFields);
    expect(written.satisfaction_rating).toEqual(rating);
  });
});
