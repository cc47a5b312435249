import { HelpdeskError, type ErrorDetails } from "../errors";
import type { Group } from "../domain/group";
import type { TicketImportParams } from "../domain/ticket-import";
import { roleAtLeast, type User } from "../domain/user";
import type { NewTicket, NewTicketComment, Storage } from "../storage";
import { checkTransition, transitionStamps } from "./ticket-rules";
import { recordInvalid } from "./validation";

/** The users and groups a batch of imported tickets names, read once for the whole batch. */
export interface ImportReferences {
  users: Map<number, User>;
  groups: Map<number, Group>;
}

/** Reads every user and group that `tickets` name. */
export async function loadImportReferences(storage: Storage, tenantId: number, tickets: TicketImportParams[]): Promise<ImportReferences> {
  const userIds = new Set<number>();
  const groupIds = new Set<number>();
  for (const t of tickets) {
    userIds.add(t.requester_id);
    if (t.assignee_id != null) userIds.add(t.assignee_id);
    for (const c of t.comments) userIds.add(c.author_id);
    if (t.group_id != null) groupIds.add(t.group_id);
  }
  const users = new Map((await storage.users.getMany(tenantId, [...userIds])).map((u) => [u.id, u]));
  const groups = new Map<number, Group>();
  for (const id of groupIds) {
    const group = await storage.groups.get(tenantId, id);
    if (group) groups.set(id, group);
  }
  return { users, groups };
}

/** What an imported ticket is written as: the ticket and its comments, the first being the description. */
export interface ImportRecord {
  ticket: NewTicket;
  comments: NewTicketComment[];
}

/**
 * Checks an imported ticket against the tenant's users and groups (every
 * named user must exist; the assignee must be an agent, and a member of the
 * group when one is set) and the lifecycle rules, and builds its records.
 * Times are kept as given; missing ones default to the earliest comment
 * (created) and the latest of everything (updated), then `now`.
 * Rejects with RECORD_INVALID naming every bad field.
 */
export function importRecord(input: TicketImportParams, refs: ImportReferences, now: number): ImportRecord {
  const details: ErrorDetails = {};
  const problem = (field: string, description: string) => (details[field] ??= []).push({ description });
  const requester = refs.users.get(input.requester_id);
  if (!requester) problem("requester_id", `no user with id ${input.requester_id}`);
  const assignee_id = input.assignee_id ?? null;
  const group_id = input.group_id ?? null;
  if (assignee_id !== null) {
    const assignee = refs.users.get(assignee_id);
    if (!assignee) problem("assignee_id", `no user with id ${assignee_id}`);
    else if (!roleAtLeast(assignee.role, "agent")) problem("assignee_id", "must be an agent or an admin");
  }
  if (group_id !== null) {
    const group = refs.groups.get(group_id);
    if (!group) problem("group_id", `no group with id ${group_id}`);
    else if (assignee_id !== null && !group.agent_ids.includes(assignee_id)) problem("assignee_id", "must be a member of the ticket's group");
  }
  input.comments.forEach((c, i) => {
    if (!refs.users.has(c.author_id)) problem(`comments[${i}].author_id`, `no user with id ${c.author_id}`);
  });
  const commentTimes = input.comments.flatMap((c) => (c.created_at === undefined ? [] : [c.created_at]));
  const created_at = input.created_at ?? (commentTimes.length > 0 ? Math.min(...commentTimes) : now);
  const updated_at = input.updated_at ?? Math.max(created_at, ...commentTimes);
  if (updated_at < created_at) problem("updated_at", "must not be before created_at");
  if (Object.keys(details).length > 0) throw recordInvalid(details);

  const comments = input.comments.map((c) => ({ author_id: c.author_id, content: c.content, public: c.public ?? true, created_at: c.created_at ?? created_at }));
  const lastBy = (userId: number | null) => {
    const times = comments.filter((c) => c.author_id === userId).map((c) => c.created_at);
    return times.length > 0 ? Math.max(...times) : null;
  };
  const draft = {
    status: input.status ?? (assignee_id !== null ? "open" : "new"),
    assignee_id,
    type: input.type ?? null,
    problem_id: null,
    due_date: null,
    assigneed_at: null,
    resolved_at: null,
    closed_at: null,
  } as const;
  checkTransition(null, draft);
  // What the history does not say (when it was first assigned, solved, closed) is dated at its last update.
  const stamps = transitionStamps(null, draft, updated_at);
  const ticket: NewTicket = {
    ...draft,
    pending_at: null,
    ...stamps,
    title: input.title,
    description: comments[0]!.content,
    priority: input.priority ?? null,
    recipient: null,
    requester_id: input.requester_id,
    organization_id: requester!.organization_id,
    group_id,
    created_at,
    updated_at,
    requester_updated_at: lastBy(input.requester_id),
    assignee_updated_at: lastBy(assignee_id),
    source: input.source ?? "api",
    collaborator_ids: [],
    tags: input.tags ?? [],
    custom_fields: input.custom_fields ?? [],
    satisfaction_rating: null,
  };
  return { ticket, comments };
}

/** True for the failures that reject one imported ticket rather than the whole import. */
export function isRejection(error: unknown): error is HelpdeskError {
  return error instanceof HelpdeskError && error.kind === "invalid";
}
