/** Bytes as a stream of chunks: a Node Readable is one, and so is any async generator. */
export type ByteStream = AsyncIterable<Uint8Array>;

/**
 * Where attachment bytes live, apart from the database rows that describe
 * them. Keys are made by the core from `[A-Za-z0-9-]`. A store never buffers
 * a whole blob in memory. Blob writes are not part of storage transactions:
 * the core writes the blob before its row and deletes it after the row is gone.
 */
export interface BlobStore {
  /**
   * Writes `data` under the new `key`, resolving to the number of bytes once
   * they are all stored. When `data` throws (or the write fails) nothing is
   * left under `key` and the error is passed on.
   */
  put(key: string, data: ByteStream): Promise<number>;
  /** The bytes under `key`, read as they are consumed; null when there is no such blob. */
  get(key: string): Promise<ByteStream | null>;
  /** Removes the blob; nothing happens when there is none. */
  delete(key: string): Promise<void>;
}
