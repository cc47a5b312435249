import {
  CONDITION_SOURCES,
  ACTION_SOURCES,
  FIELD_TYPES,
  fieldCreateInputSchema,
  groupCreateInputSchema,
  organizationCreateInputSchema,
  requestCreateInputSchema,
  ruleCreateInputSchema,
  webhookCreateInputSchema,
  ticketCreateInputSchema,
  userCreateInputSchema,
  topicCreateInputSchema,
  questionCreateInputSchema,
  chatImportInputSchema,
  viewCreateInputSchema,
  categoryCreateInputSchema,
  forumCreateInputSchema,
  postCreateInputSchema,
  postCommentCreateInputSchema,
  botQuestionInputSchema,
  ticketImportInputSchema,
} from "@helpdesk/core";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorBody, startTestServer, type Client, type TestResponse, type TestServer } from "../support/server";

/** Runs per write route: enough to find a crash, few enough to stay fast on two cores. FUZZ_RUNS digs deeper. */
const NUM_RUNS = Number(process.env.FUZZ_RUNS ?? 40);

let server: TestServer;
let admin: Client;

beforeAll(async () => {
  server = await startTestServer();
  admin = server.a.admin.client;
});
afterAll(() => server.close());

/** Values a field might plausibly or implausibly get: valid enums and ids next to junk of every JSON type. */
const fieldValue = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom("new", "open", "pending", "solved", "closed", "problem", "incident", "task", "low", "urgent"),
  fc.constantFrom("agent", "admin", "end_user", "suspended", "active", "all", "groups", "assigned", "example.com"),
  fc.integer({ min: -2, max: 8 }),
  fc.emailAddress(),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constant(null),
  fc.record({ content: fc.oneof(fc.string(), fc.integer()), public: fc.oneof(fc.boolean(), fc.string()) }, { requiredKeys: [] }),
  fc.array(fc.integer({ min: 0, max: 8 }), { maxLength: 4 }),
  fc.array(fc.record({ name: fc.oneof(fc.constant("field_1"), fc.string()), value: fc.jsonValue({ maxDepth: 1 }) }), { maxLength: 3 }),
);

/**
 * A write body: anything at all, the right key around junk, the right key
 * around the resource's own fields, or a valid body with random fields laid
 * over it (so that writes also succeed, and the success paths get fuzzed too).
 */
function bodyFor(key: string, fields: string[], valid: fc.Arbitrary<Record<string, unknown>>) {
  const someFields = fc.dictionary(fc.constantFrom(...fields), fieldValue, { maxKeys: fields.length });
  return fc.oneof(
    fc.jsonValue({ maxDepth: 3 }),
    fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }).map((inner) => ({ [key]: inner })),
    someFields.map((inner) => ({ [key]: inner })),
    fc.tuple(valid, fc.dictionary(fc.constantFrom(...fields), fieldValue, { maxKeys: 2 })).map(([base, extra]) => ({ [key]: { ...base, ...extra } })),
    // A valid body as it is: every route reaches its success path in every run, whatever the seed.
    valid.map((base) => ({ [key]: base })),
  );
}

const uniqueName = fc.uuid().map((id) => `fuzz ${id}`);

const fieldsOf = (schema: { shape: object }) => Object.keys(schema.shape);

/** Conditions and actions drawn from the real table, with junk mixed in. */
const ruleValue = fc.oneof(fc.constantFrom("0", "1", "3", "4", "24", "empty", "(current_user)", "(requester)", "created", "vip", ""), fc.jsonValue({ maxDepth: 1 }));
const condition = fc.record({
  source: fc.oneof(fc.constantFrom(...CONDITION_SOURCES), fc.string({ maxLength: 10 })),
  operator: fc.constantFrom("is", "is_not", "less_than", "greater_than", "changed", "changed_to", "not_changed_from", "contain_at_least_one", "nope"),
  value: ruleValue,
});
const action = fc.record({ source: fc.oneof(fc.constantFrom(...ACTION_SOURCES), fc.string({ maxLength: 10 })), value: ruleValue, body: fc.option(fc.string({ maxLength: 40 })) });
const rulePart = fc.oneof(
  fc.record({ all: fc.array(condition, { maxLength: 3 }), any: fc.array(condition, { maxLength: 2 }) }, { requiredKeys: [] }),
  fc.array(action, { maxLength: 3 }),
  fieldValue,
);
const ruleBody = (key: string, valid: Record<string, unknown>) => bodyFor(key, fieldsOf(ruleCreateInputSchema), fc.constant(valid));
const validTrigger = { title: "fuzz", conditions: { all: [{ source: "{ticket}", operator: "is", value: "created" }] }, actions: [{ source: "tags", value: "fuzzed" }] };
const validAutomation = {
  title: "fuzz",
  conditions: { all: [{ source: "status", operator: "is", value: "3" }, { source: "resolved", operator: "greater_than", value: "24" }] },
  actions: [{ source: "status", value: "4" }],
};
/** Junk of the rule's own shape, a body around it, and (often enough that every run reaches a success) a valid one. */
const rulesBody = (key: string, valid: Record<string, unknown>) =>
  fc.oneof(
    { arbitrary: fc.constant({ [key]: valid }), weight: 1 },
    { arbitrary: ruleBody(key, valid), weight: 2 },
    {
      arbitrary: fc.dictionary(fc.constantFrom("conditions", "actions", "title", "status", "sort"), rulePart, { maxKeys: 4 }).map((inner) => ({ [key]: { title: "fuzz", ...inner } })),
      weight: 2,
    },
  );
