/**
 * Migration 7: categories → forums → posts → post comments. Each child
 * references its parent with the tenant (ON DELETE CASCADE), so one DELETE
 * removes a whole subtree atomically. Posts are indexed for full-text search
 * by an external-content FTS5 table that triggers keep in step; the update
 * trigger fires only when the title or content changes, not on view counts.
 */
export const KNOWLEDGE_BASE_SCHEMA = `
CREATE TABLE categories (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  tenant_id INTEGER NOT NULL REFERENCES tenants (id),
  title TEXT NOT NULL,
  content TEXT NOT NULL,
  display_limit INTEGER NOT NULL,
  sort INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  UNIQUE (tenant_id, id)
);
CREATE INDEX categories_order ON categories (tenant_id, sort, id);

CREATE TABLE forums (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  tenant_id INTEGER NOT NULL,
  category_id INTEGER NOT NULL,
  title TEXT NOT NULL,
  content TEXT NOT NULL,
  role_view TEXT NOT NULL CHECK (role_view IN ('all', 'logged_in', 'agent')),
  sort INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  UNIQUE (tenant_id, id),
  FOREIGN KEY (tenant_id, category_id) REFERENCES categories (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX forums_order ON forums (tenant_id, sort, id);
CREATE INDEX forums_category ON forums (tenant_id, category_id, sort, id);

CREATE TABLE posts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  tenant_id INTEGER NOT NULL,
  forum_id INTEGER NOT NULL,
  title TEXT NOT NULL,
  content TEXT NOT NULL,
  author_id INTEGER NOT NULL,
  disable_comments INTEGER NOT NULL,
  count_comments INTEGER NOT NULL DEFAULT 0,
  count_vote INTEGER NOT NULL DEFAULT 0,
  count_view INTEGER NOT NULL DEFAULT 0,
  is_home INTEGER NOT NULL,
  is_highlight INTEGER NOT NULL,
  is_top INTEGER NOT NULL,
  is_draft INTEGER NOT NULL,
  is_dashboard INTEGER NOT NULL,
  sort INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  tags TEXT NOT NULL,
  UNIQUE (tenant_id, id),
  FOREIGN KEY (tenant_id, forum_id) REFERENCES forums (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX posts_order ON posts (tenant_id, sort, id);
CREATE INDEX posts_forum ON posts (tenant_id, forum_id, sort, id);
CREATE INDEX posts_author ON posts (tenant_id, author_id);

CREATE VIRTUAL TABLE posts_fts USING fts5 (
  title, content, content = 'posts', content_rowid = 'id', tokenize = 'unicode61 remove_diacritics 0'
);
CREATE TRIGGER posts_fts_insert AFTER INSERT ON posts BEGIN
  INSERT INTO posts_fts (rowid, title, content) VALUES (new.id, new.title, new.content);
END;
CREATE TRIGGER posts_fts_delete AFTER DELETE ON posts BEGIN
  INSERT INTO posts_fts (posts_fts, rowid, title, content) VALUES ('delete', old.id, old.title, old.content);
END;
CREATE TRIGGER posts_fts_update AFTER UPDATE OF title, content ON posts BEGIN
  INSERT INTO posts_fts (posts_fts, rowid, title, content) VALUES ('delete', old.id, old.title, old.content);
  INSERT INTO posts_fts (rowid, title, content) VALUES (new.id, new.title, new.content);
END;

CREATE TABLE post_comments (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  tenant_id INTEGER NOT NULL,
  post_id INTEGER NOT NULL,
  author_id INTEGER NOT NULL,
  content TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  FOREIGN KEY (tenant_id, post_id) REFERENCES posts (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX post_comments_post ON post_comments (tenant_id, post_id, id);
`;
