import { KNOWLEDGE_BASE_SCHEMA } from "./knowledge-base-schema";
import { BOT_BANK_SCHEMA } from "./bot-bank-schema";
import { POST_VOTES_SCHEMA } from "./post-votes-schema";
import type { SqliteDatabase } from "./sqlite-database";

/** One schema step; `version`s are applied once each, in ascending order. */
export interface Migration {
  version: number;
  name: string;
  up: string | ((db: SqliteDatabase) => void);
}

const INITIAL_SCHEMA = `
CREATE TABLE tenants (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  host TEXT NOT NULL,
  name TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  next_ticket_id INTEGER NOT NULL DEFAULT 1
);
CREATE UNIQUE INDEX tenants_host_unique ON tenants (host);

CREATE TABLE users (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  email TEXT,
  name TEXT NOT NULL,
  agent_display_name TEXT,
  role TEXT NOT NULL,
  phone TEXT,
  phone_bind INTEGER NOT NULL,
  signature TEXT,
  details TEXT,
  notes TEXT,
  organization_id INTEGER,
  language TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  last_login_at INTEGER,
  status TEXT NOT NULL,
  photo TEXT,
  moderator INTEGER NOT NULL,
  public_comments INTEGER NOT NULL,
  manage_people INTEGER NOT NULL,
  ticket_restriction TEXT NOT NULL,
  custom_role_id INTEGER,
  messenger_appid TEXT,
  messenger_openid TEXT,
  tags TEXT NOT NULL,
  user_fields TEXT NOT NULL,
  password_hash TEXT,
  version INTEGER NOT NULL DEFAULT 1
);
CREATE UNIQUE INDEX users_email_unique ON users (tenant_id, email) WHERE email IS NOT NULL;
CREATE UNIQUE INDEX users_phone_unique ON users (tenant_id, phone) WHERE phone IS NOT NULL;
CREATE INDEX users_role ON users (tenant_id, role);
CREATE INDEX users_created_at ON users (tenant_id, created_at);
CREATE INDEX users_updated_at ON users (tenant_id, updated_at);
CREATE INDEX users_organization ON users (tenant_id, organization_id);

CREATE TABLE groups (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  name TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX groups_name_unique ON groups (tenant_id, name COLLATE NOCASE);

CREATE TABLE group_memberships (
  tenant_id INTEGER NOT NULL,
  group_id INTEGER NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL,
  PRIMARY KEY (tenant_id, group_id, user_id)
) WITHOUT ROWID;
CREATE INDEX group_memberships_user ON group_memberships (tenant_id, user_id);

CREATE TABLE organizations (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  name TEXT NOT NULL,
  domain TEXT,
  description TEXT,
  group_id INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX organizations_name_unique ON organizations (tenant_id, name COLLATE NOCASE);
CREATE INDEX organizations_created_at ON organizations (tenant_id, created_at);
CREATE INDEX organizations_updated_at ON organizations (tenant_id, updated_at);
CREATE INDEX organizations_domain ON organizations (tenant_id, domain);
CREATE INDEX organizations_group ON organizations (tenant_id, group_id);

CREATE TABLE tickets (
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  id INTEGER NOT NULL,
  title TEXT NOT NULL,
  description TEXT NOT NULL,
  type TEXT,
  status INTEGER NOT NULL,
  priority TEXT,
  recipient TEXT,
  requester_id INTEGER NOT NULL,
  assignee_id INTEGER,
  organization_id INTEGER,
  group_id INTEGER,
  problem_id INTEGER,
  due_date INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  assigneed_at INTEGER,
  resolved_at INTEGER,
  closed_at INTEGER,
  source TEXT NOT NULL,
  tags TEXT NOT NULL,
  custom_fields TEXT NOT NULL,
  satisfaction_rating TEXT,
  PRIMARY KEY (tenant_id, id)
);
-- Ticket ids are not rowids, so the ordering indexes carry id for the tie-breaker.
CREATE INDEX tickets_created_at ON tickets (tenant_id, created_at, id);
CREATE INDEX tickets_updated_at ON tickets (tenant_id, updated_at, id);
CREATE INDEX tickets_status ON tickets (tenant_id, status, id);
CREATE INDEX tickets_assignee ON tickets (tenant_id, assignee_id);
CREATE INDEX tickets_requester ON tickets (tenant_id, requester_id);
CREATE INDEX tickets_organization ON tickets (tenant_id, organization_id);
CREATE INDEX tickets_group ON tickets (tenant_id, group_id);
CREATE INDEX tickets_problem ON tickets (tenant_id, problem_id);
CREATE INDEX tickets_type ON tickets (tenant_id, type);

CREATE TABLE ticket_comments (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  tenant_id INTEGER NOT NULL,
  ticket_id INTEGER NOT NULL,
  author_id INTEGER NOT NULL,
  content TEXT NOT NULL,
  public INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  FOREIGN KEY (tenant_id, ticket_id) REFERENCES tickets (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX ticket_comments_ticket ON ticket_comments (tenant_id, ticket_id, created_at);
CREATE INDEX ticket_comments_author ON ticket_comments (tenant_id, author_id);

CREATE TABLE ticket_collaborators (
  tenant_id INTEGER NOT NULL,
  ticket_id INTEGER NOT NULL,
  user_id INTEGER NOT NULL,
  PRIMARY KEY (tenant_id, ticket_id, user_id),
  FOREIGN KEY (tenant_id, ticket_id) REFERENCES tickets (tenant_id, id) ON DELETE CASCADE
) WITHOUT ROWID;
CREATE INDEX ticket_collaborators_user ON ticket_collaborators (tenant_id, user_id);

CREATE TABLE api_tokens (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  token_hash TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX api_tokens_hash ON api_tokens (tenant_id, token_hash);
`;