const triggerBody = rulesBody("trigger", validTrigger);
const automationBody = rulesBody("automation", validAutomation);
const webhookBody = bodyFor("webhook", fieldsOf(webhookCreateInputSchema), fc.record({ title: uniqueName, url: fc.constant("http://127.0.0.1:9/hook") }));
const ticketBody = bodyFor(
  "ticket",
  [...fieldsOf(ticketCreateInputSchema), "due_date"],
  fc.record({ title: fc.string({ minLength: 1 }).filter((t) => t.trim() !== ""), comment: fc.constant({ content: "fuzz" }) }),
);
const requestBody = bodyFor(
  "request",
  fieldsOf(requestCreateInputSchema),
  fc.record({ title: fc.string({ minLength: 1 }).filter((t) => t.trim() !== ""), comment: fc.constant({ content: "fuzz" }) }),
);
const userBody = bodyFor(
  "user",
  [...fieldsOf(userCreateInputSchema), "id"],
  fc.record({ name: uniqueName, email: fc.uuid().map((id) => `${id}@fuzz.test`), id: fc.integer({ min: 1, max: 6 }) }),
);
const groupBody = bodyFor("group", fieldsOf(groupCreateInputSchema), fc.record({ name: uniqueName }));
const organizationBody = bodyFor("organization", fieldsOf(organizationCreateInputSchema), fc.record({ name: uniqueName }));
/** Valid bodies name the tenant's admin, read when the value is drawn (after the server started). */
const importBody = bodyFor(
  "ticket",
  fieldsOf(ticketImportInputSchema),
  fc.record({ title: uniqueName }).map((base) => ({ ...base, requester_id: server.a.admin.user.id, comments: [{ author_id: server.a.admin.user.id, content: "imported" }] })),
);
/** The bank's `data` arrays: junk, elements of the question's own fields, and a valid element in a group made below. */
let bankGroupId = 0;
const questionsBody = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(fc.oneof(fc.dictionary(fc.constantFrom(...fieldsOf(botQuestionInputSchema)), fieldValue, { maxKeys: 6 }), fieldValue), { maxLength: 3 }).map((data) => ({ data })),
  fc.dictionary(fc.constantFrom(...fieldsOf(botQuestionInputSchema)), fieldValue, { maxKeys: 2 }).map((extra) => ({ data: [{ category_id: bankGroupId, title: "fuzz", answer: "fuzz", ...extra }] })),
  fc.constant(null).map(() => ({ data: [{ category_id: bankGroupId, title: "fuzz", answer: "fuzz" }] })),
);

/** Field definition parts: real types, options, expressions (good and catastrophic) and cascade links next to junk. */
const fieldPart = fc.oneof(
  fc.constantFrom(...FIELD_TYPES),
  fc.array(fc.record({ key: fc.constantFrom("a", "b", "", "a"), value: fc.string({ maxLength: 5 }), sub_items: fc.array(fc.constantFrom("x", "y", "x")) }, { requiredKeys: ["key", "value"] }), { maxLength: 3 }),
  fc.array(fc.constantFrom("^a+$", "(a+)+$", "(", "\\d", ""), { maxLength: 2 }),
  fc.constantFrom("a", ["a", "x"], 1, 999_999),
  fieldValue,
);
const fieldKeys = ["type", "custom_field_options", "regexp_for_validation", "cascade_id", "cascade_value", "agent_required", "active"] as const;
const fieldsBody = (key: string) =>
  fc.oneof(
    { arbitrary: fc.record({ type: fc.constantFrom("text", "int", "checkbox", "date"), agent_title: uniqueName }).map((valid) => ({ [key]: valid })), weight: 1 },
    { arbitrary: bodyFor(key, [...fieldsOf(fieldCreateInputSchema), "title", "description"], fc.record({ type: fc.constant("text"), title: uniqueName })), weight: 2 },
    { arbitrary: fc.dictionary(fc.constantFrom(...fieldKeys), fieldPart, { maxKeys: 4 }).map((inner) => ({ [key]: { agent_title: "fuzz", ...inner } })), weight: 2 },
  );

