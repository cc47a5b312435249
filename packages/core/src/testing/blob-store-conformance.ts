import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { BlobStore, ByteStream } from "../blob-store";

/** A fresh, empty blob store, with a raw probe counting what it holds (finished or partial) and a `close`. */
export type BlobStoreFactory = () => Promise<{ store: BlobStore; stored(): Promise<number>; close(): Promise<void> }>;

async function* chunked(bytes: Buffer, size: number): ByteStream {
  for (let offset = 0; offset < bytes.length; offset += size) yield bytes.subarray(offset, offset + size);
}

async function readAll(stream: ByteStream | null): Promise<Buffer> {
  if (stream === null) throw new Error("expected a blob");
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(Buffer.from(chunk));
  return Buffer.concat(parts);
}

/** Registers the blob store contract: every adapter's store runs it unchanged. */
export function runBlobStoreConformance(name: string, makeStore: BlobStoreFactory): void {
  describe(`blob store conformance: ${name}`, () => {
    let current: Awaited<ReturnType<BlobStoreFactory>> | undefined;
    beforeEach(async () => {
      current = await makeStore();
    });
    afterEach(async () => {
      await current?.close();
      current = undefined;
    });
    const store = () => current!.store;

    it("put - stores a stream of many chunks and resolves to its size; get streams the same bytes back", async () => {
      const bytes = randomBytes(1_000_003);
      expect(await store().put("k-1", chunked(bytes, 65_537))).toBe(bytes.length);
      expect((await readAll(await store().get("k-1"))).equals(bytes)).toBe(true);
    });

    it("put - an empty stream is an empty blob, not a missing one", async () => {
      expect(await store().put("k-empty", chunked(Buffer.alloc(0), 1))).toBe(0);
      expect((await readAll(await store().get("k-empty"))).length).toBe(0);
    });

    it("put - a stream that fails leaves nothing behind and passes its error on", async () => {
      const failure = new Error("client went away");
      async function* failing(): ByteStream {
        yield randomBytes(300_000);
        yield randomBytes(300_000);
        throw failure;
      }
      await expect(store().put("k-fail", failing())).rejects.toBe(failure);
      expect(await store().get("k-fail")).toBeNull();
      expect(await current!.stored()).toBe(0);
    });

    it("get - null for an unknown key", async () => {
      expect(await store().get("k-none")).toBeNull();
    });

    it("delete - removes the blob; deleting an unknown key does nothing", async () => {
      await store().put("k-1", chunked(Buffer.from("one"), 2));
      await store().put("k-2", chunked(Buffer.from("two"), 2));
      await store().delete("k-1");
      await store().delete("k-none");
      expect(await store().get("k-1")).toBeNull();
      expect((await readAll(await store().get("k-2"))).toString()).toBe("two");
      expect(await current!.stored()).toBe(1);
    });
  });
}
