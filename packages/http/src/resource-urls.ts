import type { IncomingMessage } from "node:http";

/** Builds absolute resource addresses from the request's own origin. */
export class ResourceUrls {
  constructor(readonly base: string) {}

  /** `{base}/apiv2/<plural>/<id>.json`, the address the spec gives every resource. */
  of(plural: string, id: number): string {
    return `${this.base}/apiv2/${plural}/${id}.json`;
  }

  /** Where an attachment's bytes are downloaded. */
  attachmentContent(id: number): string {
    return `${this.base}/apiv2/attachments/${id}/content`;
  }
}

/**
 * `http://<Host>`, or https when a proxy in front says so. The Host header has
 * already named a known tenant by the time this runs, so it is safe to echo.
 */
export function requestBase(req: IncomingMessage): string {
  const forwarded = req.headers["x-forwarded-proto"];
  const proto = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim().toLowerCase();
  return `${proto === "https" ? "https" : "http"}://${req.headers.host ?? "localhost"}`;
}