/** The topic fuzzed questions are asked under, made once the server runs. */
let fuzzTopicId = 0;
beforeAll(async () => {
  fuzzTopicId = (await server.a.adminDesk.topics.create({ title: "Fuzz topic" })).id;
});

const topicBody = bodyFor("topic", fieldsOf(topicCreateInputSchema), fc.record({ title: uniqueName }));
const questionBody = bodyFor(
  "question",
  fieldsOf(questionCreateInputSchema),
  fc.record({ title: uniqueName, content: fc.constant("fuzz") }).map((question) => ({ ...question, topic_id: fuzzTopicId })),
);
// Either shape the comment route takes.
const questionCommentBody = fc.oneof(
  bodyFor("question_comment", ["content"], fc.record({ content: fc.string({ minLength: 1 }).filter((c) => c.trim() !== "") })),
  bodyFor("request", ["comment"], fc.constant({ comment: { content: "fuzz" } })),
);
const chatBody = bodyFor(
  "chat",
  fieldsOf(chatImportInputSchema),
  fc.record({ visitor_id: fc.uuid(), messages: fc.array(fc.record({ msg: fc.string(), is_read: fc.constantFrom(0, 1) }), { maxLength: 3 }) }),
);

async function freshQuestion() {
  const question = await server.a.adminDesk.questions.create({ title: "Fuzz target", content: "c", topic_id: fuzzTopicId });
  return question.id;
}

/** View bodies: the generic ones, and conditions drawn from the rule table with junk mixed in. */
const viewBody = fc.oneof(
  bodyFor("view", [...fieldsOf(viewCreateInputSchema), "restriction"], fc.record({ title: uniqueName })),
  fc.record({ all: fc.array(condition, { maxLength: 3 }), any: fc.array(condition, { maxLength: 2 }) }).map((conditions) => ({ view: { title: "fuzz", conditions } })),
);

/** The knowledge-base parents valid bodies point at, made in beforeAll (the arbitraries read them when they generate). */
const kbTargets = { categoryId: 0, forumId: 0 };
const categoryBody = bodyFor("category", fieldsOf(categoryCreateInputSchema), fc.record({ title: uniqueName }));
const forumBody = bodyFor("forum", fieldsOf(forumCreateInputSchema), fc.record({ title: uniqueName }).map((base) => ({ ...base, category_id: kbTargets.categoryId })));
const postBody = bodyFor("post", fieldsOf(postCreateInputSchema), fc.record({ title: uniqueName }).map((base) => ({ ...base, forum_id: kbTargets.forumId })));
const postCommentBody = bodyFor("post_comment", fieldsOf(postCommentCreateInputSchema), fc.record({ content: uniqueName }));
const KB_LISTS = ["/apiv2/categories.json", "/apiv2/forums.json", "/apiv2/posts.json", "/apiv2/posts/draft.json"];

beforeAll(async () => {
  kbTargets.categoryId = (await server.a.adminDesk.categories.create({ title: "Fuzz category" })).id;
  kbTargets.forumId = (await server.a.adminDesk.forums.create({ title: "Fuzz forum", category_id: kbTargets.categoryId })).id;
});

async function freshPost() {
  return (await server.a.adminDesk.posts.create({ title: "Fuzz post", forum_id: kbTargets.forumId })).id;
}

let votes = 0;

/** A vote on a fresh post; every third goes to a post deleted first, so the 404 path is reached too. The routes read no body. */
function voteRoute(direction: "up" | "down"): WriteRoute {
  return {
    name: `POST /apiv2/posts/:id/${direction}`,
    body: fc.jsonValue({ maxDepth: 2 }),
    prepare: async () => {
      votes += 1;
      const id = await freshPost();
      if (votes % 3 === 0) await server.a.adminDesk.posts.delete(id);
      return { method: "POST", path: `/apiv2/posts/${id}/${direction}.json`, watch: KB_LISTS };
    },
  };
}

