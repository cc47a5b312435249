import type { Ticket } from "../domain/ticket";
import type { RuleComment } from "../rules";
import type { Storage, TicketPatch } from "../storage";
import type { ActorContext } from "./actor-context";
import type { CommentDraft } from "./ticket-creation";
import { addTicketComment } from "./ticket-comments";
import { checkTicketReferences } from "./ticket-references";
import { checkTransition } from "./ticket-rules";
import { finishTicketWrite } from "./ticket-writes";

const REFERENCE_KEYS = new Set(["assignee_id", "group_id", "problem_id", "collaborator_ids"]);

/**
 * Applies a change to a ticket read locked in the caller's transaction:
 * checks the lifecycle and the references that changed, adds the comment
 * (by the actor), then runs the triggers and saves. Every update path (agent
 * updates, bulk updates, end-user replies) goes through here. Resolves to
 * `before` itself when nothing changes and there is no comment.
 */
export async function applyTicketChange(
  ctx: ActorContext,
  storage: Storage,
  before: Ticket,
  patch: Omit<TicketPatch, "updated_at">,
  commentDraft: CommentDraft | null,
): Promise<Ticket> {
  const { tenantId } = ctx;
  const now = ctx.clock();
  const changed = Object.entries(patch).filter(([key, value]) => JSON.stringify(before[key as keyof Ticket]) !== JSON.stringify(value));
  if (changed.length === 0 && !commentDraft) return before;
  const after = { ...before, ...Object.fromEntries(changed) } as Ticket;
  checkTransition(before, after);
  if (changed.some(([key]) => REFERENCE_KEYS.has(key))) await checkTicketReferences(storage, tenantId, after, before.id);
  let comment: RuleComment | null = null;
  if (commentDraft) {
    comment = { content: commentDraft.content, public: commentDraft.public };
    await addTicketComment(storage, tenantId, before.id, { author_id: ctx.actor.id, ...comment, created_at: now }, commentDraft.uploads);
  }
  const write = { storage, tenantId, actor: ctx.actor, rules: ctx.rules, now };
  return finishTicketWrite({ ...write, stored: before, before, after, event: "updated", comment });
}
