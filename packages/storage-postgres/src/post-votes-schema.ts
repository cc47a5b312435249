/**
 * Migration 11: votes on knowledge-base posts, one per user and post. A
 * post's votes go with it (ON DELETE CASCADE, as its comments); `user_id`
 * has no foreign key, so a deleted user's votes stay and keep counting.
 */
export const POST_VOTES_SCHEMA = `
CREATE TABLE post_votes (
  tenant_id bigint NOT NULL,
  post_id bigint NOT NULL,
  user_id bigint NOT NULL,
  value smallint NOT NULL CHECK (value IN (-1, 1)),
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  CONSTRAINT post_votes_pkey PRIMARY KEY (tenant_id, post_id, user_id),
  CONSTRAINT post_votes_post_fk FOREIGN KEY (tenant_id, post_id) REFERENCES posts (tenant_id, id) ON DELETE CASCADE
);
`;