/** Everything a write could touch, read back through the API. */
async function snapshot(extra: string[]): Promise<string> {
  const paths = ["/apiv2/tickets.json", "/apiv2/users.json", "/apiv2/groups.json", "/apiv2/organizations.json", ...extra];
  const responses = await Promise.all(paths.map((path) => admin.get(path)));
  return JSON.stringify(responses.map((r) => [r.status, r.body]));
}

function expectNoServerError(res: TestResponse, body: unknown) {
  expect(res.status, `${res.status} ${res.text} for ${JSON.stringify(body)}`).toBeLessThan(500);
  if (res.status >= 400) errorBody(res);
}

interface WriteRoute {
  name: string;
  body: fc.Arbitrary<unknown>;
  /** Makes a fresh target (so one successful write cannot spoil the next run) and returns the request. */
  prepare(): Promise<{ method: "POST" | "PUT"; path: string; watch: string[] }>;
}

async function freshTicket() {
  const ticket = await server.a.adminDesk.tickets.create({ title: "Fuzz target", comment: { content: "c" } });
  return ticket.id;
}

let targets = 0;

async function freshEndUser() {
  targets += 1;
  const user = await server.a.adminDesk.users.create({ name: "Fuzz user", email: `target${targets}@fuzz-targets.test` });
  return user.id;
}