/**
 * The ticket timestamps automations bound, besides created_at and updated_at,
 * which have ordering indexes already. Spelled out rather than derived from
 * TICKET_TIME_FIELDS: a released migration must never change.
 */
const BOUNDED_TICKET_FIELDS = ["assigneed_at", "pending_at", "resolved_at", "closed_at", "requester_updated_at", "assignee_updated_at", "due_date"];

const RULES_SCHEMA = `
ALTER TABLE tickets ADD COLUMN pending_at INTEGER;
ALTER TABLE tickets ADD COLUMN requester_updated_at INTEGER;
ALTER TABLE tickets ADD COLUMN assignee_updated_at INTEGER;
-- Automations find their candidates by range scans on these.
${BOUNDED_TICKET_FIELDS.map((field) => `CREATE INDEX tickets_${field} ON tickets (tenant_id, ${field});`).join("\n")}

-- Bumped in the statement that changes a rule: compiled rule sets are cached under it, by every process.
ALTER TABLE tenants ADD COLUMN rules_revision INTEGER NOT NULL DEFAULT 0;

CREATE TABLE rules (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  kind TEXT NOT NULL CHECK (kind IN ('trigger', 'automation')),
  title TEXT NOT NULL,
  enabled INTEGER NOT NULL,
  sort INTEGER NOT NULL,
  conditions TEXT NOT NULL,
  actions TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  -- The target of the firings' tenant-scoped foreign key.
  UNIQUE (tenant_id, id)
);
-- Evaluation order.
CREATE INDEX rules_order ON rules (tenant_id, kind, sort DESC, id);

CREATE TABLE webhooks (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  title TEXT NOT NULL,
  url TEXT NOT NULL,
  method TEXT NOT NULL,
  content_type TEXT NOT NULL,
  secret TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX webhooks_tenant ON webhooks (tenant_id);

-- Messages outlive their ticket and rule, so those two are plain numbers.
CREATE TABLE outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  kind TEXT NOT NULL,
  payload TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('pending', 'sent', 'failed')),
  attempts INTEGER NOT NULL,
  next_attempt_at INTEGER NOT NULL,
  last_error TEXT,
  created_at INTEGER NOT NULL,
  sent_at INTEGER,
  ticket_id INTEGER,
  rule_id INTEGER
);
-- What claim scans, across tenants: pending messages by due time.
CREATE INDEX outbox_due ON outbox (next_attempt_at, id) WHERE state = 'pending';
CREATE INDEX outbox_tenant ON outbox (tenant_id, created_at, id);
CREATE INDEX outbox_tenant_state ON outbox (tenant_id, state, created_at, id);

CREATE TABLE round_robin_turns (
  tenant_id INTEGER NOT NULL,
  group_id INTEGER NOT NULL,
  last_agent_id INTEGER,
  PRIMARY KEY (tenant_id, group_id)
) WITHOUT ROWID;

CREATE TABLE automation_firings (
  tenant_id INTEGER NOT NULL,
  automation_id INTEGER NOT NULL,
  ticket_id INTEGER NOT NULL,
  ticket_updated_at INTEGER NOT NULL,
  fired_at INTEGER NOT NULL,
  PRIMARY KEY (tenant_id, automation_id, ticket_id),
  FOREIGN KEY (tenant_id, automation_id) REFERENCES rules (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, ticket_id) REFERENCES tickets (tenant_id, id) ON DELETE CASCADE
) WITHOUT ROWID;
CREATE INDEX automation_firings_ticket ON automation_firings (tenant_id, ticket_id);

-- Scheduled jobs run once for all tenants: besides tenants, the one table without a tenant_id.
CREATE TABLE schedule_claims (
  name TEXT NOT NULL,
  slot INTEGER NOT NULL,
  claimed_at INTEGER NOT NULL,
  PRIMARY KEY (name, slot)
) WITHOUT ROWID;
`;

