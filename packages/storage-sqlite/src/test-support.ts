import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";

/** A fresh database file in its own temp dir; `close` closes it and removes the dir. */
export function openFile(): { file: string; db: Database.Database; close(): void } {
  const dir = mkdtempSync(join(tmpdir(), "helpdesk-sqlite-"));
  const file = join(dir, "helpdesk.db");
  const db = new Database(file);
  return {
    file,
    db,
    close() {
      if (db.open) db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
