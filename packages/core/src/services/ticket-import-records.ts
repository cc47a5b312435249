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
  const details = referenceProblems(input, refs);
  // Loops rather than array callbacks: this runs once per imported ticket, tens of thousands of times.
  let first = Infinity;
  let last = -Infinity;
  for (const c of input.comments) {
    if (c.created_at === undefined) continue;
    first = Math.min(first, c.created_at);
    last = Math.max(last, c.created_at);
  }
  const created_at = input.created_at ?? (first === Infinity ? now : first);
  const updated_at = input.updated_at ?? Math.max(created_at, last);
  if (updated_at < created_at) addProblem(details, "updated_at", "must not be before created_at");
  if (Object.keys(details).length > 0) throw recordInvalid(details);

  const assignee_id = input.assignee_id ?? null;
  const comments: NewTicketComment[] = [];
  let requester_updated_at: number | null = null;
  let assignee_updated_at: number | null = null;
  for (const c of input.comments) {
    const comment = { author_id: c.author_id, content: c.content, public: c.public ?? true, created_at: c.created_at ?? created_at };
    comments.push(comment);
    if (c.author_id === input.requester_id) requester_updated_at = Math.max(requester_updated_at ?? -Infinity, comment.created_at);
    if (c.author_id === assignee_id) assignee_updated_at = Math.max(assignee_updated_at ?? -Infinity, comment.created_at);
  }
  const status = input.status ?? (assignee_id !== null ? "open" : "new");
  const type = input.type ?? null;
  const draft = { status, assignee_id, type, problem_id: null, due_date: null, assigneed_at: null, resolved_at: null, closed_at: null } as const;
  checkTransition(null, draft);
  // What the history does not say (when it was first assigned, solved, closed) is dated at its last update.
  const stamps = transitionStamps(null, draft, updated_at);
  // Spelled out rather than spread: object spreads followed by more keys cost tens of microseconds per ticket here.
  const ticket: NewTicket = {
    title: input.title,
    description: comments[0]!.content,
    type,
    status,
    priority: input.priority ?? null,
    recipient: null,
    requester_id: input.requester_id,
    assignee_id,
    organization_id: refs.users.get(input.requester_id)!.organization_id,
    group_id: input.group_id ?? null,
    problem_id: null,
    due_date: null,
    created_at,
    updated_at,
    assigneed_at: stamps.assigneed_at ?? null,
    resolved_at: stamps.resolved_at ?? null,
    closed_at: stamps.closed_at ?? null,
    pending_at: stamps.pending_at ?? null,
    requester_updated_at,
    assignee_updated_at,
    source: input.source ?? "api",
    collaborator_ids: [],
    tags: input.tags ?? [],
    custom_fields: input.custom_fields ?? [],
    satisfaction_rating: null,
  };
  return { ticket, comments };
}

function addProblem(details: ErrorDetails, field: string, description: string): void {
  (details[field] ??= []).push({ description });
}

/** The named users and group that do not exist in the tenant or cannot take their part. */
function referenceProblems(input: TicketImportParams, refs: ImportReferences): ErrorDetails {
  const details: ErrorDetails = {};
  if (!refs.users.has(input.requester_id)) addProblem(details, "requester_id", `no user with id ${input.requester_id}`);
  const assigneeId = input.assignee_id ?? null;
  if (assigneeId !== null) {
    const assignee = refs.users.get(assigneeId);
    if (!assignee) addProblem(details, "assignee_id", `no user with id ${assigneeId}`);
    else if (!roleAtLeast(assignee.role, "agent")) addProblem(details, "assignee_id", "must be an agent or an admin");
  }
  const groupId = input.group_id ?? null;
  if (groupId !== null) {
    const group = refs.groups.get(groupId);
    if (!group) addProblem(details, "group_id", `no group with id ${groupId}`);
    else if (assigneeId !== null && !group.agent_ids.includes(assigneeId)) addProblem(details, "assignee_id", "must be a member of the ticket's group");
  }
  for (let i = 0; i < input.comments.length; i++) {
    const authorId = input.comments[i]!.author_id;
    if (!refs.users.has(authorId)) addProblem(details, `comments[${i}].author_id`, `no user with id ${authorId}`);
  }
  return details;
}

/** True for the failures that reject one imported ticket rather than the whole import. */
export function isRejection(error: unknown): error is HelpdeskError {
  return error instanceof HelpdeskError && error.kind === "invalid";
}