// Triggers created by fuzzing act on later ticket writes, so the ticket routes come first.
const routes: WriteRoute[] = [
  { name: "POST /apiv2/tickets", body: ticketBody, prepare: async () => ({ method: "POST", path: "/apiv2/tickets.json", watch: [] }) },
  {
    name: "PUT /apiv2/tickets/:id",
    body: ticketBody,
    prepare: async () => {
      const id = await freshTicket();
      return { method: "PUT", path: `/apiv2/tickets/${id}.json`, watch: [`/apiv2/tickets/${id}/comments.json`] };
    },
  },
  {
    name: "PUT /apiv2/tickets/update_many",
    body: ticketBody,
    prepare: async () => {
      const [one, two] = [await freshTicket(), await freshTicket()];
      return { method: "PUT", path: `/apiv2/tickets/update_many.json?ids=${one},${two}`, watch: [`/apiv2/tickets/${one}/comments.json`] };
    },
  },
  { name: "POST /apiv2/requests", body: requestBody, prepare: async () => ({ method: "POST", path: "/apiv2/requests.json", watch: ["/apiv2/requests.json"] }) },
  {
    name: "PUT /apiv2/requests/:id",
    body: requestBody,
    prepare: async () => {
      const { id } = await server.a.adminDesk.requests.create({ title: "Fuzz request", comment: { content: "c" } });
      return { method: "PUT", path: `/apiv2/requests/${id}.json`, watch: [`/apiv2/requests/${id}/comments.json`] };
    },
  },
  { name: "POST /apiv2/users", body: userBody, prepare: async () => ({ method: "POST", path: "/apiv2/users.json", watch: [] }) },
  {
    name: "PUT /apiv2/users/:id",
    body: userBody,
    prepare: async () => ({ method: "PUT", path: `/apiv2/users/${await freshEndUser()}.json`, watch: [] }),
  },
  {
    name: "PUT /apiv2/users/:id/merge",
    body: userBody,
    prepare: async () => ({ method: "PUT", path: `/apiv2/users/${await freshEndUser()}/merge.json`, watch: [] }),
  },
  { name: "POST /apiv2/groups", body: groupBody, prepare: async () => ({ method: "POST", path: "/apiv2/groups.json", watch: [] }) },
  {
    name: "PUT /apiv2/groups/:id",
    body: groupBody,
    prepare: async () => {
      targets += 1;
      const group = await server.a.adminDesk.groups.create({ name: `Fuzz group ${targets}` });
      return { method: "PUT", path: `/apiv2/groups/${group.id}.json`, watch: [] };
    },
  },
  { name: "POST /apiv2/triggers", body: triggerBody, prepare: async () => ({ method: "POST", path: "/apiv2/triggers.json", watch: ["/apiv2/triggers.json"] }) },
  { name: "POST /apiv2/automations", body: automationBody, prepare: async () => ({ method: "POST", path: "/apiv2/automations.json", watch: ["/apiv2/automations.json"] }) },
  {
    name: "PUT /apiv2/triggers/:id",
    body: triggerBody,
    prepare: async () => {
      const rule = await server.a.adminDesk.triggers.create({ title: "target", conditions: { all: [{ source: "{ticket}", operator: "is", value: "updated" }] }, actions: [{ source: "tags", value: "x" }] });
      return { method: "PUT", path: `/apiv2/triggers/${rule.id}.json`, watch: ["/apiv2/triggers.json"] };
    },
  },
  { name: "POST /apiv2/webhooks", body: webhookBody, prepare: async () => ({ method: "POST", path: "/apiv2/webhooks.json", watch: ["/apiv2/webhooks.json"] }) },
  { name: "POST /apiv2/organizations", body: organizationBody, prepare: async () => ({ method: "POST", path: "/apiv2/organizations.json", watch: [] }) },
  {
    name: "PUT /apiv2/organizations/:id",
    body: organizationBody,
    prepare: async () => {
      targets += 1;
      const organization = await server.a.adminDesk.organizations.create({ name: `Fuzz org ${targets}` });
      return { method: "PUT", path: `/apiv2/organizations/${organization.id}.json`, watch: [] };
    },
  },
  // Last: a required field made here would fail the ticket and user writes above.
  { name: "POST /apiv2/ticket_fields", body: fieldsBody("ticket_field"), prepare: async () => ({ method: "POST", path: "/apiv2/ticket_fields.json", watch: ["/apiv2/ticket_fields.json"] }) },
  {
    name: "PUT /apiv2/ticket_fields/:id",
    body: fieldsBody("ticket_field"),
    prepare: async () => {
      const field = await server.a.adminDesk.ticketFields.create({ type: "cascade", agent_title: "target", custom_field_options: [{ key: "a", value: "A" }] });
      return { method: "PUT", path: `/apiv2/ticket_fields/${field.id}.json`, watch: ["/apiv2/ticket_fields.json"] };
    },
  },
  { name: "POST /apiv2/user_fields", body: fieldsBody("user_field"), prepare: async () => ({ method: "POST", path: "/apiv2/user_fields.json", watch: ["/apiv2/user_fields.json"] }) },
  { name: "POST /apiv2/topics", body: topicBody, prepare: async () => ({ method: "POST", path: "/apiv2/topics.json", watch: ["/apiv2/topics.json"] }) },
  {
    name: "PUT /apiv2/topics/:id",
    body: topicBody,
    prepare: async () => {
      const topic = await server.a.adminDesk.topics.create({ title: "Fuzz target" });
      return { method: "PUT", path: `/apiv2/topics/${topic.id}.json`, watch: [`/apiv2/topics/${topic.id}.json`] };
    },
  },
  { name: "POST /apiv2/questions", body: questionBody, prepare: async () => ({ method: "POST", path: "/apiv2/questions.json", watch: ["/apiv2/questions.json"] }) },
  {
    name: "PUT /apiv2/questions/:id",
    body: questionBody,
    prepare: async () => {
      const id = await freshQuestion();
      return { method: "PUT", path: `/apiv2/questions/${id}.json`, watch: [`/apiv2/questions/${id}.json`] };
    },
  },
  {
    name: "PUT /apiv2/questions/:id/comments",
    body: questionCommentBody,
    prepare: async () => {
      const id = await freshQuestion();
      return { method: "PUT", path: `/apiv2/questions/${id}/comments.json`, watch: [`/apiv2/questions/${id}/comments.json`] };
    },
  },
  { name: "POST /apiv2/imports/chats", body: chatBody, prepare: async () => ({ method: "POST", path: "/apiv2/imports/chats.json", watch: ["/apiv2/chats.json"] }) },
  { name: "POST /apiv2/views", body: viewBody, prepare: async () => ({ method: "POST", path: "/apiv2/views.json", watch: ["/apiv2/views.json"] }) },
  {
    name: "PUT /apiv2/views/:id",
    body: viewBody,
    prepare: async () => {
      const view = await server.a.adminDesk.views.create({ title: "Fuzz target" });
      return { method: "PUT", path: `/apiv2/views/${view.id}.json`, watch: [`/apiv2/views/${view.id}.json`] };
    },
  },
  { name: "POST /apiv2/categories", body: categoryBody, prepare: async () => ({ method: "POST", path: "/apiv2/categories.json", watch: KB_LISTS }) },
  {
    name: "PUT /apiv2/categories/:id",
    body: categoryBody,
    prepare: async () => {
      const category = await server.a.adminDesk.categories.create({ title: "Fuzz target" });
      return { method: "PUT", path: `/apiv2/categories/${category.id}.json`, watch: KB_LISTS };
    },
  },
  { name: "POST /apiv2/forums", body: forumBody, prepare: async () => ({ method: "POST", path: "/apiv2/forums.json", watch: KB_LISTS }) },
  {
    name: "PUT /apiv2/forums/:id",
    body: forumBody,
    prepare: async () => {
      const forum = await server.a.adminDesk.forums.create({ title: "Fuzz target", category_id: kbTargets.categoryId });
      return { method: "PUT", path: `/apiv2/forums/${forum.id}.json`, watch: KB_LISTS };
    },
  },
  { name: "POST /apiv2/posts", body: postBody, prepare: async () => ({ method: "POST", path: "/apiv2/posts.json", watch: KB_LISTS }) },
  {
    name: "PUT /apiv2/posts/:id",
    body: postBody,
    prepare: async () => ({ method: "PUT", path: `/apiv2/posts/${await freshPost()}.json`, watch: KB_LISTS }),
  },
  {
    name: "POST /apiv2/posts/:id/comments",
    body: postCommentBody,
    prepare: async () => {
      const id = await freshPost();
      return { method: "POST", path: `/apiv2/posts/${id}/comments.json`, watch: [...KB_LISTS, `/apiv2/posts/${id}/comments.json`] };
    },
  },
  { name: "POST /apiv2/imports/tickets", body: importBody, prepare: async () => ({ method: "POST", path: "/apiv2/imports/tickets.json", watch: [] }) },
  {
    name: "POST /apiv2/robot/questions",
    body: questionsBody,
    prepare: async () => ({ method: "POST", path: "/apiv2/robot/questions.json", watch: ["/apiv2/robot/questions.json"] }),
  },
  voteRoute("up"),
  voteRoute("down"),
];

