// How mail leaves: over SMTP when SMTP_URL is set, else into the local mailbox (listed at
// /dev/mailbox when that page is on). Mailed links are tokens, so the log names the message
// and where to read it, never the link itself.
import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type { Db } from "../../db/database.js";
import { mailboxMessages } from "../../db/schema/mail.js";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers: List-Unsubscribe and List-Unsubscribe-Post on notification emails (RFC 8058). */
  headers?: Record<string, string>;
};

export interface Mailer {
  readonly kind: "smtp" | "mailbox";
  send(message: MailMessage): Promise<void>;
}

/** What nodemailer is handed for a message: the same for SMTP and for the mailbox's copy of its source. */
const outgoing = (from: string, message: MailMessage) => ({ from, ...message });

export function createSmtpMailer(smtpUrl: string, from: string): Mailer & { close(): void } {
  // A few pooled connections: a new SMTP handshake per message would cap throughput. Bounded
  // waits: a mail job must finish (or fail and retry) well within its 20 s expiry.
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 5,
    connectionTimeout: 8_000,
    greetingTimeout: 8_000,
    socketTimeout: 15_000,
  });
  return {
    kind: "smtp",
    async send(message) {
      await transport.sendMail(outgoing(from, message));
    },
    close: () => transport.close(),
  };
}

/** Keeps a message in the local mailbox (mail here, and the SMS port's texts); `raw` is a mail's source. */
export async function keepInMailbox(
  db: Db,
  message: Omit<MailMessage, "headers">,
  raw?: string,
): Promise<void> {
  const { to, subject, text, html } = message;
  await db.insert(mailboxMessages).values({ to, subject, text, html, raw });
}

export function createMailboxMailer(
  db: Db,
  log: FastifyBaseLogger,
  from: string,
  mailboxUrl: string | undefined,
  /** Mail to this domain (the demo's made-up players) is kept but logged at debug only: the
   *  demo's start says so in one line instead of dozens. */
  quietDomain?: string,
): Mailer {
  // nodemailer's stream transport composes a message exactly as its SMTP transport sends it
  // (headers encoded and folded, CRLF line ends), into a buffer instead of a connection.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const sourceOf = async (message: MailMessage) => {
    const { message: source } = await composer.sendMail(outgoing(from, message));
    // With `buffer: true` the message comes whole, never as a stream.
    return (source as Buffer).toString("utf8");
  };
  return {
    kind: "mailbox",
    async send(message) {
      await keepInMailbox(db, message, await sourceOf(message));
      if (quietDomain && message.to.toLowerCase().endsWith(`@${quietDomain}`)) {
        log.debug(`mail to ${message.to}: "${message.subject}"`);
        return;
      }
      log.info(
        // The link on a line of its own, where a person at the terminal can click it.
        `mail to ${message.to}: "${message.subject}"${mailboxUrl ? `; open it at\n  ${mailboxUrl}` : " (kept, not delivered: set SMTP_URL)"}`,
      );
    },
  };
}
