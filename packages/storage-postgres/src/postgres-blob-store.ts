import type { BlobStore, ByteStream } from "@helpdesk/core";
import type { Knex } from "knex";
import { toStorageError } from "./postgres-errors";

/** Bytes per row: large enough that a 20 MB file is 80 inserts, small enough to keep one row's memory modest. */
export const BLOB_CHUNK_BYTES = 256 * 1024;

/**
 * The Postgres adapter's default blob store: chunks of `bytea` in
 * `attachment_blobs`. A blob is written in one transaction (a failed or
 * aborted upload leaves no row), always as at least one row so that an empty
 * file exists, and read back a chunk per query as the reader consumes it.
 */
export function postgresBlobStore(knex: Knex): BlobStore {
  const table = (db: Knex) => db("attachment_blobs");

  async function readChunk(key: string, seq: number): Promise<Buffer> {
    const row: { data: Buffer } | undefined = await table(knex).select("data").where({ key, seq }).first();
    // Deleted while being read: fail the read rather than hand out a truncated file.
    if (row === undefined) throw new Error(`Blob ${key} lost chunk ${seq} while being read`);
    return row.data;
  }

  async function* chunks(key: string, first: Buffer, last: number): ByteStream {
    yield first;
    for (let seq = 1; seq <= last; seq++) yield await readChunk(key, seq);
  }

  return {
    async put(key, data) {
      try {
        return await knex.transaction(async (trx) => {
          let seq = 0;
          let size = 0;
          let pending: Buffer[] = [];
          let pendingBytes = 0;
          const flush = async () => {
            await table(trx).insert({ key, seq, data: Buffer.concat(pending, pendingBytes) });
            seq += 1;
            pending = [];
            pendingBytes = 0;
          };
          for await (const chunk of data) {
            pending.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
            pendingBytes += chunk.byteLength;
            size += chunk.byteLength;
            if (pendingBytes >= BLOB_CHUNK_BYTES) await flush();
          }
          if (pendingBytes > 0 || seq === 0) await flush();
          return size;
        });
      } catch (error) {
        throw toStorageError(error);
      }
    },
    async get(key) {
      try {
        const row: { data: Buffer; last: number } | undefined = await table(knex)
          .select("data", knex.raw("(SELECT max(seq) FROM attachment_blobs WHERE key = ?) AS last", [key]))
          .where({ key, seq: 0 })
          .first();
        return row === undefined ? null : chunks(key, row.data, row.last);
      } catch (error) {
        throw toStorageError(error);
      }
    },
    async delete(key) {
      try {
        await table(knex).where({ key }).del();
      } catch (error) {
        throw toStorageError(error);
      }
    },
  };
}
