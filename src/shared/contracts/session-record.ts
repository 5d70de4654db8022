// The night's record: what is kept of a session once it has been played (or while it runs):
// who came, who paid and was refunded, every game, and the fairness report as it stands.
import { z } from "zod";
import { fairnessReport } from "./board.js";
import { registrationStatuses } from "./session-registrations.js";
import { session } from "./sessions.js";

export const paymentStatuses = [
  "pending",
  "paid",
  "cancelled",
  "expired",
  "refund_pending",
  "refunded",
] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

export const recordAttendee = z.object({
  registrationId: z.uuid(),
  name: z.string(),
  /** A walk-in added by name, not a member's account. */
  guest: z.boolean(),
  status: z.enum(registrationStatuses),
  checkedInAt: z.iso.datetime().nullable(),
  gamesPlayed: z.number().int(),
  /**
   * The place's money over all its payments, if it ever had one: cents kept (paid) and cents
   * given or owed back; the status is the one that tells it best (paid, else refunded, else the
   * latest checkout's).
   */
  payment: z
    .object({ status: z.enum(paymentStatuses), paid: z.number().int(), refunded: z.number().int() })
    .nullable(),
});
export type RecordAttendee = z.infer<typeof recordAttendee>;

export const recordGame = z.object({
  id: z.uuid(),
  courtName: z.string(),
  startedAt: z.iso.datetime(),
  endedAt: z.iso.datetime().nullable(),
  teamA: z.array(z.string()),
  teamB: z.array(z.string()),
  winner: z.enum(["A", "B"]).nullable(),
  scoreA: z.number().int().nullable(),
  scoreB: z.number().int().nullable(),
});
export type RecordGame = z.infer<typeof recordGame>;

/** What the record (page and CSV) calls a place's state and its payment's. */
export const placeLabels: Record<RecordAttendee["status"], string> = {
  registered: "Registered",
  waitlisted: "Waitlisted",
  pending_payment: "Awaiting payment",
  entered: "In the draw",
  cancelled: "Cancelled",
};
export const paymentLabels: Record<PaymentStatus, string> = {
  pending: "Payment pending",
  paid: "Paid",
  cancelled: "Not paid",
  expired: "Not paid",
  refund_pending: "Refund owed",
  refunded: "Refunded",
};

export const sessionRecord = z.object({
  session,
  timeZone: z.string(),
  attendees: z.array(recordAttendee),
  /** Finished games, in the order they were played. */
  games: z.array(recordGame),
  fairness: fairnessReport,
  totals: z.object({
    checkedIn: z.number().int(),
    games: z.number().int(),
    /** Cents taken and kept: paid, less what was refunded or is owed back. */
    collected: z.number().int(),
    refunded: z.number().int(),
  }),
});
export type SessionRecord = z.infer<typeof sessionRecord>;

/** A calendar month in the club's time zone, as "2026-11". */
export const recordMonthQuery = z.object({
  month: z.string().regex(/^(20\d\d|21\d\d)-(0[1-9]|1[0-2])$/, "Month must look like 2026-11"),
});

/** One player's own night: what they played, with and against whom, how long they waited. */
export const myNight = z.object({
  name: z.string(),
  gamesPlayed: z.number().int(),
  wins: z.number().int(),
  totalWaitMinutes: z.number().int(),
  longestWaitMinutes: z.number().int(),
  partners: z.array(z.object({ name: z.string(), games: z.number().int() })),
  opponents: z.array(z.object({ name: z.string(), games: z.number().int() })),
  games: z.array(
    z.object({
      courtName: z.string(),
      startedAt: z.iso.datetime(),
      partners: z.array(z.string()),
      opponents: z.array(z.string()),
      won: z.boolean(),
      /** "11-7" from this player's side; null for a win recorded without points. */
      score: z.string().nullable(),
    }),
  ),
  /** The session's own figures, to read theirs beside. */
  session: z.object({
    players: z.number().int(),
    gamesFinished: z.number().int(),
    gamesPlayedSpread: z.number().int(),
    averageWaitMinutes: z.number().nullable(),
  }),
});
export type MyNight = z.infer<typeof myNight>;
