import type { CustomField } from "../domain/common";
import type { FieldKind } from "../domain/custom-field";
import type { Storage } from "../storage";
import { resolveFieldValues, type FieldAudience, type FieldWriteMode } from "./field-values";

export interface CustomFieldsWrite {
  /** The values stored now: `[]` on create. */
  current: readonly CustomField[];
  /** The `custom_fields` / `user_fields` of the body, if it has them. */
  given: readonly CustomField[] | undefined;
  audience: FieldAudience;
  mode: FieldWriteMode;
}

/**
 * Validates a ticket's `custom_fields` (kind ticket) or a user's `user_fields`
 * (kind user) against the tenant's definitions and resolves to the full list
 * to store: normalized values, the given ones merged over `current`. Rejects
 * with RECORD_INVALID whose `details` are keyed by field name
 * (`{"field_12": [{description}]}`); never writes. An update that names no
 * values resolves to `current` without reading the definitions.
 */
export async function validateCustomFields(storage: Storage, tenantId: number, kind: FieldKind, write: CustomFieldsWrite): Promise<CustomField[]> {
  if (write.mode === "update" && write.given === undefined) return [...write.current];
  const definitions = await storage.fieldDefinitions.list(tenantId, kind, { activeOnly: false });
  return resolveFieldValues({ ...write, definitions });
}
