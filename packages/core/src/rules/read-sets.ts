import type { Ticket } from "../domain/ticket";
import { isHoursSource } from "./condition-table";

/**
 * Bit masks over the ticket fields conditions read, so the trigger cycle can
 * tell which earlier triggers an action may have turned true: a rule whose
 * read set misses every changed field keeps its verdict.
 */
const BIT = {
  status: 1 << 0,
  type: 1 << 1,
  priority: 1 << 2,
  group_id: 1 << 3,
  requester_id: 1 << 4,
  assignee_id: 1 << 5,
  organization_id: 1 << 6,
  satisfaction_rating: 1 << 7,
  source: 1 << 8,
  recipient: 1 << 9,
  tags: 1 << 10,
  custom_fields: 1 << 11,
  description: 1 << 12,
  times: 1 << 13,
} as const;

/** Every bit: what an unknown source or field counts as, to stay safe. */
export const ALL_FIELDS = (1 << 14) - 1;

const SOURCE_READS = new Map<string, number>([
  ["status", BIT.status],
  ["type_id", BIT.type],
  ["priority", BIT.priority],
  ["group_id", BIT.group_id],
  ["requester_id", BIT.requester_id],
  ["assignee_id", BIT.assignee_id],
  ["organization", BIT.organization_id],
  ["score", BIT.satisfaction_rating],
  ["source", BIT.source],
  ["recipient", BIT.recipient],
  ["tags", BIT.tags],
  ["description", BIT.description],
  // These read the update (event, actor, comment, language), never the working ticket.
  ["{language}", 0],
  ["comment_is_public", 0],
  ["{ticket}", 0],
  ["{current_user}", 0],
]);

/** The ticket fields a condition on `source` reads, as a mask. */
export function sourceReads(source: string): number {
  if (isHoursSource(source)) return BIT.times | BIT.status;
  if (source.startsWith("field_")) return BIT.custom_fields;
  return SOURCE_READS.get(source) ?? ALL_FIELDS;
}

const FIELD_BITS = new Map<string, number>([
  ...Object.entries(BIT).filter(([key]) => key !== "times"),
  ...(["created_at", "updated_at", "assigneed_at", "pending_at", "resolved_at", "closed_at", "requester_updated_at", "assignee_updated_at", "due_date"] as const).map(
    (key): [string, number] => [key, BIT.times],
  ),
  // Read by no condition.
  ...(["id", "title", "problem_id", "collaborator_ids"] as const).map((key): [string, number] => [key, 0]),
]);

/** The fields that differ between two versions of a ticket (by identity: actions copy what they change), as a mask. */
export function changedFields(a: Ticket, b: Ticket): number {
  let mask = 0;
  for (const key of Object.keys(b)) {
    if ((a as Record<string, unknown>)[key] !== (b as Record<string, unknown>)[key]) mask |= FIELD_BITS.get(key) ?? ALL_FIELDS;
  }
  return mask;
}