const REQUESTS_SCHEMA = `
ALTER TABLE organizations ADD COLUMN shared_tickets INTEGER NOT NULL DEFAULT 0;
-- Request lists are a requester's or an organization's tickets, newest first: these replace the one-column indexes.
DROP INDEX tickets_requester;
DROP INDEX tickets_organization;
CREATE INDEX tickets_requester_created ON tickets (tenant_id, requester_id, created_at, id);
CREATE INDEX tickets_organization_created ON tickets (tenant_id, organization_id, created_at, id);
`;

// Ticket and user fields share the table, so field_<id> names one definition across both kinds.
const FIELD_DEFINITIONS_SCHEMA = `
CREATE TABLE field_definitions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  kind TEXT NOT NULL CHECK (kind IN ('ticket', 'user')),
  type TEXT NOT NULL,
  agent_title TEXT NOT NULL,
  agent_required INTEGER NOT NULL,
  enduser_visible INTEGER NOT NULL,
  enduser_title TEXT,
  enduser_editable INTEGER NOT NULL,
  enduser_description TEXT,
  enduser_required INTEGER NOT NULL,
  active INTEGER NOT NULL,
  cascade_id INTEGER,
  cascade_value TEXT,
  custom_field_options TEXT NOT NULL,
  regexp_for_validation TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX field_definitions_kind ON field_definitions (tenant_id, kind, id);
`;

const COMMUNITY_AND_CHATS_SCHEMA = `
-- Children reference their parent by (tenant_id, id), so a row can never point into another tenant,
-- and deleting a topic removes its questions and their comments in the same statement.
CREATE TABLE topics (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  title TEXT NOT NULL,
  description TEXT,
  sort INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  UNIQUE (tenant_id, id)
);
CREATE INDEX topics_order ON topics (tenant_id, sort, id);

CREATE TABLE questions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  tenant_id INTEGER NOT NULL,
  topic_id INTEGER NOT NULL,
  title TEXT NOT NULL,
  content TEXT NOT NULL,
  author_id INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  UNIQUE (tenant_id, id),
  FOREIGN KEY (tenant_id, topic_id) REFERENCES topics (tenant_id, id) ON DELETE CASCADE
);
-- Newest first, in all questions, a topic's or an author's.
CREATE INDEX questions_created_at ON questions (tenant_id, created_at, id);
CREATE INDEX questions_topic ON questions (tenant_id, topic_id, created_at, id);
CREATE INDEX questions_author ON questions (tenant_id, author_id, created_at, id);

CREATE TABLE question_comments (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  tenant_id INTEGER NOT NULL,
  question_id INTEGER NOT NULL,
  content TEXT NOT NULL,
  author_id INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  FOREIGN KEY (tenant_id, question_id) REFERENCES questions (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX question_comments_question ON question_comments (tenant_id, question_id, id);

CREATE TABLE chats (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  type TEXT NOT NULL,
  started_by TEXT NOT NULL,
  status TEXT NOT NULL,
  agent_id INTEGER,
  rating TEXT,
  visitor_id TEXT,
  user_id INTEGER,
  created_at INTEGER NOT NULL,
  assigned_at INTEGER,
  end_at INTEGER,
  UNIQUE (tenant_id, id)
);
-- One index per filter of the chat list, each in the list's id order.
CREATE INDEX chats_visitor ON chats (tenant_id, visitor_id, id);
CREATE INDEX chats_user ON chats (tenant_id, user_id, id);
CREATE INDEX chats_created_at ON chats (tenant_id, created_at, id);

CREATE TABLE chat_messages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  tenant_id INTEGER NOT NULL,
  chat_id INTEGER NOT NULL,
  type TEXT NOT NULL,
  name TEXT,
  msg TEXT NOT NULL,
  is_read INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  upload_id INTEGER,
  upload TEXT,
  FOREIGN KEY (tenant_id, chat_id) REFERENCES chats (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX chat_messages_chat ON chat_messages (tenant_id, chat_id, id);
`;

