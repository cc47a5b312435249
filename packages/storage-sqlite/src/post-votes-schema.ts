/**
 * Migration 11: votes on knowledge-base posts, one per user and post. A
 * post's votes go with it (ON DELETE CASCADE, as its comments); `user_id`
 * has no foreign key, so a deleted user's votes stay and keep counting.
 */
export const POST_VOTES_SCHEMA = `
CREATE TABLE post_votes (
  tenant_id INTEGER NOT NULL,
  post_id INTEGER NOT NULL,
  user_id INTEGER NOT NULL,
  value INTEGER NOT NULL CHECK (value IN (-1, 1)),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (tenant_id, post_id, user_id),
  FOREIGN KEY (tenant_id, post_id) REFERENCES posts (tenant_id, id) ON DELETE CASCADE
);
`;
