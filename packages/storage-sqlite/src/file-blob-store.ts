import { createWriteStream } from "node:fs";
import { mkdir, open, rename, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import { pipeline } from "node:stream/promises";
import type { BlobStore } from "@helpdesk/core";

const KEY = /^[A-Za-z0-9-]{1,200}$/;

/**
 * Blobs as files under `directory` (created on first write), spread over
 * subdirectories named by the key's last two characters so that no directory
 * grows huge. A write goes to `<key>.partial` and is renamed into place once
 * complete, so a reader never sees half a file and a failed write leaves nothing.
 */
export function createFileBlobStore(directory: string): BlobStore {
  const pathOf = (key: string): string => {
    if (!KEY.test(key)) throw new Error(`Invalid blob key: ${JSON.stringify(key)}`);
    return join(directory, key.slice(-2), key);
  };

  return {
    async put(key, data) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const partial = `${path}.partial`;
      try {
        const file = createWriteStream(partial, { flags: "wx" });
        await pipeline(data, file);
        await rename(partial, path);
        return file.bytesWritten;
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        // Opened before answering, so a blob deleted meanwhile is still read whole (or reported missing).
        const handle = await open(pathOf(key), "r");
        return handle.createReadStream();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

/**
 * The SQLite adapter's default blob store: a directory beside the database
 * file, `<file>.attachments`, or `directory` when given. An in-memory
 * database has no file to sit beside, so it needs `directory`.
 */
export function sqliteBlobStore(db: { name: string }, directory?: string): BlobStore {
  if (directory !== undefined) return createFileBlobStore(directory);
  if (db.name === "" || db.name === ":memory:") throw new Error("An in-memory SQLite database needs an explicit attachments directory");
  return createFileBlobStore(`${db.name}.attachments`);
}
