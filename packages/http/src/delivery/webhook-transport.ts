import { createHmac } from "node:crypto";
import type { Deliver, Storage } from "@helpdesk/core";

interface WebhookPayload {
  webhook_id: number;
  body: string;
}

/** The signature header: `sha256=<hex HMAC-SHA256 of the raw body with the webhook's secret>`. */
export const SIGNATURE_HEADER = "x-helpdesk-signature";

export function signBody(secret: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

/**
 * Calls webhooks for `target` actions. Anything but a 2xx answer within the
 * timeout is a failed attempt (retried with backoff by the outbox). A webhook
 * deleted since the message was written is dropped, not retried.
 */
export function createWebhookTransport(storage: Storage, options: { timeoutMs?: number } = {}): Deliver {
  const timeoutMs = options.timeoutMs ?? 10_000;
  return async (message) => {
    const payload = message.payload as unknown as WebhookPayload;
    const webhook = await storage.webhooks.getWithSecret(message.tenant_id, payload.webhook_id);
    if (webhook === null) return;
    const headers: Record<string, string> = {
      "content-type": webhook.content_type,
      "user-agent": "helpdesk-webhooks/1",
      "x-helpdesk-delivery": String(message.id),
    };
    if (webhook.secret !== null) headers[SIGNATURE_HEADER] = signBody(webhook.secret, payload.body);
    const hasBody = webhook.method !== "GET" && webhook.method !== "DELETE";
    const response = await fetch(webhook.url, {
      method: webhook.method,
      headers,
      ...(hasBody ? { body: payload.body } : {}),
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
    if (response.status < 200 || response.status > 299) throw new Error(`webhook answered ${response.status}`);
  };
}
