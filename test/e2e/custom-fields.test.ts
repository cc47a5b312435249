import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_DATE, errorBody, startTestServer, type Client, type TestResponse, type TestServer, type TestUser } from "../support/server";

let server: TestServer;
let admin: Client;
let agent: TestUser;
let endUser: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = server.a.admin.client;
  agent = await server.a.createAgent();
  endUser = await server.a.createEndUser();
});
afterAll(() => server.close());

const KEYS = { ticket: ["ticket_fields", "ticket_field"], user: ["user_fields", "user_field"] } as const;
type Kind = keyof typeof KEYS;
type Field = { id: number; name: string; url: string; [key: string]: unknown };

async function createField(kind: Kind, body: Record<string, unknown>, client = admin): Promise<Field> {
  const [plural, singular] = KEYS[kind];
  const res = await client.post(`/apiv2/${plural}.json`, { [singular]: { agent_title: `${body.type} field`, ...body } });
  expect(res.status, res.text).toBe(201);
  return res.body[singular];
}

const ticketBody = (custom_fields: unknown, extra: Record<string, unknown> = {}) => ({
  ticket: { title: "Fields", comment: { content: "with values" }, custom_fields, ...extra },
});

async function createTicket(custom_fields: unknown, extra: Record<string, unknown> = {}) {
  const res = await admin.post("/apiv2/tickets.json", ticketBody(custom_fields, extra));
  expect(res.status, res.text).toBe(201);
  return res.body.ticket;
}

/** A 422 whose details name exactly `names`. */
function expectInvalid(res: TestResponse, names: string[]): void {
  expect(res.status, res.text).toBe(422);
  expect(errorBody(res).code).toBe("RECORD_INVALID");
  expect(Object.keys(errorBody(res).details ?? {}).sort()).toEqual([...names].sort());
}

const FIELD_KEYS = [
  "active", "agent_required", "agent_title", "cascade_id", "cascade_value", "created_at", "custom_field_options", "enduser_description",
  "enduser_editable", "enduser_required", "enduser_title", "enduser_visible", "id", "name", "regexp_for_validation", "type", "updated_at", "url",
];

