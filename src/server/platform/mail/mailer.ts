// How mail leaves: over SMTP when SMTP_URL is set, else into the local mailbox
// (listed at /dev/mailbox) with the message's first link printed to the log.
import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type { Db } from "../../db/database.js";
import { mailboxMessages } from "../../db/schema.js";

export type MailMessage = { to: string; subject: string; text: string; html: string };

export interface Mailer {
  readonly kind: "smtp" | "mailbox";
  send(message: MailMessage): Promise<void>;
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: "smtp",
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

export function createMailboxMailer(db: Db, log: FastifyBaseLogger): Mailer {
  return {
    kind: "mailbox",
    async send(message) {
      await db.insert(mailboxMessages).values(message);
      const link = message.text.match(/https?:\/\/\S+/)?.[0];
      log.info(
        { to: message.to, subject: message.subject, link },
        `mail to ${message.to}: ${link ?? message.subject}`,
      );
    },
  };
}
