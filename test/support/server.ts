import { createHelpDesk, type Storage, type ActorDesk, type HelpDesk, type Tenant, type User, type UserCreateInput } from "@helpdesk/core";
import { startServer } from "@helpdesk/http";
import { createTestDatabase, type OpenStorage, type TestDatabase } from "./database";
import { sendRequest, type Auth, type RequestOptions, type TestResponse } from "./http-client";

export type { Auth, TestResponse };

/** A clock the tests move by hand: time is an input, nobody sleeps. */
export interface TestClock {
  now(): number;
  set(ms: number): void;
  advance(ms: number): void;
}

/** 2024-03-01 12:00:00 UTC: whole seconds, so formatted dates are easy to predict. */
export const START_TIME = Date.UTC(2024, 2, 1, 12, 0, 0);

function createTestClock(start = START_TIME): TestClock {
  let now = start;
  return { now: () => now, set: (ms) => void (now = ms), advance: (ms) => void (now += ms) };
}

/** Requests bound to one host and one set of credentials. */
export interface Client {
  request(method: string, path: string, options?: Omit<RequestOptions, "host" | "auth">): Promise<TestResponse>;
  get(path: string, options?: Omit<RequestOptions, "host" | "auth">): Promise<TestResponse>;
  post(path: string, body?: unknown, options?: Omit<RequestOptions, "host" | "auth" | "body">): Promise<TestResponse>;
  put(path: string, body?: unknown, options?: Omit<RequestOptions, "host" | "auth" | "body">): Promise<TestResponse>;
  delete(path: string, options?: Omit<RequestOptions, "host" | "auth">): Promise<TestResponse>;
}

export interface TestUser {
  user: User;
  password: string;
  auth: Auth;
  client: Client;
}

export interface TenantFixture {
  tenant: Tenant;
  host: string;
  admin: TestUser;
  /** The core, acting as this tenant's admin: for setup that is not under test. */
  adminDesk: ActorDesk;
  /** A client for this host with any credentials (or none). */
  clientFor(auth: Auth): Client;
  createAgent(fields?: Partial<UserCreateInput>): Promise<TestUser>;
  createEndUser(fields?: Partial<UserCreateInput>): Promise<TestUser>;
  createUser(fields: Partial<UserCreateInput> & { role: User["role"] }): Promise<TestUser>;
  /** A new API token (secret and id). */
  createToken(): Promise<{ id: number; token: string }>;
}

export interface TestServer {
  desk: HelpDesk;
  /** The database under test (SQLite or Postgres, per HELPDESK_TEST_STORAGE). */
  database: TestDatabase;
  /** The storage the server's help desk runs on (for workers that share it, such as outbox delivery). */
  storage: Storage;
  /** Another storage on the same database, on connections of its own, as a second process would have. */
  openStorage(): Promise<OpenStorage>;
  port: number;
  url: string;
  clock: TestClock;
  /** Tenant at host a.test. */
  a: TenantFixture;
  /** Tenant at host b.test. */
  b: TenantFixture;
  request(method: string, path: string, options?: RequestOptions): Promise<TestResponse>;
  close(): Promise<void>;
}

let sequence = 0;

/**
 * A fresh database (SQLite file or Postgres schema), the help desk over it, and the HTTP API on a free port,
 * with two tenants (a.test and b.test) each with an admin. Call `close()` in afterAll.
 */
export async function startTestServer(options: { bodyLimit?: number; attachmentLimit?: number; uploadExpiryMs?: number } = {}): Promise<TestServer> {
  const database = await createTestDatabase();
  const opened = await database.open();
  const clock = createTestClock();
  const desk = createHelpDesk({
    storage: opened.storage,
    clock: clock.now,
    blobs: opened.blobs,
    ...(options.uploadExpiryMs === undefined ? {} : { uploadExpiryMs: options.uploadExpiryMs }),
  });
  const server = await startServer({
    desk,
    port: 0,
    host: "127.0.0.1",
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
    ...(options.attachmentLimit === undefined ? {} : { attachmentLimit: options.attachmentLimit }),
  });
  const request = (method: string, path: string, requestOptions?: RequestOptions) => sendRequest(server.port, method, path, requestOptions);

  const clientFor = (host: string, auth: Auth): Client => {
    const send = (method: string, path: string, more: RequestOptions = {}) => request(method, path, { ...more, host, auth });
    return {
      request: send,
      get: (path, more) => send("GET", path, more),
      post: (path, body, more) => send("POST", path, body === undefined ? { ...more } : { ...more, body }),
      put: (path, body, more) => send("PUT", path, body === undefined ? { ...more } : { ...more, body }),
      delete: (path, more) => send("DELETE", path, more),
    };
  };

  async function fixture(host: string, name: string): Promise<TenantFixture> {
    const adminPassword = `admin-password-${host}`;
    const created = await desk.tenants.create({ host, name, admin: { email: `admin@${host}`, password: adminPassword, name: `Admin ${name}` } });
    const adminAuth: Auth = { email: `admin@${host}`, password: adminPassword };
    const adminDesk = desk.as(created.tenant.id, created.admin);
    const createUser: TenantFixture["createUser"] = async (fields) => {
      sequence += 1;
      const password = `password-${sequence}`;
      const email = fields.email ?? `${fields.role}${sequence}@${host}`;
      const user = await adminDesk.users.create({ name: `${fields.role} ${sequence}`, ...fields, email, password });
      const auth: Auth = { email: user.email!, password };
      return { user, password, auth, client: clientFor(host, auth) };
    };
    return {
      tenant: created.tenant,
      host,
      admin: { user: created.admin, password: adminPassword, auth: adminAuth, client: clientFor(host, adminAuth) },
      adminDesk,
      clientFor: (auth) => clientFor(host, auth),
      createUser,
      createAgent: (fields = {}) => createUser({ ...fields, role: "agent" }),
      createEndUser: (fields = {}) => createUser({ ...fields, role: "end_user" }),
      createToken: async () => {
        const { id, token } = await adminDesk.apiTokens.create();
        return { id, token };
      },
    };
  }

  const a = await fixture("a.test", "A");
  const b = await fixture("b.test", "B");
  return {
    desk,
    database,
    storage: opened.storage,
    openStorage: () => database.open(),
    port: server.port,
    url: server.url,
    clock,
    a,
    b,
    request,
    async close() {
      await server.close();
      await opened.close();
      await database.drop();
    },
  };
}

/** `YYYY-MM-DD HH:MM:SS`, the API's date format. */
export const API_DATE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** The one /apiv2 error body. */
export interface ErrorBody {
  error: string;
  description: string;
  code: string;
  details?: Record<string, Array<{ description: string }>>;
}

/** Asserts the one /apiv2 error body and returns it. */
export function errorBody(response: TestResponse): ErrorBody {
  const body = response.body as Record<string, unknown> | undefined;
  if (!body || typeof body.error !== "string" || typeof body.description !== "string" || typeof body.code !== "string") {
    throw new Error(`expected an error body, got ${response.status} ${response.text}`);
  }
  return body as unknown as ErrorBody;
}