describe("ticket field and user field routes", () => {
  it("POST /ticket_fields - 201 with ticket_field, name field_<id>, url and Location; defaults for what is not given", async () => {
    const res = await admin.post("/apiv2/ticket_fields.json", { ticket_field: { type: "int", agent_title: "Seats", name: "ignored", id: 1 } });
    expect(res.status, res.text).toBe(201);
    expect(Object.keys(res.body)).toEqual(["ticket_field"]);
    const field = res.body.ticket_field;
    expect(Object.keys(field).sort()).toEqual(FIELD_KEYS);
    expect(field).toMatchObject({
      name: `field_${field.id}`,
      url: `http://a.test/apiv2/ticket_fields/${field.id}.json`,
      type: "int",
      agent_title: "Seats",
      agent_required: false,
      enduser_visible: false,
      active: true,
      cascade_id: null,
      cascade_value: null,
      custom_field_options: [],
      regexp_for_validation: [],
    });
    expect(field.created_at).toMatch(API_DATE);
    expect(res.headers.location).toBe(field.url);
  });

  it("POST /user_fields - accepts the sample's title and description for agent_title and enduser_description", async () => {
    const res = await admin.post("/apiv2/user_fields.json", { user_field: { type: "text", title: "Employee number", description: "From HR" } });
    expect(res.status, res.text).toBe(201);
    const field = res.body.user_field;
    expect(field).toMatchObject({ agent_title: "Employee number", enduser_description: "From HR", name: `field_${field.id}` });
    expect(res.headers.location).toBe(`http://a.test/apiv2/user_fields/${field.id}.json`);
    const both = await admin.post("/apiv2/user_fields.json", { user_field: { type: "text", title: "Loses", agent_title: "Wins" } });
    expect(both.body.user_field.agent_title).toBe("Wins");
    expectInvalid(await admin.post("/apiv2/user_fields.json", { user_field: { type: "text" } }), ["agent_title"]);
    expectInvalid(await admin.post("/apiv2/user_fields.json", { user_field: { type: "colour", title: "X" } }), ["type"]);
  });

  it("GET /ticket_fields, /active and /{id} - agents read them under ticket_fields and ticket_field", async () => {
    const on = await createField("ticket", { type: "text" });
    const off = await createField("ticket", { type: "text", active: false });
    const all = await agent.client.get("/apiv2/ticket_fields.json");
    expect(all.status).toBe(200);
    expect(Object.keys(all.body)).toEqual(["ticket_fields"]);
    const ids = all.body.ticket_fields.map((f: Field) => f.id);
    expect(ids).toEqual(expect.arrayContaining([on.id, off.id]));
    expect(ids).toEqual([...ids].sort((a: number, b: number) => a - b));
    const active = await agent.client.get("/apiv2/ticket_fields/active.json");
    expect(active.body.ticket_fields.map((f: Field) => f.id)).toContain(on.id);
    expect(active.body.ticket_fields.map((f: Field) => f.id)).not.toContain(off.id);
    const one = await agent.client.get(`/apiv2/ticket_fields/${on.id}.json`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ ticket_field: on });
  });

  it("GET /user_fields, /active and /{id} - a single user field answers under both user_fields and user_field", async () => {
    const on = await createField("user", { type: "checkbox" });
    const off = await createField("user", { type: "checkbox", active: false });
    const all = await agent.client.get("/apiv2/user_fields");
    expect(Object.keys(all.body)).toEqual(["user_fields"]);
    expect(all.body.user_fields.map((f: Field) => f.id)).toEqual(expect.arrayContaining([on.id, off.id]));
    const active = await agent.client.get("/apiv2/user_fields/active.json");
    expect(active.body.user_fields.map((f: Field) => f.id)).not.toContain(off.id);
    const one = await agent.client.get(`/apiv2/user_fields/${on.id}.json`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ user_fields: on, user_field: on });
    // A ticket field is not a user field.
    const ticketField = await createField("ticket", { type: "text" });
    expect((await agent.client.get(`/apiv2/user_fields/${ticketField.id}.json`)).status).toBe(404);
    expect(errorBody(await agent.client.get(`/apiv2/user_fields/${ticketField.id}.json`)).code).toBe("USER_FIELD_NOT_FOUND");
  });

  it("PUT /ticket_fields/{id} - admins change what they name; the type cannot change", async () => {
    const field = await createField("ticket", { type: "dropdownlist", custom_field_options: [{ key: "a", value: "A" }] });
    server.clock.advance(60_000);
    const res = await admin.put(`/apiv2/ticket_fields/${field.id}.json`, { ticket_field: { agent_title: "Renamed", enduser_visible: true, custom_field_options: [{ key: "b", value: "B" }] } });
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body)).toEqual(["ticket_field"]);
    expect(res.body.ticket_field).toMatchObject({ agent_title: "Renamed", enduser_visible: true, type: "dropdownlist", custom_field_options: [{ key: "b", value: "B" }] });
    expect(res.body.ticket_field.updated_at).not.toBe(field.updated_at);
    expect((await admin.put(`/apiv2/ticket_fields/${field.id}.json`, { ticket_field: { type: "dropdownlist" } })).status).toBe(200);
    expectInvalid(await admin.put(`/apiv2/ticket_fields/${field.id}.json`, { ticket_field: { type: "text" } }), ["type"]);
    expectInvalid(await admin.put(`/apiv2/ticket_fields/${field.id}.json`, { ticket_field: { custom_field_options: [] } }), ["custom_field_options"]);
    const user = await createField("user", { type: "text" });
    const renamed = await admin.put(`/apiv2/user_fields/${user.id}.json`, { user_field: { title: "New title" } });
    expect(renamed.body).toEqual({ user_field: expect.objectContaining({ agent_title: "New title" }) });
    expect((await admin.put("/apiv2/ticket_fields/999999.json", { ticket_field: { agent_title: "X" } })).status).toBe(404);
  });

  it("DELETE /ticket_fields/{id} - 200 without a body; the field and every value of it are gone", async () => {
    const field = await createField("ticket", { type: "text" });
    const kept = await createField("ticket", { type: "int" });
    const ticket = await createTicket([{ name: field.name, value: "bye" }, { name: kept.name, value: 3 }]);
    expect((await admin.get(`/apiv2/tickets/search.json?fieldvalue=bye`)).body.tickets.map((t: { id: number }) => t.id)).toEqual([ticket.id]);
    const res = await admin.delete(`/apiv2/ticket_fields/${field.id}.json`);
    expect(res.status).toBe(200);
    expect(res.text).toBe("");
    expect((await admin.get(`/apiv2/ticket_fields/${field.id}.json`)).status).toBe(404);
    expect((await admin.get(`/apiv2/tickets/${ticket.id}.json`)).body.ticket.custom_fields).toEqual([{ name: kept.name, value: 3 }]);
    expect((await admin.get(`/apiv2/tickets/search.json?fieldvalue=bye`)).body.tickets).toEqual([]);
    expect((await admin.delete(`/apiv2/ticket_fields/${field.id}.json`)).status).toBe(404);
  });

  it("DELETE /user_fields/{id} - the users lose the value", async () => {
    const field = await createField("user", { type: "text" });
    const created = await admin.post("/apiv2/users.json", { user: { name: "Valued", email: "valued@a.test", user_fields: [{ name: field.name, value: "v" }] } });
    expect(created.body.user.user_fields).toEqual([{ name: field.name, value: "v" }]);
    expect((await admin.delete(`/apiv2/user_fields/${field.id}.json`)).status).toBe(200);
    expect((await admin.get(`/apiv2/users/${created.body.user.id}.json`)).body.user.user_fields).toEqual([]);
  });

  it("roles - end users may not read; agents read but may not write or delete", async () => {
    const field = await createField("ticket", { type: "text" });
    const userField = await createField("user", { type: "text" });
    for (const path of ["/apiv2/ticket_fields.json", "/apiv2/ticket_fields/active.json", `/apiv2/ticket_fields/${field.id}.json`, "/apiv2/user_fields.json", `/apiv2/user_fields/${userField.id}.json`]) {
      expect((await endUser.client.get(path)).status, path).toBe(403);
      expect((await agent.client.get(path)).status, path).toBe(200);
    }
    expect((await agent.client.post("/apiv2/ticket_fields.json", { ticket_field: { type: "text", agent_title: "X" } })).status).toBe(403);
    expect((await agent.client.put(`/apiv2/ticket_fields/${field.id}.json`, { ticket_field: { agent_title: "X" } })).status).toBe(403);
    expect((await agent.client.delete(`/apiv2/ticket_fields/${field.id}.json`)).status).toBe(403);
    expect((await agent.client.delete(`/apiv2/user_fields/${userField.id}.json`)).status).toBe(403);
    expect((await endUser.client.post("/apiv2/user_fields.json", { user_field: { type: "text", title: "X" } })).status).toBe(403);
    expect((await admin.get(`/apiv2/ticket_fields/${field.id}.json`)).body.ticket_field.agent_title).toBe("text field");
  });

  it("tenants - another tenant's fields are 404 and unknown to its tickets", async () => {
    const field = await createField("ticket", { type: "text" });
    const other = server.b.admin.client;
    expect((await other.get(`/apiv2/ticket_fields/${field.id}.json`)).status).toBe(404);
    expect((await other.put(`/apiv2/ticket_fields/${field.id}.json`, { ticket_field: { agent_title: "Mine" } })).status).toBe(404);
    expect((await other.delete(`/apiv2/ticket_fields/${field.id}.json`)).status).toBe(404);
    expect((await other.get("/apiv2/ticket_fields.json")).body.ticket_fields.map((f: Field) => f.id)).not.toContain(field.id);
    expectInvalid(await other.post("/apiv2/tickets.json", ticketBody([{ name: field.name, value: "x" }])), [field.name]);
    expect((await admin.get(`/apiv2/ticket_fields/${field.id}.json`)).body.ticket_field.agent_title).toBe("text field");
  });
});

