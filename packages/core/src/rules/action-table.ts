import type { RuleKind } from "../domain/rule";
import type { TicketPriority, TicketStatus, TicketType } from "../domain/ticket";
import type { EffectRecipient } from "./context";
import { CUSTOM_FIELD_NAME, type SourceScope } from "./condition-table";
import { decodePriority, decodeScore, decodeStatus, decodeTypeId, isEmptyValue, parseId, splitTags } from "./value-codes";

/** An action's value decoded once, at validation and compile time. */
export type ActionValue =
  | { t: "status"; v: TicketStatus }
  | { t: "type"; v: TicketType | null }
  | { t: "priority"; v: TicketPriority | null }
  | { t: "group"; v: number | null | "current_groups" }
  | { t: "assignee"; v: number | null | "current_user" }
  | { t: "inturn"; v: number }
  | { t: "field"; name: string; v: string | null }
  | { t: "tags"; v: string[] }
  | { t: "ccs"; v: number | "assignee" }
  | { t: "score"; v: number | null }
  | { t: "notify"; type: "email_user" | "email_group" | "message_user" | "target"; recipient: EffectRecipient };

/** A row of the spec's action table; `notification` rows may carry subject / body templates. */
export interface ActionSourceSpec {
  scope: SourceScope;
  /** Whether subject and body are accepted, and whether a body is required. */
  templates: { subject: boolean; body: "required" | "optional" } | null;
  decode(value: string | null, kind: RuleKind): ActionValue | string;
}

const NO_CURRENT_USER = "an automation has no current user: use a literal id";

function recipient(type: "email_user" | "email_group" | "message_user" | "target", map: Record<string, EffectRecipient>, idKind: "user" | "group" | "webhook", expected: string) {
  return (value: string | null, kind: RuleKind): ActionValue | string => {
    if (value !== null && Object.hasOwn(map, value)) {
      if (kind === "automation" && value === "(current_user)") return NO_CURRENT_USER;
      return { t: "notify", type, recipient: map[value]! };
    }
    const id = parseId(value);
    return id === null ? `must be ${expected}` : { t: "notify", type, recipient: { kind: idKind, id } };
  };
}

const ACTIONS = new Map<string, ActionSourceSpec>([
  [
    "status",
    {
      scope: "both",
      templates: null,
      decode: (value) => {
        const status = decodeStatus(value);
        if (status === null) return "must be a status code 0-4 (new, open, pending, solved, closed)";
        // The ticket lifecycle refuses a move back to new, so such an action could only ever fail the update.
        if (status === "new") return "cannot set status 0 (new): a ticket never goes back to new";
        return { t: "status", v: status };
      },
    },
  ],
  [
    "type_id",
    {
      scope: "both",
      templates: null,
      decode: (value) => {
        const type = decodeTypeId(value);
        return type.ok ? { t: "type", v: type.value } : "must be empty or a type code 0-3 (question, incident, problem, task)";
      },
    },
  ],
  [
    "priority",
    {
      scope: "both",
      templates: null,
      decode: (value) => {
        const priority = decodePriority(value);
        return priority.ok ? { t: "priority", v: priority.value } : "must be empty or a priority code 0-3 (low, medium, high, urgent)";
      },
    },
  ],
  [
    "group_id",
    {
      scope: "both",
      templates: null,
      decode: (value, kind) => {
        if (isEmptyValue(value)) return { t: "group", v: null };
        if (value === "(current_groups)") return kind === "automation" ? NO_CURRENT_USER : { t: "group", v: "current_groups" };
        const id = parseId(value);
        return id === null ? "must be empty, (current_groups) or a group id" : { t: "group", v: id };
      },
    },
  ],
  [
    "assignee_id",
    {
      scope: "both",
      templates: null,
      decode: (value, kind) => {
        if (isEmptyValue(value)) return { t: "assignee", v: null };
        if (value === "(current_user)") return kind === "automation" ? NO_CURRENT_USER : { t: "assignee", v: "current_user" };
        const id = parseId(value);
        return id === null ? "must be empty, (current_user) or a user id" : { t: "assignee", v: id };
      },
    },
  ],
  [
    "inturn_assign",
    {
      scope: "trigger",
      templates: null,
      decode: (value) => {
        const id = parseId(value);
        return id === null ? "must be a group id" : { t: "inturn", v: id };
      },
    },
  ],
  [
    "tags",
    {
      scope: "both",
      templates: null,
      decode: (value) => {
        const tags = splitTags(value);
        return tags.length > 0 ? { t: "tags", v: tags } : "must name at least one tag";
      },
    },
  ],
  [
    "ccs",
    {
      scope: "both",
      templates: null,
      decode: (value) => {
        if (value === "(assignee)") return { t: "ccs", v: "assignee" };
        const id = parseId(value);
        return id === null ? "must be (assignee) or a user id" : { t: "ccs", v: id };
      },
    },
  ],
  [
    "score",
    {
      scope: "both",
      templates: null,
      decode: (value) => {
        const score = decodeScore(value);
        return score.ok ? { t: "score", v: score.value } : "must be empty or a score 1-5";
      },
    },
  ],
  [
    "email_user",
    {
      scope: "both",
      templates: { subject: true, body: "required" },
      decode: recipient(
        "email_user",
        { "(current_user)": { kind: "current_user" }, "(requester)": { kind: "requester" }, "(assignee)": { kind: "assignee" } },
        "user",
        "(current_user), (requester), (assignee) or a user id",
      ),
    },
  ],
  [
    "email_group",
    {
      scope: "both",
      templates: { subject: true, body: "required" },
      decode: recipient("email_group", { "(assigned_group)": { kind: "assigned_group" } }, "group", "(assigned_group) or a group id"),
    },
  ],
  [
    "message_user",
    {
      scope: "both",
      templates: { subject: true, body: "required" },
      // A bare number is a user id: the spec's value list cannot tell user ids from group ids, so groups are reached through (assigned_group).
      decode: recipient(
        "message_user",
        { "(assignee)": { kind: "assignee" }, "(assigned_group)": { kind: "assigned_group" } },
        "user",
        "(assignee), (assigned_group) or a user id",
      ),
    },
  ],
  ["target", { scope: "both", templates: { subject: false, body: "optional" }, decode: recipient("target", {}, "webhook", "a webhook id") }],
]);

const FIELD_ACTION: ActionSourceSpec = {
  scope: "both",
  templates: null,
  decode: (value) => ({ t: "field", name: "", v: isEmptyValue(value) ? null : value }),
};

/** The table row of an action source, or undefined for an unknown source. */
export function actionSourceSpec(source: string): ActionSourceSpec | undefined {
  if (CUSTOM_FIELD_NAME.test(source)) return FIELD_ACTION;
  return ACTIONS.get(source);
}

/** Decodes an action's value (custom field actions get their field name); a string is an error description. */
export function decodeActionValue(spec: ActionSourceSpec, source: string, value: string | null, kind: RuleKind): ActionValue | string {
  const decoded = spec.decode(value, kind);
  return typeof decoded !== "string" && decoded.t === "field" ? { ...decoded, name: source } : decoded;
}

/** Every fixed action source name (custom fields aside). */
export const ACTION_SOURCES: readonly string[] = [...ACTIONS.keys()];