const VIEWS_SCHEMA = `
CREATE TABLE views (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  title TEXT NOT NULL,
  active INTEGER NOT NULL,
  position INTEGER NOT NULL,
  conditions TEXT NOT NULL,
  sort_by TEXT NOT NULL,
  sort_order TEXT NOT NULL,
  restriction_type TEXT CHECK (restriction_type IN ('Group', 'User')),
  restriction_id INTEGER,
  sla_id INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
-- Display order.
CREATE INDEX views_order ON views (tenant_id, position, id);

-- What views filter on most: a group's or an agent's tickets by status. These
-- replace the single-column indexes they extend, and serve the same queries.
CREATE INDEX tickets_group_status ON tickets (tenant_id, group_id, status);
CREATE INDEX tickets_assignee_status ON tickets (tenant_id, assignee_id, status);
DROP INDEX tickets_group;
DROP INDEX tickets_assignee;
CREATE INDEX tickets_priority ON tickets (tenant_id, priority);
-- Covers every column a view filters on but tags and custom fields, by status
-- first: counting such a view reads index entries only, never ticket rows.
CREATE INDEX tickets_view_counts ON tickets (
  tenant_id, status, group_id, assignee_id, priority, type, source, requester_id, organization_id,
  created_at, updated_at, assigneed_at, pending_at, resolved_at, closed_at, requester_updated_at, assignee_updated_at, due_date
);
`;

// Uploads and what they are bound to. Comment and post ids are plain numbers:
// a deleted ticket's files are expired by the service and swept with their blobs.
const ATTACHMENTS_SCHEMA = `
CREATE TABLE attachments (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  token_hash TEXT NOT NULL,
  name TEXT NOT NULL,
  size INTEGER NOT NULL,
  content_type TEXT NOT NULL,
  blob_key TEXT NOT NULL,
  uploader_id INTEGER NOT NULL,
  ticket_id INTEGER,
  comment_id INTEGER,
  post_id INTEGER,
  created_at INTEGER NOT NULL,
  expires_at INTEGER,
  CHECK ((ticket_id IS NULL) = (comment_id IS NULL)),
  CHECK (comment_id IS NULL OR post_id IS NULL)
);
CREATE UNIQUE INDEX attachments_token ON attachments (tenant_id, token_hash);
CREATE INDEX attachments_comment ON attachments (tenant_id, comment_id);
CREATE INDEX attachments_post ON attachments (tenant_id, post_id);
CREATE INDEX attachments_ticket ON attachments (tenant_id, ticket_id);
-- What the sweep scans, across tenants.
CREATE INDEX attachments_expiry ON attachments (expires_at) WHERE expires_at IS NOT NULL;
`;

