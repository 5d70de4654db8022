// A session as the API reads it: the lists' page sizes, the session and its drawn lottery, its
// paths' params, and its page with the registrations. Scheduling it (session-form.ts) and a
// place at it (session-registrations.ts) are apart, so a page loads only the schemas it reads.
import { z } from "zod";
import { TEAM_RULES } from "../rotation/types.js";
import { guestRules, registration } from "./session-registrations.js";

/**
 * Sessions to come, on the first page of the sessions list: a phone's few screens of them. A
 * club that schedules a season ahead has fifty; the rest load as the list is scrolled.
 */
export const UPCOMING_PAGE_SIZE = 12;
/** Sessions over, on each page of the Past tab: about a month of a busy club's nights. */
export const PAST_PAGE_SIZE = 20;

export const sessionStatuses = ["scheduled", "active", "completed", "cancelled"] as const;

export const session = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  paymentRequired: z.boolean(),
  paymentAmount: z.number().int().nullable(),
  refundCutoffHours: z.number().int(),
  capacity: z.number().int().nullable(),
  skillMin: z.number().nullable(),
  skillMax: z.number().nullable(),
  status: z.enum(sessionStatuses),
  seriesId: z.uuid().nullable(),
  registeredCount: z.number().int(),
  waitlistCount: z.number().int(),
  /** Registration opens then; null: it is open. */
  registrationOpensAt: z.iso.datetime().nullable(),
  /** Registration opens then for members in good standing (by the club's strike rule). */
  earlyOpensAt: z.iso.datetime().nullable(),
  /** A lottery's draw time; null: first come, first served. */
  lotteryDrawAt: z.iso.datetime().nullable(),
  lotteryLookbackDays: z.number().int(),
  lotteryGuaranteeAfter: z.number().int().nullable(),
  /** The SHA-256 of the draw's seed, fixed when the lottery was set: the seed, published at the draw, must match it. */
  lotterySeedHash: z.string().nullable(),
  /** When the lottery was drawn (its seed and order are then published: drawView). */
  lotteryDrawnAt: z.iso.datetime().nullable(),
  noShowReleaseMinutes: z.number().int().nullable(),
  /** When places not checked in were released to those standing by. */
  noShowsReleasedAt: z.iso.datetime().nullable(),
  /** Who may make a team: as scheduled, and once the night is live, as its board is set. */
  teams: z.enum(TEAM_RULES),
  /** Only members whose plan lets them in may register (decision 039). */
  membersOnly: z.boolean(),
});
export type Session = z.infer<typeof session>;

/**
 * A drawn lottery as the session page publishes it: the seed, and each entrant's losses, weight,
 * ticket and place in the order, so that anyone can recompute it (shared/lottery/draw.ts).
 */
export const drawView = z.object({
  seed: z.string(),
  drawnAt: z.iso.datetime(),
  guaranteeAfter: z.number().int().nullable(),
  entrants: z.array(
    z.object({
      userId: z.string(),
      name: z.string(),
      lossesBefore: z.number().int(),
      weight: z.number().int(),
      assured: z.boolean(),
      position: z.number().int(),
      won: z.boolean(),
    }),
  ),
});
export type DrawView = z.infer<typeof drawView>;

export const sessionParams = z.object({ orgId: z.uuid(), sessionId: z.uuid() });
export const registrationParams = sessionParams.extend({ registrationId: z.uuid() });

export const sessionDetails = z.object({
  session,
  timeZone: z.string(),
  registrations: z.array(registration),
  mine: registration.nullable(),
  /** Only for those who run sessions: the self check-in link's secret. */
  checkInToken: z.string().nullable(),
  /** Whether a member may bring a guest, how many a month, and at what price. */
  guestRules,
  /**
   * For those who run sessions: each registered member's plan code (by user id), shown beside
   * their name at the door; members on no plan are absent. Null for everyone else.
   */
  planCodes: z.record(z.string(), z.string()).nullable(),
});
export type SessionDetails = z.infer<typeof sessionDetails>;
