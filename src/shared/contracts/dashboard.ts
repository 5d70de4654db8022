// The dashboard's view of the club's own life: what is next, what is happening, what happened.
import { z } from "zod";
import { TEAM_RULES } from "../rotation/types.js";
import { waitRange } from "./board.js";

export const dashboardView = z.object({
  timeZone: z.string(),
  /** The next scheduled sessions, soonest first. */
  upcoming: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      startsAt: z.iso.datetime(),
      endsAt: z.iso.datetime(),
      /** Null when the session has no capacity. */
      placesLeft: z.number().int().nullable(),
      registeredCount: z.number().int(),
      paymentAmount: z.number().int().nullable(),
      /** Registration opens then (null: it is open). */
      opensAt: z.iso.datetime().nullable(),
      /** Places are drawn then (null: no lottery, or drawn). */
      drawAt: z.iso.datetime().nullable(),
      /** Who may make a team: a mixed night is one a player chooses to come to. */
      teams: z.enum(TEAM_RULES),
    }),
  ),
  /** The session running now and its board, if one is. */
  live: z
    .object({
      sessionId: z.uuid(),
      name: z.string(),
      checkedIn: z.number().int(),
      /** The first few names, for a glance. */
      checkedInNames: z.array(z.string()),
      courtsPlaying: z.number().int(),
      courtsTotal: z.number().int(),
      waiting: z.number().int(),
      /** The board's wait for someone joining the line now (null when nobody waits). */
      joiningWait: waitRange.nullable(),
    })
    .nullable(),
  /** The latest counted matches. */
  results: z.array(
    z.object({
      id: z.uuid(),
      playedAt: z.iso.datetime(),
      winners: z.array(z.string()),
      losers: z.array(z.string()),
      score: z.string(),
    }),
  ),
  /** Who moved most on the doubles ladder with their last match. */
  movers: z.array(
    z.object({ userId: z.string(), name: z.string(), rating: z.number().int(), change: z.number().int() }),
  ),
  /** For the owner and admins: join requests waiting for an answer (null for everyone else). */
  pendingJoinRequests: z.number().int().nullable(),
});
export type DashboardView = z.infer<typeof dashboardView>;