describe("definition checks", () => {
  it("options - required on option types, refused elsewhere, keys unique, sub items only on multi_cascade", async () => {
    const post = (body: Record<string, unknown>) => admin.post("/apiv2/ticket_fields.json", { ticket_field: { agent_title: "X", ...body } });
    expectInvalid(await post({ type: "dropdownlist" }), ["custom_field_options"]);
    expectInvalid(await post({ type: "text", custom_field_options: [{ key: "a", value: "A" }] }), ["custom_field_options"]);
    expectInvalid(await post({ type: "cascade", custom_field_options: [{ key: "a", value: "A" }, { key: "a", value: "B" }] }), ["custom_field_options.1.key"]);
    expectInvalid(await post({ type: "cascade", custom_field_options: [{ key: "a", value: "A", sub_items: ["x"] }] }), ["custom_field_options.0.sub_items"]);
    const multi = await post({ type: "multi_cascade", custom_field_options: [{ key: "a", value: "A", sub_items: ["x", "y"] }] });
    expect(multi.status, multi.text).toBe(201);
    expect(multi.body.ticket_field.custom_field_options).toEqual([{ key: "a", value: "A", sub_items: ["x", "y"] }]);
  });

  it("regexp_for_validation - must compile, stay short and not backtrack catastrophically; only on text types", async () => {
    const post = (body: Record<string, unknown>) => admin.post("/apiv2/ticket_fields.json", { ticket_field: { agent_title: "X", ...body } });
    expectInvalid(await post({ type: "regexp" }), ["regexp_for_validation"]);
    expectInvalid(await post({ type: "regexp", regexp_for_validation: ["("] }), ["regexp_for_validation.0"]);
    expectInvalid(await post({ type: "regexp", regexp_for_validation: ["^ok$", "(a+)+$"] }), ["regexp_for_validation.1"]);
    expectInvalid(await post({ type: "text", regexp_for_validation: ["x".repeat(300)] }), ["regexp_for_validation.0"]);
    expectInvalid(await post({ type: "int", regexp_for_validation: ["^1$"] }), ["regexp_for_validation"]);
    expect((await post({ type: "textarea", regexp_for_validation: ["^\\S"] })).status).toBe(201);
  });

  it("cascade - cascade_id names a cascade field of the tenant and cascade_value one of its options", async () => {
    const cascade = await createField("ticket", { type: "cascade", custom_field_options: [{ key: "hw", value: "Hardware" }] });
    const multi = await createField("ticket", { type: "multi_cascade", custom_field_options: [{ key: "hw", value: "Hardware", sub_items: ["printer"] }] });
    const plain = await createField("ticket", { type: "text" });
    const other = await server.b.adminDesk.ticketFields.create({ type: "cascade", agent_title: "B", custom_field_options: [{ key: "hw", value: "H" }] });
    const post = (body: Record<string, unknown>) => admin.post("/apiv2/ticket_fields.json", { ticket_field: { type: "text", agent_title: "Dependent", ...body } });
    expectInvalid(await post({ cascade_id: plain.id, cascade_value: "hw" }), ["cascade_id"]);
    expectInvalid(await post({ cascade_id: other.id, cascade_value: "hw" }), ["cascade_id"]);
    expectInvalid(await post({ cascade_id: cascade.id }), ["cascade_value"]);
    expectInvalid(await post({ cascade_value: "hw" }), ["cascade_value"]);
    expectInvalid(await post({ cascade_id: cascade.id, cascade_value: "sw" }), ["cascade_value"]);
    expectInvalid(await post({ cascade_id: multi.id, cascade_value: "hw" }), ["cascade_value"]);
    expectInvalid(await post({ cascade_id: multi.id, cascade_value: ["hw", "scanner"] }), ["cascade_value"]);
    const ok = await post({ cascade_id: multi.id, cascade_value: ["hw", "printer"] });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.ticket_field).toMatchObject({ cascade_id: multi.id, cascade_value: ["hw", "printer"] });

    // The parent keeps the option its dependents sit under, and cannot be deleted before them.
    expectInvalid(await admin.put(`/apiv2/ticket_fields/${multi.id}.json`, { ticket_field: { custom_field_options: [{ key: "hw", value: "H", sub_items: ["ink"] }] } }), ["custom_field_options"]);
    const refused = await admin.delete(`/apiv2/ticket_fields/${multi.id}.json`);
    expect(refused.status).toBe(422);
    expect(errorBody(refused).code).toBe("FIELD_HAS_DEPENDENTS");
    // Nor may a field depend on itself, or a parent on its own dependent.
    expectInvalid(await admin.put(`/apiv2/ticket_fields/${cascade.id}.json`, { ticket_field: { cascade_id: cascade.id, cascade_value: "hw" } }), ["cascade_id"]);
    const below = await createField("ticket", { type: "cascade", custom_field_options: [{ key: "x", value: "X" }], cascade_id: cascade.id, cascade_value: "hw" });
    expectInvalid(await admin.put(`/apiv2/ticket_fields/${cascade.id}.json`, { ticket_field: { cascade_id: below.id, cascade_value: "x" } }), ["cascade_id"]);
    expect(errorBody(await admin.put(`/apiv2/ticket_fields/${cascade.id}.json`, { ticket_field: { cascade_id: below.id, cascade_value: "x" } })).description).toMatch(/loop/);
  });
});

