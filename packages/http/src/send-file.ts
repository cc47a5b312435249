import type { ServerResponse } from "node:http";
import { pipeline } from "node:stream/promises";
import type { ByteStream } from "@helpdesk/core";

/** A download: the bytes and what the headers say about them. */
export interface FileReply {
  data: ByteStream;
  size: number;
  contentType: string;
  filename: string;
}

/** RFC 8187 encoding for `filename*`: percent-encoded UTF-8, with the few characters encodeURIComponent leaves but the grammar forbids. */
function encodeExtValue(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * Streams a file as a download. The browser is told it is an attachment of
 * exactly the stored type: never sniffed, never run as a page of our origin.
 * A client that hangs up mid-download is not an error.
 */
export async function sendFile(res: ServerResponse, file: FileReply): Promise<void> {
  res.writeHead(200, {
    "content-type": file.contentType,
    "content-length": file.size,
    "content-disposition": `attachment; filename*=UTF-8''${encodeExtValue(file.filename)}`,
    "x-content-type-options": "nosniff",
    "content-security-policy": "sandbox",
    "cache-control": "private, no-cache",
  });
  try {
    await pipeline(file.data, res);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ERR_STREAM_PREMATURE_CLOSE") return;
    throw error;
  }
}
