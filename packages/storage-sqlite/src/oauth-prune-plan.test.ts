import { afterEach, describe, expect, it } from "vitest";
import { PRUNE_CODES, PRUNE_FAMILIES, PRUNE_INTERACTIONS, PRUNE_SESSIONS, PRUNE_TOKENS } from "./oauth-prune-sql";
import { sqliteStorage } from "./sqlite-storage";
import { openFile } from "./test-support";

describe("the OAuth prune on SQLite", () => {
  const opened: Array<ReturnType<typeof openFile>> = [];
  afterEach(() => opened.splice(0).forEach((file) => file.close()));

  /** The query plan of `sql`, one step per line. */
  function plan(sql: string): string[] {
    const file = openFile();
    opened.push(file);
    sqliteStorage(file.db);
    const rows = file.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all({ before: 0, limit: 1 }) as Array<{ detail: string }>;
    return rows.map((row) => row.detail);
  }

  it("plan - every DELETE finds its rows through an expiry index and never scans a table", () => {
    const cases: Array<[string, RegExp[]]> = [
      [PRUNE_FAMILIES, [/SEARCH oauth_grants USING (COVERING )?INDEX oauth_grants_revoked \(revoked_at<\?\)/, /SEARCH t USING (COVERING )?INDEX oauth_tokens_expiry \(expires_at<\?\)/]],
      [PRUNE_TOKENS, [/SEARCH t USING (COVERING )?INDEX oauth_tokens_expiry \(expires_at<\?\)/]],
      [PRUNE_CODES, [/SEARCH c USING (COVERING )?INDEX oauth_codes_expiry \(expires_at<\?\)/]],
      [PRUNE_SESSIONS, [/SEARCH oauth_sessions USING (COVERING )?INDEX oauth_sessions_expiry \(expires_at<\?\)/]],
      [PRUNE_INTERACTIONS, [/SEARCH oauth_interactions USING (COVERING )?INDEX oauth_interactions_expiry \(expires_at<\?\)/]],
    ];
    for (const [sql, searches] of cases) {
      const steps = plan(sql);
      for (const search of searches) expect(steps.join("\n"), sql).toMatch(search);
      expect(steps.filter((step) => step.startsWith("SCAN ")), sql).toEqual([]);
    }
  });
});
