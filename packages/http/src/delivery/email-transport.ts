import nodemailer from "nodemailer";
import type { Deliver } from "@helpdesk/core";

export interface EmailTransportOptions {
  /** smtp://user:pass@host:port or smtps://…; nodemailer's connection URL. */
  smtpUrl: string;
  /** The From address; default help desk <no-reply@localhost>. */
  from?: string;
}

interface EmailPayload {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** Sends outbox e-mails through SMTP. A rejected send (refused, unreachable) is retried by the outbox. */
export function createEmailTransport(options: EmailTransportOptions): { deliver: Deliver; close(): void } {
  const transporter = nodemailer.createTransport(options.smtpUrl);
  const from = options.from ?? "Help desk <no-reply@localhost>";
  return {
    async deliver(message) {
      const payload = message.payload as unknown as EmailPayload;
      if (payload.to.length === 0) return;
      await transporter.sendMail({
        from,
        to: payload.to,
        subject: payload.subject,
        text: payload.text,
        html: payload.html,
        headers: { "X-Helpdesk-Message-Id": String(message.id) },
      });
    },
    close: () => transporter.close(),
  };
}
