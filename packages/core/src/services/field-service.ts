import { checkFieldDefinition } from "../custom-fields/definition-checks";
import { fieldCreateInputSchema, fieldName, fieldUpdateInputSchema, type FieldDefinition, type FieldKind } from "../domain/custom-field";
import { HelpdeskError, invalidField } from "../errors";
import type { FieldService } from "../help-desk-api";
import type { NewFieldDefinition, Storage } from "../storage";
import { requireRole, type ActorContext } from "./actor-context";
import { parseInput } from "./validation";

const NOT_FOUND = { ticket: "TICKET_FIELD_NOT_FOUND", user: "USER_FIELD_NOT_FOUND" } as const;

type FieldInput = ReturnType<typeof fieldUpdateInputSchema.parse>;
type FieldPatch = Partial<Omit<NewFieldDefinition, "created_at" | "updated_at">>;

/** The definition fields `input` sets, with `title` / `description` read as `agent_title` / `enduser_description`. */
function toPatch(input: FieldInput): FieldPatch {
  const { title, description, type: _type, agent_title, enduser_description, ...rest } = input;
  const patch: FieldPatch = {};
  for (const [key, value] of Object.entries(rest)) if (value !== undefined) Object.assign(patch, { [key]: value });
  const label = agent_title ?? title;
  if (label !== undefined) patch.agent_title = label;
  const help = enduser_description !== undefined ? enduser_description : description;
  if (help !== undefined) patch.enduser_description = help;
  return patch;
}

/** Ticket or user field definitions: agents read them, admins write them; every definition is checked whole. */
export function createFieldService(ctx: ActorContext, kind: FieldKind): FieldService {
  const { tenantId, storage } = ctx;

  async function find(from: Storage, id: number): Promise<FieldDefinition> {
    const field = await from.fieldDefinitions.get(tenantId, kind, id);
    if (!field) throw new HelpdeskError(NOT_FOUND[kind]);
    return field;
  }

  const siblings = (from: Storage) => from.fieldDefinitions.list(tenantId, kind, { activeOnly: false });

  return {
    async list() {
      requireRole(ctx, "agent");
      return storage.fieldDefinitions.list(tenantId, kind, { activeOnly: false });
    },

    async active() {
      requireRole(ctx, "agent");
      return storage.fieldDefinitions.list(tenantId, kind, { activeOnly: true });
    },

    async get(id) {
      requireRole(ctx, "agent");
      return find(storage, id);
    },

    async create(raw) {
      requireRole(ctx, "admin");
      const input = parseInput(fieldCreateInputSchema, raw);
      return storage.transaction(async (tx) => {
        const now = ctx.clock();
        const draft: NewFieldDefinition = {
          type: input.type,
          agent_title: "",
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
          ...toPatch(input),
          created_at: now,
          updated_at: now,
        };
        checkFieldDefinition(draft, null, await siblings(tx));
        return tx.fieldDefinitions.create(tenantId, kind, draft);
      });
    },

    async update(id, raw) {
      requireRole(ctx, "admin");
      const input = parseInput(fieldUpdateInputSchema, raw);
      return storage.transaction(async (tx) => {
        const { id: _id, ...current } = await find(tx, id);
        if (input.type !== undefined && input.type !== current.type) throw invalidField("type", "cannot change: stored values were checked against it");
        const patch = toPatch(input);
        checkFieldDefinition({ ...current, ...patch }, id, await siblings(tx));
        return (await tx.fieldDefinitions.update(tenantId, kind, id, { ...patch, updated_at: ctx.clock() }))!;
      });
    },

    async delete(id) {
      requireRole(ctx, "admin");
      await storage.transaction(async (tx) => {
        await find(tx, id);
        const dependents = (await siblings(tx)).filter((field) => field.cascade_id === id);
        if (dependents.length > 0) {
          throw new HelpdeskError("FIELD_HAS_DEPENDENTS", { description: `Fields depend on ${fieldName(id)}: ${dependents.map((d) => fieldName(d.id)).join(", ")}` });
        }
        await tx.fieldDefinitions.delete(tenantId, kind, id);
      });
    },
  };
}