beforeAll(async () => {
  bankGroupId = (await server.a.adminDesk.botQuestionGroups.create(["Fuzz questions"]))[0]!.id;
});

/** Statuses seen per route, to check the fuzzing reaches the success paths too. */
const outcomes = new Map<string, number[]>();

describe("random write bodies", () => {
  it.each(routes.map((route) => [route.name, route] as const))("%s - answers 2xx or 4xx, and a failed write changes nothing", async (_name, route) => {
    await fc.assert(
      fc.asyncProperty(route.body, async (body) => {
        const { method, path, watch } = await route.prepare();
        const before = await snapshot(watch);
        const res = await admin.request(method, path, { body });
        outcomes.set(route.name, [...(outcomes.get(route.name) ?? []), res.status]);
        expectNoServerError(res, body);
        if (res.status >= 400) expect(await snapshot(watch)).toBe(before);
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it("fuzzing - reaches both successes and failures on every write route", () => {
    for (const route of routes) {
      const statuses = outcomes.get(route.name) ?? [];
      expect(statuses.some((s) => s < 300), route.name).toBe(true);
      expect(statuses.some((s) => s >= 400), route.name).toBe(true);
    }
  });
});

describe("random requests", () => {
  it("any method, path and query - never a 5xx", async () => {
    const segment = fc.oneof(
      fc.constantFrom("tickets", "users", "groups", "organizations", "api_tokens", "show_many", "me", "search", "merge", "1", "0", "-1", "x.json"),
      fc.constantFrom("requests", "comments", "ticket_fields", "user_fields", "active", "topics", "questions", "chats", "imports"),
      fc.constantFrom("categories", "forums", "posts", "draft"),
      fc.string({ maxLength: 8 }).map(encodeURIComponent),
    );
    const request = fc.record({
      method: fc.constantFrom("GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"),
      segments: fc.array(segment, { maxLength: 4 }),
      query: fc.dictionary(
        fc.constantFrom("ids", "page", "per_page", "query", "status", "role", "created_start", "created_order", "field_order", "range", "sort_order", "start", "end", "visitor_id", "user_id", "sort"),
        fc.string({ maxLength: 12 }),
      ),
    });
    await fc.assert(
      fc.asyncProperty(request, async ({ method, segments, query }) => {
        // Reads only: random deletes would empty the tenant and make later runs trivial.
        const safeMethod = method === "DELETE" ? "GET" : method;
        const path = `/apiv2/${segments.join("/")}?${new URLSearchParams(query).toString()}`;
        const res = await admin.request(safeMethod, path);
        expect(res.status, `${safeMethod} ${path}: ${res.text}`).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
  });
});
