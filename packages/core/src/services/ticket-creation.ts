import type { CustomField } from "../domain/common";
import type { Ticket, TicketPriority, TicketSource, TicketStatus, TicketType } from "../domain/ticket";
import type { User } from "../domain/user";
import type { RuleComment } from "../rules";
import type { Storage } from "../storage";
import type { ActorContext } from "./actor-context";
import type { FieldAudience } from "../custom-fields/field-values";
import { validateCustomFields } from "../custom-fields/validate-custom-fields";
import { bindFirstCommentUploads } from "./ticket-comments";
import { checkTicketReferences } from "./ticket-references";
import { lifecycleStamps } from "./ticket-rules";
import { finishTicketWrite } from "./ticket-writes";

/** A comment being written, with whether it is public decided and the attachment tokens as the caller gave them. */
export interface CommentDraft extends RuleComment {
  uploads?: string[] | undefined;
}

/** A new ticket as a write path has validated it; absent fields take the ticket defaults. */
export interface TicketDraft {
  title: string;
  /** The first comment, which becomes the description; written by the actor. */
  comment: CommentDraft;
  requester: User;
  source: TicketSource;
  assignee_id?: number | null | undefined;
  /** Absent: the requester's organization's group. */
  group_id?: number | null | undefined;
  type?: TicketType | null | undefined;
  status?: TicketStatus | undefined;
  priority?: TicketPriority | null | undefined;
  problem_id?: number | null | undefined;
  due_date?: number | null | undefined;
  tags?: string[] | undefined;
  collaborator_ids?: number[] | undefined;
  custom_fields?: CustomField[] | undefined;
  /** Whose field rules apply to `custom_fields`: agents', or end users' (editable, required-on-submit). */
  fieldAudience: FieldAudience;
}

/**
 * Creates a ticket inside the caller's transaction `tx`: defaults, lifecycle
 * and reference checks, the insert with its first comment, then the
 * triggers. Every way of raising a ticket (agent tickets, end-user requests)
 * goes through here.
 */
export async function createTicketRecord(ctx: ActorContext, tx: Storage, draft: TicketDraft): Promise<Ticket> {
  const { tenantId, actor } = ctx;
  const now = ctx.clock();
  const { requester } = draft;
  const organization = requester.organization_id === null ? null : await tx.organizations.get(tenantId, requester.organization_id);
  const assignee_id = draft.assignee_id ?? null;
  const group_id = draft.group_id !== undefined ? draft.group_id : (organization?.group_id ?? null);
  const state = {
    status: draft.status ?? (assignee_id !== null ? "open" : "new"),
    assignee_id,
    type: draft.type ?? null,
    problem_id: draft.problem_id ?? null,
    due_date: draft.due_date ?? null,
    assigneed_at: null,
    resolved_at: null,
    closed_at: null,
  } as const;
  const stamps = lifecycleStamps(null, state, now);
  const custom_fields = await validateCustomFields(tx, tenantId, "ticket", { current: [], given: draft.custom_fields, audience: draft.fieldAudience, mode: "create" });
  const collaborator_ids = [...new Set(draft.collaborator_ids ?? [])];
  await checkTicketReferences(tx, tenantId, { assignee_id, group_id, problem_id: state.problem_id, collaborator_ids }, null);
  const comment: RuleComment = { content: draft.comment.content, public: draft.comment.public };
  const created = await tx.tickets.create(
    tenantId,
    {
      pending_at: null,
      requester_updated_at: requester.id === actor.id ? now : null,
      assignee_updated_at: assignee_id === actor.id ? now : null,
      ...state,
      ...stamps,
      title: draft.title,
      description: comment.content,
      priority: draft.priority ?? null,
      recipient: null,
      requester_id: requester.id,
      organization_id: requester.organization_id,
      group_id,
      created_at: now,
      updated_at: now,
      source: draft.source,
      collaborator_ids,
      tags: draft.tags ?? [],
      custom_fields,
      satisfaction_rating: null,
    },
    { author_id: actor.id, ...comment, created_at: now },
  );
  await bindFirstCommentUploads(tx, tenantId, created.id, draft.comment.uploads);
  const write = { storage: tx, tenantId, actor, rules: ctx.rules, now };
  return finishTicketWrite({ ...write, stored: created, before: null, after: created, event: "created", comment });
}