describe("values on tickets", () => {
  let fields: Record<string, Field>;

  beforeAll(async () => {
    fields = {};
    const specs: Record<string, Record<string, unknown>> = {
      text: { type: "text" },
      textarea: { type: "textarea" },
      int: { type: "int" },
      decimal: { type: "decimal" },
      date: { type: "date" },
      checkbox: { type: "checkbox" },
      regexp: { type: "regexp", regexp_for_validation: ["^[A-Z]{2}-\\d+$"] },
      dropdownlist: { type: "dropdownlist", custom_field_options: [{ key: "gold", value: "Gold" }, { key: "silver", value: "Silver" }] },
      cascade: { type: "cascade", custom_field_options: [{ key: "hw", value: "Hardware" }, { key: "sw", value: "Software" }] },
      multi_cascade: { type: "multi_cascade", custom_field_options: [{ key: "hw", value: "Hardware", sub_items: ["printer", "screen"] }, { key: "other", value: "Other" }] },
    };
    for (const [type, spec] of Object.entries(specs)) fields[type] = await createField("ticket", spec);
  });

  const cases: Array<{ type: string; valid: unknown; stored: unknown; invalid: unknown[] }> = [
    { type: "text", valid: "  hello ", stored: "hello", invalid: [true, ["a"], "x".repeat(1025)] },
    { type: "textarea", valid: "line\nline", stored: "line\nline", invalid: [false] },
    { type: "int", valid: "42", stored: 42, invalid: [4.5, "4.5", "many", true, 2 ** 60] },
    { type: "decimal", valid: "2.50", stored: 2.5, invalid: ["2,5", "abc", false] },
    { type: "date", valid: "2024-05-01", stored: "2024-05-01 00:00:00", invalid: ["2024-02-30", "tomorrow", "01/05/2024", true] },
    { type: "checkbox", valid: false, stored: false, invalid: ["true", 1] },
    { type: "regexp", valid: "AB-123", stored: "AB-123", invalid: ["ab-123", "AB-", 5] },
    { type: "dropdownlist", valid: "gold", stored: "gold", invalid: ["Gold", "bronze", ["gold"]] },
    { type: "cascade", valid: "sw", stored: "sw", invalid: ["nope", true] },
    { type: "multi_cascade", valid: ["hw", "printer"], stored: ["hw", "printer"], invalid: ["hw", ["hw"], ["hw", "mouse"], ["other", "x"]] },
  ];

  for (const { type, valid, stored, invalid } of cases) {
    it(`${type} - a valid value is stored normalized on create and update; others are a 422 naming the field, writing nothing`, async () => {
      const field = fields[type]!;
      const ticket = await createTicket([{ name: field.name, value: valid }]);
      expect(ticket.custom_fields).toEqual([{ name: field.name, value: stored }]);
      const before = (await admin.get("/apiv2/tickets.json?per_page=1")).body.count;
      for (const value of invalid) {
        const created = await admin.post("/apiv2/tickets.json", ticketBody([{ name: field.name, value }]));
        expectInvalid(created, [field.name]);
        expect(errorBody(created).details![field.name]![0]!.description).toEqual(expect.any(String));
        expectInvalid(await admin.put(`/apiv2/tickets/${ticket.id}.json`, { ticket: { title: "Changed", custom_fields: [{ name: field.name, value }] } }), [field.name]);
      }
      expect((await admin.get("/apiv2/tickets.json?per_page=1")).body.count).toBe(before);
      const after = await admin.get(`/apiv2/tickets/${ticket.id}.json`);
      expect(after.body.ticket).toEqual(ticket);
      const updated = await admin.put(`/apiv2/tickets/${ticket.id}.json`, { ticket: { custom_fields: [{ name: field.name, value: valid }] } });
      expect(updated.body.ticket.custom_fields).toEqual([{ name: field.name, value: stored }]);
      const cleared = await admin.put(`/apiv2/tickets/${ticket.id}.json`, { ticket: { custom_fields: [{ name: field.name, value: null }] } });
      expect(cleared.body.ticket.custom_fields).toEqual([]);
    });
  }

  it("update - values merge over the stored ones: fields not named keep their values", async () => {
    const ticket = await createTicket([{ name: fields.text!.name, value: "keep" }, { name: fields.int!.name, value: 1 }]);
    const res = await admin.put(`/apiv2/tickets/${ticket.id}.json`, { ticket: { custom_fields: [{ name: fields.int!.name, value: 2 }, { name: fields.checkbox!.name, value: true }] } });
    expect(res.body.ticket.custom_fields).toEqual([
      { name: fields.text!.name, value: "keep" },
      { name: fields.int!.name, value: 2 },
      { name: fields.checkbox!.name, value: true },
    ]);
  });

  it("unknown and inactive fields - a 422 naming each, by update_many too", async () => {
    const inactive = await createField("ticket", { type: "text", active: false });
    const res = await admin.post("/apiv2/tickets.json", ticketBody([{ name: "field_999999", value: "x" }, { name: inactive.name, value: "y" }]));
    expectInvalid(res, ["field_999999", inactive.name]);
    expect(errorBody(res).details![inactive.name]).toEqual([{ description: "is inactive" }]);
    const ticket = await createTicket([]);
    const bulk = await admin.put(`/apiv2/tickets/update_many.json?ids=${ticket.id}`, { ticket: { custom_fields: [{ name: inactive.name, value: "y" }] } });
    expect(bulk.body.results).toEqual([{ id: ticket.id, success: false, errors: expect.stringContaining(inactive.name) }]);
  });

  it("agent_required - needed on create; an update may not clear it but need not repeat it", async () => {
    const required = await createField("ticket", { type: "text", agent_required: true });
    try {
      expectInvalid(await agent.client.post("/apiv2/tickets.json", ticketBody([])), [required.name]);
      const ticket = (await agent.client.post("/apiv2/tickets.json", ticketBody([{ name: required.name, value: "here" }]))).body.ticket;
      expect(ticket.custom_fields).toEqual([{ name: required.name, value: "here" }]);
      expect((await agent.client.put(`/apiv2/tickets/${ticket.id}.json`, { ticket: { priority: "high" } })).status).toBe(200);
      expectInvalid(await agent.client.put(`/apiv2/tickets/${ticket.id}.json`, { ticket: { custom_fields: [{ name: required.name, value: "" }] } }), [required.name]);
    } finally {
      await admin.put(`/apiv2/ticket_fields/${required.id}.json`, { ticket_field: { active: false } });
    }
  });

  it("cascade dependencies - a dependent takes a value only under its parent's option, and leaves with it", async () => {
    const parent = fields.multi_cascade!;
    const child = await createField("ticket", { type: "int", cascade_id: parent.id, cascade_value: ["hw", "screen"], agent_required: true });
    try {
      expectInvalid(await admin.post("/apiv2/tickets.json", ticketBody([{ name: child.name, value: 3 }])), [child.name]);
      expectInvalid(await admin.post("/apiv2/tickets.json", ticketBody([{ name: parent.name, value: ["hw", "printer"] }, { name: child.name, value: 3 }])), [child.name]);
      expectInvalid(await admin.post("/apiv2/tickets.json", ticketBody([{ name: parent.name, value: ["hw", "screen"] }])), [child.name]);
      const ticket = await createTicket([{ name: parent.name, value: ["hw", "screen"] }, { name: child.name, value: "3" }]);
      expect(ticket.custom_fields).toEqual([{ name: parent.name, value: ["hw", "screen"] }, { name: child.name, value: 3 }]);
      const moved = await admin.put(`/apiv2/tickets/${ticket.id}.json`, { ticket: { custom_fields: [{ name: parent.name, value: ["other"] }] } });
      expect(moved.body.ticket.custom_fields).toEqual([{ name: parent.name, value: ["other"] }]);
    } finally {
      await admin.put(`/apiv2/ticket_fields/${child.id}.json`, { ticket_field: { active: false } });
    }
  });
});

