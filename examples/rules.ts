/**
 * Testing trigger logic in isolation: no database, no HTTP, no clock.
 * Run: pnpm tsx examples/rules.ts
 */
import { evaluateRules, type EvaluateRulesResult, type Rule, type Ticket } from "@helpdesk/core";

const NOW = Date.UTC(2024, 0, 10, 12, 0, 0);

/** A ticket as a requester just created it. */
export const newTicket: Ticket = {
  id: 101,
  title: "Refund for a double charge",
  description: "I was charged twice this month.",
  type: null,
  status: "new",
  priority: "urgent",
  recipient: "billing@example.com",
  requester_id: 20,
  assignee_id: null,
  organization_id: null,
  group_id: null,
  problem_id: null,
  due_date: null,
  created_at: NOW,
  updated_at: NOW,
  assigneed_at: null,
  resolved_at: null,
  closed_at: null,
  pending_at: null,
  requester_updated_at: NOW,
  assignee_updated_at: null,
  source: "email",
  collaborator_ids: [],
  tags: [],
  custom_fields: [],
  satisfaction_rating: null,
};

/** Two triggers: the second only matches once the first has routed the ticket. */
export const triggers: Rule[] = [
  {
    id: 1,
    title: "Urgent billing tickets go to the billing group",
    status: true,
    sort: 10,
    conditions: {
      all: [
        { source: "{ticket}", operator: "is", value: "created" },
        { source: "priority", operator: "is", value: "3" },
        { source: "description", operator: "contain", value: "charged" },
      ],
      any: [],
    },
    actions: [
      { source: "group_id", value: "4", subject: null, body: null },
      { source: "tags", value: "billing urgent", subject: null, body: null },
    ],
    created_at: NOW,
    updated_at: NOW,
  },
  {
    id: 2,
    title: "Tell the billing group",
    status: true,
    sort: 20,
    conditions: { all: [{ source: "group_id", operator: "changed_to", value: "4" }], any: [] },
    actions: [{ source: "email_group", value: "(assigned_group)", subject: "New: {{ticket.title}}", body: "{{ticket.url}}" }],
    created_at: NOW,
    updated_at: NOW,
  },
];

export function main(): EvaluateRulesResult {
  const result = evaluateRules({
    triggers,
    before: null,
    after: newTicket,
    actor: { id: 20, role: "end_user", groupIds: [] },
    now: NOW,
  });
  for (const { ruleId, title } of result.fired) console.log(`fired #${ruleId}: ${title}`);
  console.log(`group_id=${result.ticket.group_id} tags=${result.ticket.tags.join(",")}`);
  for (const effect of result.effects) console.log(`effect: ${effect.type} to ${effect.value} (rule ${effect.ruleId})`);
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) main();
