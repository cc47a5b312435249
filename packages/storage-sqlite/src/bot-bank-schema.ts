/** Migration 9: the chat-bot question bank. Released text: never edit it, add a new step instead. */
export const BOT_BANK_SCHEMA = `
CREATE TABLE bot_question_groups (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  title TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  -- The target of the questions' tenant-scoped foreign key.
  UNIQUE (tenant_id, id)
);

CREATE TABLE bot_questions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  category_id INTEGER NOT NULL,
  title TEXT NOT NULL,
  other_titles TEXT NOT NULL,
  answer TEXT NOT NULL,
  active INTEGER NOT NULL,
  remark TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  -- A group is deleted only once empty: the service checks, this makes sure.
  FOREIGN KEY (tenant_id, category_id) REFERENCES bot_question_groups (tenant_id, id)
);
CREATE INDEX bot_questions_category ON bot_questions (tenant_id, category_id, id);
-- What the matcher reads: the active questions of a tenant.
CREATE INDEX bot_questions_active ON bot_questions (tenant_id, active, id);
`;