describe("values on users", () => {
  it("user_fields - validated on create and update through the user API, 422 naming the field, nothing written", async () => {
    const seats = await createField("user", { type: "int", agent_required: true });
    try {
      expectInvalid(await agent.client.post("/apiv2/users.json", { user: { name: "No seats", email: "noseats@a.test" } }), [seats.name]);
      expectInvalid(await agent.client.post("/apiv2/users.json", { user: { name: "Bad seats", email: "badseats@a.test", user_fields: [{ name: seats.name, value: "many" }] } }), [seats.name]);
      expect((await admin.get("/apiv2/users/search.json?query=seats@a.test")).body.users).toEqual([]);
      const created = await agent.client.post("/apiv2/users.json", { user: { name: "Seated", email: "seated@a.test", user_fields: [{ name: seats.name, value: "12" }] } });
      expect(created.status, created.text).toBe(201);
      expect(created.body.user.user_fields).toEqual([{ name: seats.name, value: 12 }]);
      const id = created.body.user.id;
      expectInvalid(await agent.client.put(`/apiv2/users/${id}.json`, { user: { name: "Renamed", user_fields: [{ name: seats.name, value: 1.5 }] } }), [seats.name]);
      expectInvalid(await agent.client.put(`/apiv2/users/${id}.json`, { user: { user_fields: [{ name: seats.name, value: null }] } }), [seats.name]);
      expect((await admin.get(`/apiv2/users/${id}.json`)).body.user).toMatchObject({ name: "Seated", user_fields: [{ name: seats.name, value: 12 }] });
      const updated = await agent.client.put(`/apiv2/users/${id}.json`, { user: { user_fields: [{ name: seats.name, value: 13 }] } });
      expect(updated.body.user.user_fields).toEqual([{ name: seats.name, value: 13 }]);
      // A ticket field is not a user field.
      const ticketField = await createField("ticket", { type: "int" });
      expectInvalid(await agent.client.put(`/apiv2/users/${id}.json`, { user: { user_fields: [{ name: ticketField.name, value: 1 }] } }), [ticketField.name]);
    } finally {
      await admin.put(`/apiv2/user_fields/${seats.id}.json`, { user_field: { active: false } });
    }
  });
});

