import type { IncomingMessage } from "node:http";
import type { ByteStream } from "@helpdesk/core";
import { HttpError } from "./http-error";
import { tooLarge } from "./request-body";

/** 20 MiB: a phone photo or a PDF manual fits; larger files belong elsewhere. */
export const DEFAULT_ATTACHMENT_LIMIT = 20 * 1024 * 1024;

/**
 * The request body as a stream of chunks, read only as the consumer pulls
 * them, of any content type. A declared Content-Length over `limit` is a 413
 * at once; otherwise the stream throws the 413 as soon as `limit` bytes are
 * passed, so the consumer aborts its write. Like the JSON reader it never
 * destroys the request (the 413 must still go out, with `Connection: close`).
 */
export function streamBody(req: IncomingMessage, limit: number): ByteStream {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  return (async function* () {
    const chunks = req.iterator({ destroyOnReturn: false }) as AsyncIterator<Buffer>;
    let size = 0;
    for (;;) {
      let next: IteratorResult<Buffer>;
      try {
        next = await chunks.next();
      } catch {
        throw new HttpError("REQUEST_BODY_MALFORMED", { description: "The request body ended early" });
      }
      if (next.done === true) return;
      size += next.value.length;
      if (size > limit) {
        await chunks.return?.();
        throw tooLarge(limit);
      }
      yield next.value;
    }
  })();
}