// OAuth: clients, codes, token families (grants) and tokens, sign-in sessions
// and pending authorizations. Every secret is stored only as its SHA-256.
const OAUTH_SCHEMA = `
CREATE TABLE oauth_clients (
  id INTEGER PRIMARY KEY,
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  client_id TEXT NOT NULL,
  secret_hash TEXT NOT NULL,
  name TEXT NOT NULL,
  redirect_uris TEXT NOT NULL,
  require_pkce INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX oauth_clients_client_id ON oauth_clients (tenant_id, client_id);

CREATE TABLE oauth_codes (
  id INTEGER PRIMARY KEY,
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  code_hash TEXT NOT NULL,
  client_id INTEGER NOT NULL REFERENCES oauth_clients (id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  redirect_uri TEXT NOT NULL,
  scope TEXT NOT NULL,
  code_challenge TEXT,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER,
  replayed_at INTEGER
);
CREATE UNIQUE INDEX oauth_codes_hash ON oauth_codes (tenant_id, code_hash);

CREATE TABLE oauth_grants (
  id INTEGER PRIMARY KEY,
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  client_id INTEGER NOT NULL REFERENCES oauth_clients (id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  scope TEXT NOT NULL,
  code_id INTEGER REFERENCES oauth_codes (id) ON DELETE SET NULL,
  created_at INTEGER NOT NULL,
  revoked_at INTEGER
);
CREATE INDEX oauth_grants_code ON oauth_grants (code_id);

CREATE TABLE oauth_tokens (
  id INTEGER PRIMARY KEY,
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  grant_id INTEGER NOT NULL REFERENCES oauth_grants (id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  token_hash TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  retired_at INTEGER
);
CREATE UNIQUE INDEX oauth_tokens_hash ON oauth_tokens (tenant_id, token_hash);
CREATE INDEX oauth_tokens_grant ON oauth_tokens (grant_id);

CREATE TABLE oauth_sessions (
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  session_hash TEXT NOT NULL,
  user_id INTEGER REFERENCES users (id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  PRIMARY KEY (tenant_id, session_hash)
) WITHOUT ROWID;

CREATE TABLE oauth_interactions (
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  interaction_hash TEXT NOT NULL,
  session_hash TEXT NOT NULL,
  client_id INTEGER NOT NULL REFERENCES oauth_clients (id) ON DELETE CASCADE,
  redirect_uri TEXT NOT NULL,
  scope TEXT NOT NULL,
  state TEXT,
  code_challenge TEXT,
  user_id INTEGER,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  PRIMARY KEY (tenant_id, interaction_hash)
) WITHOUT ROWID;
`;

// What the OAuth prune walks, across tenants: everything by the end of its lifetime.
const OAUTH_PRUNE_SCHEMA = `
CREATE INDEX oauth_codes_expiry ON oauth_codes (expires_at);
CREATE INDEX oauth_grants_revoked ON oauth_grants (revoked_at) WHERE revoked_at IS NOT NULL;
CREATE INDEX oauth_tokens_expiry ON oauth_tokens (expires_at);
CREATE INDEX oauth_sessions_expiry ON oauth_sessions (expires_at);
CREATE INDEX oauth_interactions_expiry ON oauth_interactions (expires_at);
`;

/** The schema history. Append only: never edit or reorder a released entry. */
export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: "initial schema", up: INITIAL_SCHEMA },
  { version: 2, name: "rules, webhooks, outbox and ticket activity times", up: RULES_SCHEMA },
  { version: 3, name: "shared organization requests and request list indexes", up: REQUESTS_SCHEMA },
  { version: 4, name: "attachments", up: ATTACHMENTS_SCHEMA },
  { version: 5, name: "ticket and user field definitions", up: FIELD_DEFINITIONS_SCHEMA },
  { version: 6, name: "views and the ticket indexes they filter on", up: VIEWS_SCHEMA },
  { version: 7, name: "knowledge base", up: KNOWLEDGE_BASE_SCHEMA },
  { version: 8, name: "community topics, questions, question comments; chat history", up: COMMUNITY_AND_CHATS_SCHEMA },
  { version: 9, name: "chat-bot question bank", up: BOT_BANK_SCHEMA },
  { version: 10, name: "oauth clients, codes, tokens and sign-in sessions", up: OAUTH_SCHEMA },
  { version: 11, name: "post votes", up: POST_VOTES_SCHEMA },
  { version: 12, name: "oauth expiry indexes for the prune", up: OAUTH_PRUNE_SCHEMA },
];

/**
 * Applies the migrations `db` has not seen yet, each in its own IMMEDIATE
 * transaction with its `schema_migrations` row, so two processes opening one
 * file at once cannot apply a step twice. Returns the versions applied.
 */
export function migrate(db: SqliteDatabase, migrations: readonly Migration[] = MIGRATIONS): number[] {
  db.exec("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL)");
  const isApplied = db.prepare("SELECT 1 FROM schema_migrations WHERE version = ?");
  const record = db.prepare("INSERT INTO schema_migrations (version, name) VALUES (?, ?)");
  const applied: number[] = [];
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    if (isApplied.get(migration.version) !== undefined) continue;
    db.exec("BEGIN IMMEDIATE");
    try {
      // Re-checked under the write lock: another process may have just applied it.
      if (isApplied.get(migration.version) === undefined) {
        if (typeof migration.up === "string") db.exec(migration.up);
        else migration.up(db);
        record.run(migration.version, migration.name);
        applied.push(migration.version);
      }
      db.exec("COMMIT");
    } catch (err) {
      if (db.inTransaction) db.exec("ROLLBACK");
      throw err;
    }
  }
  return applied;
}