describe("field_order and fieldvalue", () => {
  it("field_order - sorts by an int field's numeric value, a date field's time; a field that does not exist is ignored", async () => {
    const size = await createField("ticket", { type: "int" });
    const due = await createField("ticket", { type: "date" });
    const t9 = await createTicket([{ name: size.name, value: 9 }, { name: due.name, value: "2024-03-01" }]);
    const t100 = await createTicket([{ name: size.name, value: "100" }, { name: due.name, value: "2023-12-31 23:59:59" }]);
    const none = await createTicket([]);
    const t10 = await createTicket([{ name: size.name, value: 10 }, { name: due.name, value: 1735689600 }]);
    const mine = [t9.id, t100.id, none.id, t10.id];
    const order = async (query: string) => {
      const res = await admin.get(`/apiv2/tickets.json?${query}`);
      expect(res.status, res.text).toBe(200);
      return res.body.tickets.map((t: { id: number }) => t.id).filter((id: number) => mine.includes(id));
    };
    expect(await order(`field_order=${size.name}_asc`)).toEqual([none.id, t9.id, t10.id, t100.id]);
    expect(await order(`field_order=${size.name}_desc`)).toEqual([t100.id, t10.id, t9.id, none.id]);
    expect(await order(`field_order=${due.name}_asc`)).toEqual([none.id, t100.id, t9.id, t10.id]);
    expect(await order("field_order=field_999999_desc")).toEqual(mine);
    expect((await admin.get("/apiv2/tickets.json?field_order=size_asc")).status).toBe(400);
  });

  it("fieldvalue - search finds normalized values of real fields by their string form", async () => {
    const tier = await createField("ticket", { type: "dropdownlist", custom_field_options: [{ key: "platinum", value: "Platinum" }] });
    const count = await createField("ticket", { type: "int" });
    const flag = await createField("ticket", { type: "checkbox" });
    const one = await createTicket([{ name: tier.name, value: "platinum" }, { name: count.name, value: "7341" }]);
    const two = await createTicket([{ name: count.name, value: 7342 }, { name: flag.name, value: true }]);
    const search = async (value: string) =>
      (await admin.get(`/apiv2/tickets/search.json?fieldvalue=${encodeURIComponent(value)}`)).body.tickets.map((t: { id: number }) => t.id);
    expect(await search("platinum")).toEqual([one.id]);
    expect(await search("7341")).toEqual([one.id]);
    expect(await search("7342")).toEqual([two.id]);
    expect(await search("Platinum")).toEqual([]);
  });
});
