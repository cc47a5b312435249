/** How many leading bytes the sniffer looks at. */
export const SNIFF_BYTES = 512;

const SIGNATURES: ReadonlyArray<{ type: string; bytes: readonly number[] }> = [
  { type: "image/png", bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: "image/jpeg", bytes: [0xff, 0xd8, 0xff] },
  { type: "image/gif", bytes: [...Buffer.from("GIF87a")] },
  { type: "image/gif", bytes: [...Buffer.from("GIF89a")] },
  { type: "application/pdf", bytes: [...Buffer.from("%PDF-")] },
  { type: "application/zip", bytes: [0x50, 0x4b, 0x03, 0x04] },
  { type: "application/zip", bytes: [0x50, 0x4b, 0x05, 0x06] },
];

/** Bytes no text file holds: C0 controls other than tab, line feed, form feed and carriage return, and DEL. */
const isBinaryByte = (byte: number) => (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d) || byte === 0x7f;

function looksLikeText(head: Uint8Array): boolean {
  if (head.length === 0 || head.some(isBinaryByte)) return false;
  try {
    // `stream: true` lets a multi-byte character cut off at the end of the sample pass.
    new TextDecoder("utf-8", { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/** The media type of a file from its first bytes: a few well-known signatures, then UTF-8 text, else octet-stream. */
export function sniffContentType(head: Uint8Array): string {
  const hit = SIGNATURES.find(({ bytes }) => bytes.length <= head.length && bytes.every((byte, i) => head[i] === byte));
  if (hit !== undefined) return hit.type;
  return looksLikeText(head) ? "text/plain" : "application/octet-stream";
}

/** Types that say "some bytes" rather than what they are: curl's default for a body, and the spec's application/binary. */
const UNSPECIFIC = new Set(["application/octet-stream", "application/binary", "application/x-www-form-urlencoded", "multipart/form-data"]);
const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

/** The essence (`type/subtype`, lower-case) of a Content-Type header when it names a specific type; null otherwise. */
export function specificContentType(header: string | undefined): string | null {
  const essence = header?.split(";")[0]?.trim().toLowerCase();
  if (essence === undefined || !MEDIA_TYPE.test(essence) || UNSPECIFIC.has(essence)) return null;
  return essence;
}

/**
 * Passes `data` through unchanged while keeping its first `SNIFF_BYTES`
 * bytes, so the type can be sniffed after the stream was written elsewhere.
 */
export function keepHead(data: AsyncIterable<Uint8Array>): { stream: AsyncIterable<Uint8Array>; head(): Uint8Array } {
  const kept: Uint8Array[] = [];
  let keptBytes = 0;
  async function* stream() {
    for await (const chunk of data) {
      if (keptBytes < SNIFF_BYTES) {
        const part = chunk.subarray(0, SNIFF_BYTES - keptBytes);
        kept.push(Uint8Array.from(part));
        keptBytes += part.length;
      }
      yield chunk;
    }
  }
  return { stream: stream(), head: () => Buffer.concat(kept) };
}
