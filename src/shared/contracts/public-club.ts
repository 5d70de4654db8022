import { z } from "zod";
import { TEAM_RULES } from "../rotation/types.js";
import { displayText } from "./common.js";

export const JOIN_MESSAGE_MAX = 1000;

export const slugParams = z.object({ slug: z.string().min(1).max(120) });

/** A club's public fields: only these ever leave through the public read. */
export const publicClub = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  logoUrl: z.string().nullable(),
  location: z.string().nullable(),
  description: z.string().nullable(),
});

/** Dates and times come formatted in the club's zone, so the zone itself stays private. */
export const publicSession = z.object({
  id: z.uuid(),
  name: z.string(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  /** Long form, e.g. "Saturday, June 1, 2030". */
  dateLabel: z.string(),
  /** Short times, e.g. "9:00 AM - 11:00 AM". */
  timeLabel: z.string(),
  paymentRequired: z.boolean(),
  paymentAmount: z.number().int().nullable(),
  /** The league the session is a week of ("Tuesday Box League"), if any. */
  league: z.string().nullable(),
  /** Who may make a team: a mixed night says so before anyone asks to join. */
  teams: z.enum(TEAM_RULES),
  /** Running now: listed first, and said so. */
  live: z.boolean(),
});

/** A membership plan the club offers, in words: "$30.00 a month", "50% off paid sessions". */
export const publicPlan = z.object({
  id: z.uuid(),
  name: z.string(),
  price: z.string(),
  benefits: z.array(z.string()),
});

export const publicClubPage = z.object({
  club: publicClub,
  upcomingSessions: z.array(publicSession),
  /** The plans everyone is offered (hidden ones are by invitation), cheapest first. */
  plans: z.array(publicPlan),
  /** Only for signed-in viewers: a visitor is not told the member count. */
  memberCount: z.number().int().nullable(),
  viewer: z.enum(["anonymous", "member", "pending", "none"]),
});
export type PublicClubPage = z.infer<typeof publicClubPage>;

export const joinRequestBody = z.object({
  message: displayText(
    z.string().trim().max(JOIN_MESSAGE_MAX, `Message must be at most ${JOIN_MESSAGE_MAX} characters`),
  )
    .optional()
    .transform((value) => (value ? value : undefined)),
});
