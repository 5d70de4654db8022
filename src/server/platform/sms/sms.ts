// How a text message leaves: a provider port. The only provider today is the local mailbox
// (SMS_PROVIDER=mailbox, the default off production): each text is kept beside the mail and
// listed at /dev/mailbox, so the phone factor can be tried with no SMS account. With
// SMS_PROVIDER=none (the default in production until a real provider is added) nothing is
// sent and the phone factor is not offered.
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/database.js";
import { escapeHtml } from "../mail/escape-html.js";
import { keepInMailbox } from "../mail/mailer.js";

export interface SmsSender {
  readonly kind: "mailbox" | "none";
  send(to: string, text: string): Promise<void>;
}

/** The mailbox's address for a phone number, so a text is listed (and found by tests) beside the mail. */
export const smsMailboxAddress = (phone: string) => `sms:${phone}`;

export function createMailboxSms(db: Db, log: FastifyBaseLogger, mailboxUrl: string | undefined): SmsSender {
  return {
    kind: "mailbox",
    async send(to, text) {
      await keepInMailbox(db, {
        to: smsMailboxAddress(to),
        subject: `Text message to ${to}`,
        text,
        html: `<p>${escapeHtml(text)}</p>`,
      });
      // Never the text itself: it holds a sign-in code.
      log.info(
        `text to ${maskPhone(to)}${mailboxUrl ? `; open it at\n  ${mailboxUrl}` : " (kept, not delivered)"}`,
      );
    },
  };
}

export const noSms: SmsSender = {
  kind: "none",
  async send() {
    throw new Error("No SMS provider is configured (SMS_PROVIDER=none).");
  },
};

/** "••• ••• 4567": enough for a person to recognise their number, not to read it. */
export function maskPhone(phone: string): string {
  return `••• ••• ${phone.slice(-4)}`;
}
