import { describe, expect, it } from "vitest";
import type { NewFieldDefinition } from "../storage";
import type { ConformanceContext } from "./conformance-context";
import { at, createTenant, createTenants, idsOf, newComment, newTicket, newUser } from "./fixtures";

/** An active text field with nothing else set. */
function newField(overrides: Partial<NewFieldDefinition> = {}): NewFieldDefinition {
  return {
    type: "text",
    agent_title: "Serial number",
    agent_required: false,
    enduser_visible: false,
    enduser_title: null,
    enduser_editable: false,
    enduser_description: null,
    enduser_required: false,
    active: true,
    cascade_id: null,
    cascade_value: null,
    custom_field_options: [],
    regexp_for_validation: [],
    created_at: at(0),
    updated_at: at(0),
    ...overrides,
  };
}

export function describeFieldDefinitions(ctx: ConformanceContext): void {
  describe("field definitions", () => {
    it("fieldDefinitions.create - returns every column as given, and get reads it back", async () => {
      const tenant = await createTenant(ctx.storage);
      const parent = await ctx.storage.fieldDefinitions.create(tenant.id, "ticket", newField({
        type: "multi_cascade",
        custom_field_options: [{ key: "hw", value: "Hardware", sub_items: ["printer", "screen"] }, { key: "sw", value: "Software" }],
      }));
      const data = newField({
        type: "regexp",
        agent_title: "Asset tag",
        agent_required: true,
        enduser_visible: true,
        enduser_title: "Your asset tag",
        enduser_editable: true,
        enduser_description: "On the sticker",
        enduser_required: true,
        active: false,
        cascade_id: parent.id,
        cascade_value: ["hw", "printer"],
        regexp_for_validation: ["^[A-Z]{2}-\\d+$", "^\\S+$"],
        created_at: at(1),
        updated_at: at(2),
      });
      const created = await ctx.storage.fieldDefinitions.create(tenant.id, "ticket", data);
      expect(created).toEqual({ id: expect.any(Number), ...data });
      expect(await ctx.storage.fieldDefinitions.get(tenant.id, "ticket", created.id)).toEqual(created);
      expect(await ctx.storage.fieldDefinitions.get(tenant.id, "ticket", parent.id)).toEqual(parent);
      expect(parent.custom_field_options).toEqual([{ key: "hw", value: "Hardware", sub_items: ["printer", "screen"] }, { key: "sw", value: "Software" }]);
    });

    it("fieldDefinitions.create - a string cascade_value stays a string; ids are shared by both kinds", async () => {
      const tenant = await createTenant(ctx.storage);
      const ticketField = await ctx.storage.fieldDefinitions.create(tenant.id, "ticket", newField({ cascade_id: 1, cascade_value: "hw" }));
      const userField = await ctx.storage.fieldDefinitions.create(tenant.id, "user", newField());
      expect(ticketField.cascade_value).toBe("hw");
      expect(userField.id).not.toBe(ticketField.id);
    });

    it("fieldDefinitions.get - null for an unknown id and for a definition of the other kind", async () => {
      const tenant = await createTenant(ctx.storage);
      const field = await ctx.storage.fieldDefinitions.create(tenant.id, "user", newField());
      expect(await ctx.storage.fieldDefinitions.get(tenant.id, "user", 999_999)).toBeNull();
      expect(await ctx.storage.fieldDefinitions.get(tenant.id, "ticket", field.id)).toBeNull();
    });

    it("fieldDefinitions.list - one kind by id; activeOnly leaves inactive ones out", async () => {
      const tenant = await createTenant(ctx.storage);
      const one = await ctx.storage.fieldDefinitions.create(tenant.id, "ticket", newField());
      const off = await ctx.storage.fieldDefinitions.create(tenant.id, "ticket", newField({ active: false }));
      await ctx.storage.fieldDefinitions.create(tenant.id, "user", newField());
      const three = await ctx.storage.fieldDefinitions.create(tenant.id, "ticket", newField());
      expect(idsOf(await ctx.storage.fieldDefinitions.list(tenant.id, "ticket", { activeOnly: false }))).toEqual([one.id, off.id, three.id]);
      expect(idsOf(await ctx.storage.fieldDefinitions.list(tenant.id, "ticket", { activeOnly: true }))).toEqual([one.id, three.id]);
    });

    it("fieldDefinitions.update - changes the fields named and leaves the others", async () => {
      const tenant = await createTenant(ctx.storage);
      const created = await ctx.storage.fieldDefinitions.create(tenant.id, "ticket", newField({ type: "dropdownlist", custom_field_options: [{ key: "a", value: "A" }] }));
      const patch = { agent_title: "Renamed", active: false, custom_field_options: [{ key: "b", value: "B" }], cascade_value: ["x", "y"], updated_at: at(5) };
      const updated = await ctx.storage.fieldDefinitions.update(tenant.id, "ticket", created.id, patch);
      expect(updated).toEqual({ ...created, ...patch });
      expect(await ctx.storage.fieldDefinitions.get(tenant.id, "ticket", created.id)).toEqual(updated);
      const cleared = await ctx.storage.fieldDefinitions.update(tenant.id, "ticket", created.id, { cascade_value: null, enduser_title: null, updated_at: at(6) });
      expect(cleared).toEqual({ ...updated, cascade_value: null, updated_at: at(6) });
    });

    it("fieldDefinitions.update - null for an unknown id or the other kind", async () => {
      const tenant = await createTenant(ctx.storage);
      const field = await ctx.storage.fieldDefinitions.create(tenant.id, "ticket", newField());
      expect(await ctx.storage.fieldDefinitions.update(tenant.id, "ticket", 999_999, { updated_at: at(1) })).toBeNull();
      expect(await ctx.storage.fieldDefinitions.update(tenant.id, "user", field.id, { agent_title: "X", updated_at: at(1) })).toBeNull();
      expect(await ctx.storage.fieldDefinitions.get(tenant.id, "ticket", field.id)).toEqual(field);
    });

    it("fieldDefinitions.delete - removes the definition and its ticket values, keeping other values, their order and updated_at", async () => {
      const tenant = await createTenant(ctx.storage);
      const user = await ctx.storage.users.create(tenant.id, newUser());
      const doomed = await ctx.storage.fieldDefinitions.create(tenant.id, "ticket", newField());
      const kept = await ctx.storage.fieldDefinitions.create(tenant.id, "ticket", newField());
      const name = `field_${doomed.id}`;
      const other = `field_${kept.id}`;
      const both = await ctx.storage.tickets.create(tenant.id, newTicket(user.id, {
        custom_fields: [{ name: "field_999999", value: 1 }, { name, value: "gone" }, { name: other, value: ["a", "b"] }],
        updated_at: at(7),
      }), newComment(user.id));
      const without = await ctx.storage.tickets.create(tenant.id, newTicket(user.id, { custom_fields: [{ name: other, value: true }] }), newComment(user.id));
      const only = await ctx.storage.tickets.create(tenant.id, newTicket(user.id, { custom_fields: [{ name, value: 3 }] }), newComment(user.id));

      expect(await ctx.storage.fieldDefinitions.delete(tenant.id, "ticket", doomed.id)).toBe(true);
      expect(await ctx.storage.fieldDefinitions.get(tenant.id, "ticket", doomed.id)).toBeNull();
      expect(await ctx.storage.tickets.get(tenant.id, both.id)).toEqual({ ...both, custom_fields: [{ name: "field_999999", value: 1 }, { name: other, value: ["a", "b"] }] });
      expect(await ctx.storage.tickets.get(tenant.id, without.id)).toEqual(without);
      expect(await ctx.storage.tickets.get(tenant.id, only.id)).toEqual({ ...only, custom_fields: [] });
      expect(await ctx.storage.fieldDefinitions.get(tenant.id, "ticket", kept.id)).toEqual(kept);
    });

    it("fieldDefinitions.delete - a user field's values leave the users, not the tickets", async () => {
      const tenant = await createTenant(ctx.storage);
      const field = await ctx.storage.fieldDefinitions.create(tenant.id, "user", newField());
      const name = `field_${field.id}`;
      const user = await ctx.storage.users.create(tenant.id, newUser({ user_fields: [{ name, value: "x" }, { name: "field_999999", value: "y" }] }));
      const ticket = await ctx.storage.tickets.create(tenant.id, newTicket(user.id, { custom_fields: [{ name, value: "stays" }] }), newComment(user.id));
      expect(await ctx.storage.fieldDefinitions.delete(tenant.id, "user", field.id)).toBe(true);
      expect(await ctx.storage.users.get(tenant.id, user.id)).toEqual({ ...user, user_fields: [{ name: "field_999999", value: "y" }] });
      expect(await ctx.storage.tickets.get(tenant.id, ticket.id)).toEqual(ticket);
    });

    it("fieldDefinitions.delete - false for an unknown id or the other kind, touching nothing", async () => {
      const tenant = await createTenant(ctx.storage);
      const field = await ctx.storage.fieldDefinitions.create(tenant.id, "ticket", newField());
      expect(await ctx.storage.fieldDefinitions.delete(tenant.id, "ticket", 999_999)).toBe(false);
      expect(await ctx.storage.fieldDefinitions.delete(tenant.id, "user", field.id)).toBe(false);
      expect(await ctx.storage.fieldDefinitions.get(tenant.id, "ticket", field.id)).toEqual(field);
    });

    it("fieldDefinitions - another tenant neither sees, changes nor deletes a definition, nor loses values to its delete", async () => {
      const [a, b] = await createTenants(ctx.storage);
      const field = await ctx.storage.fieldDefinitions.create(a.id, "ticket", newField());
      const name = `field_${field.id}`;
      const userB = await ctx.storage.users.create(b.id, newUser());
      const ticketB = await ctx.storage.tickets.create(b.id, newTicket(userB.id, { custom_fields: [{ name, value: "b's own" }] }), newComment(userB.id));

      expect(await ctx.storage.fieldDefinitions.get(b.id, "ticket", field.id)).toBeNull();
      expect(await ctx.storage.fieldDefinitions.list(b.id, "ticket", { activeOnly: false })).toEqual([]);
      expect(await ctx.storage.fieldDefinitions.update(b.id, "ticket", field.id, { agent_title: "Hijacked", updated_at: at(1) })).toBeNull();
      expect(await ctx.storage.fieldDefinitions.delete(b.id, "ticket", field.id)).toBe(false);
      expect(await ctx.storage.fieldDefinitions.get(a.id, "ticket", field.id)).toEqual(field);

      expect(await ctx.storage.fieldDefinitions.delete(a.id, "ticket", field.id)).toBe(true);
      expect(await ctx.storage.tickets.get(b.id, ticketB.id)).toEqual(ticketB);
    });

    it("fieldDefinitions.delete - rolls back with the transaction, values included", async () => {
      const tenant = await createTenant(ctx.storage);
      const user = await ctx.storage.users.create(tenant.id, newUser());
      const field = await ctx.storage.fieldDefinitions.create(tenant.id, "ticket", newField());
      const ticket = await ctx.storage.tickets.create(tenant.id, newTicket(user.id, { custom_fields: [{ name: `field_${field.id}`, value: "v" }] }), newComment(user.id));
      const failure = new Error("changed my mind");
      await expect(
        ctx.storage.transaction(async (tx) => {
          await tx.fieldDefinitions.delete(tenant.id, "ticket", field.id);
          throw failure;
        }),
      ).rejects.toBe(failure);
      expect(await ctx.storage.fieldDefinitions.get(tenant.id, "ticket", field.id)).toEqual(field);
      expect(await ctx.storage.tickets.get(tenant.id, ticket.id)).toEqual(ticket);
    });
  });
}
