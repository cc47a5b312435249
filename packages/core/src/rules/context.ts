import type { Ticket } from "../domain/ticket";

/** The kind of write a trigger runs on: `pushed` is a reminder sent by the requester. */
export type RuleEvent = "created" | "updated" | "pushed";

/** Who made the change rules run on; `groupIds` are the groups the user belongs to. */
export interface RuleActor {
  id: number;
  role: "end_user" | "agent" | "admin";
  groupIds: readonly number[];
}

/** The comment added by the update rules run on. */
export interface RuleComment {
  content: string;
  public: boolean;
}

/** Everything a condition may read; rules never read the clock or storage themselves. */
export interface RuleContext {
  /** The ticket before the whole update; null on create. */
  before: Ticket | null;
  /** The current working copy, with the actions of triggers fired so far applied. */
  after: Ticket;
  event: RuleEvent;
  actor: RuleActor;
  /** Epoch milliseconds; what hours-since conditions count from. */
  now: number;
  /** The comment of this update, if it has one. */
  comment: RuleComment | null;
  /** The requester's language (e.g. `en`, `zh_cn`), as `{language}` conditions read it. */
  requesterLanguage: string | null;
}

/** Picks the next agent of a group for `inturn_assign`; null when the group has no eligible agent. */
export type RoundRobin = (groupId: number) => number | null;

/** A recipient reference decoded from a notification action's value; resolved by the caller against the final ticket. */
export type EffectRecipient =
  | { kind: "current_user" }
  | { kind: "requester" }
  | { kind: "assignee" }
  | { kind: "assigned_group" }
  | { kind: "user"; id: number }
  | { kind: "group"; id: number }
  | { kind: "webhook"; id: number };

/** A notification an action asks for; templates are raw and are rendered later against the final ticket. */
export interface Effect {
  type: "email_user" | "email_group" | "message_user" | "target";
  ruleId: number;
  /** The action's value as written, e.g. `(requester)` or `"17"`. */
  value: string;
  recipient: EffectRecipient;
  subject: string | null;
  body: string | null;
}

/** Whether one condition held, for "why did this fire?". */
export interface ConditionTrace {
  index: number;
  source: string;
  operator: string;
  value: string | null;
  matched: boolean;
}

/** Which conditions of a rule held against one context. */
export interface RuleTrace {
  matched: boolean;
  all: ConditionTrace[];
  any: ConditionTrace[];
}
