// Caps on what the app sends, so that no account (nor many cheap ones) can turn it against
// others: a review made one account start 12 clubs in seconds and invite 600 addresses an hour
// in their names, and sign-ups can mail any address. Three layers:
//   - per account, at the request (clubs started a day, invitations an hour across all its
//     clubs, invitations to one address a day): refused with 429 and when to try again;
//   - per recipient, at the send, across every kind of mail (and per number for texts): a mail
//     past the day's cap is not sent (logged without the address), a text is refused;
//   - everyone at once: an hourly budget (MAIL_HOURLY_BUDGET, TEXTS_HOURLY_BUDGET). At
//     PAGE_AT of it the log pages the operator (error level, once a window); past it a mail
//     waits for its job's retries and a text is refused.
// The counts are the rate limits' (rate-limit.ts): shared by every instance.
import { createHash } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { messages } from "../../../shared/domain/messages.js";
import type { Db } from "../../db/database.js";
import { consume, countAttempt, type Limit, rateLimited } from "../auth/rate-limit.js";
import type { SmsSender } from "../sms/sms.js";
import type { Mailer } from "./mailer.js";

const HOUR = 60 * 60;
const DAY = 24 * HOUR;

export const SENDING_CAPS = {
  invitationsPerAccountPerHour: 100,
  invitationsToAddressPerDay: 3,
  textsToNumberPerDay: 10,
} as const;

/** The share of an hourly budget at which the operator is paged. */
const PAGE_AT = 0.8;

/** Addresses compare as people type them: one inbox whatever the case. */
const normalAddress = (address: string) => address.trim().toLowerCase();

export const clubsStartedBy = (userId: string, max: number): Limit => ({
  key: `clubs-started:user:${userId}`,
  max,
  windowSeconds: DAY,
  refusal: messages.sendingCaps.clubsPerDay,
});

export const invitationsSentBy = (userId: string): Limit => ({
  key: `invitations:user:${userId}`,
  max: SENDING_CAPS.invitationsPerAccountPerHour,
  windowSeconds: HOUR,
  refusal: messages.sendingCaps.invitationsPerAccount,
});

export const invitationsTo = (email: string): Limit => ({
  key: `invitations-to:${fingerprint(normalAddress(email))}`,
  max: SENDING_CAPS.invitationsToAddressPerDay,
  windowSeconds: DAY,
  refusal: messages.sendingCaps.invitationsToAddress,
});

/**
 * Keys name a recipient by a hash, not the address: the counts live in a table (or Redis) that
 * a support person may read, and an address there would be a list of who gets our mail.
 */
function fingerprint(text: string): string {
  return createHash("sha256").update(text).digest("base64url").slice(0, 22);
}

/** Counts one send against the hourly budget: pages at PAGE_AT, says whether it is spent. */
async function spendBudget(
  db: Db,
  log: FastifyBaseLogger,
  what: "mail" | "texts",
  budget: number,
): Promise<{ spent: boolean; retryAfter: number }> {
  const { count, retryAfter } = await countAttempt(db, {
    key: `budget:${what}`,
    max: budget,
    windowSeconds: HOUR,
  });
  // The count is shared and rises by one at a time: exactly one send, on one instance, meets it.
  if (count === Math.ceil(budget * PAGE_AT))
    log.error(
      `${what} budget: ${count} of ${budget} this hour sent; past the budget ${what === "mail" ? "mail waits" : "texts are refused"}. Raise ${what === "mail" ? "MAIL_HOURLY_BUDGET" : "TEXTS_HOURLY_BUDGET"} if this is real traffic.`,
    );
  return { spent: count > budget, retryAfter };
}

/** "j•••@example.com": enough to tell mails apart in a log, not to read the address. */
const maskAddress = (address: string) => {
  const [local = "", domain = ""] = address.split("@");
  return `${local.slice(0, 1)}•••@${domain}`;
};

/**
 * `caps.perAddressPerDay` (MAILS_PER_ADDRESS_PER_DAY, 100): every kind of mail to one address;
 * a busy night's calls and reminders, and a week's results, fit well under it.
 */
export function cappedMailer(
  mailer: Mailer,
  db: Db,
  log: FastifyBaseLogger,
  caps: { hourlyBudget: number; perAddressPerDay: number },
): Mailer {
  return {
    kind: mailer.kind,
    async send(message) {
      const { count } = await countAttempt(db, {
        key: `mail-to:${fingerprint(normalAddress(message.to))}`,
        max: caps.perAddressPerDay,
        windowSeconds: DAY,
      });
      if (count > caps.perAddressPerDay) {
        log.warn(
          `not sent: "${message.subject}" to ${maskAddress(message.to)}, who has had a day's mail already`,
        );
        return;
      }
      const budget = await spendBudget(db, log, "mail", caps.hourlyBudget);
      // Thrown, the job is retried later (with backoff), by when the hour may have turned.
      if (budget.spent) throw new Error(`the hourly mail budget is spent; retried in a while`);
      await mailer.send(message);
    },
  };
}

export function cappedSms(sms: SmsSender, db: Db, log: FastifyBaseLogger, hourlyBudget: number): SmsSender {
  if (sms.kind === "none") return sms;
  return {
    kind: sms.kind,
    async send(to, text) {
      await consume(db, [
        {
          key: `text-to:${fingerprint(to)}`,
          max: SENDING_CAPS.textsToNumberPerDay,
          windowSeconds: DAY,
          refusal: messages.sendingCaps.textsToNumber,
        },
      ]);
      const budget = await spendBudget(db, log, "texts", hourlyBudget);
      if (budget.spent) throw rateLimited(budget.retryAfter, messages.sendingCaps.busy);
      await sms.send(to, text);
    },
  };
}
