import { z } from "zod";
import { ROTATION_MODES, TEAM_RULES } from "../rotation/types.js";

export const rotationModes = ROTATION_MODES;

/** Organizers' pairings, by registration id. */
export const pairings = z.object({
  together: z.array(z.tuple([z.uuid(), z.uuid()])).max(50),
  apart: z.array(z.tuple([z.uuid(), z.uuid()])).max(50),
});

const person = z.object({ registrationId: z.string(), name: z.string() });

export const boardCourt = z.object({
  id: z.uuid(),
  name: z.string(),
  /**
   * A court's one owner now: open play ("playing" or "idle"), the session's event (its round
   * robin plays here: the event's page and the TV show its games), or nobody ("unavailable").
   */
  status: z.enum(["playing", "idle", "event", "unavailable"]),
  singles: z.boolean(),
  /** Idle and kept free by the organizer (a game was cancelled there) until they start it again. */
  held: z.boolean(),
  /**
   * Idle at the night's last call with players waiting: whoever went on would end the night two
   * games ahead of someone still on court (shared/rotation decide.ts keptForTheEnd).
   */
  keptForTheEnd: z.boolean(),
  /**
   * Idle while the only players waiting are the four who just came off a court together: it
   * starts when the next court frees, and the two groups mix (shared/rotation decide.ts waitingToMix).
   */
  waitingToMix: z.boolean(),
  game: z
    .object({
      id: z.uuid(),
      startedAt: z.iso.datetime(),
      teamA: z.array(person),
      teamB: z.array(person),
      /**
       * Team A's chance to win in percent, from the ladder's skill estimates (shared/rating
       * skill.ts winChance); null unless every player on court is rated in the court's format.
       */
      chanceA: z.number().int().min(0).max(100).nullable(),
    })
    .nullable(),
  /**
   * Those waiting in the group projected onto this court next. The engine plays the night
   * forward, so a group may also hold players on court now (back on after their game, or off a
   * court it expects to end first): they are `comingOff`, counted, not named, as which of them go
   * on depends on which court really ends first. Named, half of one group did not go on, and a
   * player read his name on the court he was playing and under Next Up at once (a review).
   */
  nextUp: z.array(person),
  comingOff: z.number().int(),
  /** Of those playing or up next here, who answered their call with "on my way". */
  answered: z.array(z.string()),
  /** Members playing here who have not answered (walk-ins cannot): whom a time to answer waits for. */
  awaiting: z.array(z.string()),
});
export type BoardCourt = z.infer<typeof boardCourt>;

/** Minutes, if games run short and if they run long: what the board promises, as a range. */
export const waitRange = z.object({ low: z.number(), high: z.number() });
export type WaitRange = z.infer<typeof waitRange>;

export const queueEntry = person.extend({
  position: z.number().int(),
  estimatedWaitMinutes: z.number(),
  waitRange,
  gamesPlayed: z.number().int(),
  wantsBye: z.boolean(),
  /** When the player said they will leave tonight, or null. */
  leavesAt: z.iso.datetime({ offset: true }).nullable(),
});

export const myPlace = z.object({
  /** in-event: playing the session's event (its page says their next game), off open play's line. */
  state: z.enum(["playing", "up-next", "waiting", "on-break", "in-event", "not-checked-in"]),
  courtName: z.string().nullable(),
  position: z.number().int().nullable(),
  estimatedWaitMinutes: z.number().nullable(),
  waitRange: waitRange.nullable(),
  /** Called (playing or up next) and answered "on my way". */
  answered: z.boolean(),
  /** When they said they will leave tonight, or null (always null when not checked in). */
  leavesAt: z.iso.datetime({ offset: true }).nullable(),
});
export type MyPlace = z.infer<typeof myPlace>;

export const boardView = z.object({
  session: z
    .object({ id: z.uuid(), name: z.string(), startsAt: z.iso.datetime(), endsAt: z.iso.datetime() })
    .nullable(),
  club: z.object({ name: z.string(), logoUrl: z.string().nullable() }),
  mode: z.enum(rotationModes),
  balanceByRating: z.boolean(),
  teams: z.enum(TEAM_RULES),
  pairings: z.object({
    together: z.array(z.tuple([person, person])),
    apart: z.array(z.tuple([person, person])),
  }),
  /** Minutes a called group has to answer "on my way" before the next group is offered; null: never. */
  callTimeoutMinutes: z.number().int().nullable(),
  version: z.number().int(),
  courts: z.array(boardCourt),
  queue: z.array(queueEntry),
  onBreak: z.array(person),
  stats: z.object({
    waiting: z.number().int(),
    /**
     * The wait told to someone joining the line now: the longest told to anyone in it. The one
     * figure for "how long's the wait?" on the board, the TV and the dashboard; null when nobody
     * waits.
     */
    joiningWait: waitRange.nullable(),
    /** How long players have really waited in line tonight; null until someone has (measured-waits.ts). */
    averageWaitMinutes: z.number().nullable(),
    activePlayers: z.number().int(),
    /** Players the session's event holds: off open play's line until it finishes. */
    inEvent: z.number().int(),
  }),
  me: myPlace.nullable(),
  canManage: z.boolean(),
  /**
   * For organizers only (null for everyone else, the TV included): the declared genders of the
   * players checked in, by registration, and what the team rule does with tonight's numbers.
   */
  organizer: z
    .object({
      genders: z.record(z.string(), z.enum(["woman", "man"])),
      teamsNote: z.string().nullable(),
    })
    .nullable(),
  /** For the TV: the address players open to check in (QR code). */
  checkInUrl: z.string().nullable(),
});
export type BoardView = z.infer<typeof boardView>;

export const boardParams = z.object({ orgId: z.uuid() });
export const gameParams = z.object({ orgId: z.uuid(), gameId: z.uuid() });
// As PostgreSQL writes a uuid: the teams on court hold registration ids as text, compared as written.
export const playerParams = z.object({ orgId: z.uuid(), registrationId: z.uuid().toLowerCase() });
export const boardCourtParams = z.object({ orgId: z.uuid(), courtId: z.uuid() });

const points = z
  .number()
  .int("Scores are whole points")
  .min(0, "Scores go from 0 to 99")
  .max(99, "Scores go from 0 to 99");
export const sides = ["A", "B"] as const;
export type Side = (typeof sides)[number];

/**
 * A finished game's result: the side that won, with the points when someone entered them. A
 * tap on the winning side alone is a whole result (the ladder counts it as a plain win); older
 * clients send the points alone, and the higher score won.
 */
export const scoreBody = z
  .object({ winner: z.enum(sides).optional(), scoreA: points.optional(), scoreB: points.optional() })
  .superRefine((s, ctx) => {
    const hasA = s.scoreA !== undefined;
    const hasB = s.scoreB !== undefined;
    if (hasA !== hasB) {
      ctx.addIssue({
        code: "custom",
        message: "Enter both scores, or none",
        path: [hasA ? "scoreB" : "scoreA"],
      });
    } else if (!hasA && !s.winner) {
      ctx.addIssue({ code: "custom", message: "Say which side won", path: ["winner"] });
    } else if (hasA && s.scoreA === s.scoreB) {
      ctx.addIssue({
        code: "custom",
        message: "A game has a winner: the scores cannot be equal",
        path: ["scoreB"],
      });
    } else if (hasA && s.winner && s.winner !== ((s.scoreA ?? 0) > (s.scoreB ?? 0) ? "A" : "B")) {
      ctx.addIssue({ code: "custom", message: "The winning side has the higher score", path: ["winner"] });
    }
  });
export type ScoreBody = z.infer<typeof scoreBody>;

/** A valid score body as stored: who won, and the points or none. */
export function gameResult(body: ScoreBody): { winner: Side; scoreA: number | null; scoreB: number | null } {
  if (body.scoreA === undefined || body.scoreB === undefined)
    return { winner: body.winner ?? "A", scoreA: null, scoreB: null };
  return { winner: body.scoreA > body.scoreB ? "A" : "B", scoreA: body.scoreA, scoreB: body.scoreB };
}

/** "10-15 min", or "12 min" when both ends round to the same minute; "now" for none at all. */
export function waitRangeText(range: { low: number; high: number }): string {
  if (range.high <= 0) return "now";
  return range.low === range.high ? `${range.low} min` : `${range.low}-${range.high} min`;
}

/**
 * What someone walking in is told: "join now, play in about 4-8 min" (null when nobody waits, or
 * no court will free). "Joining now: about 11 min" was read as "joining now", a name's place.
 */
export function joiningNowText(range: WaitRange | null): string | null {
  return joinsToWait(range) ? `${JOIN_NOW} ${waitRangeText(range)}` : null;
}

/** joiningNowText's words before the figure, for pages that set the figure in bold. */
export const JOIN_NOW = "join now, play in about";

export const joinsToWait = (range: WaitRange | null): range is WaitRange => range !== null && range.high > 0;

/**
 * Who won a finished game: its winner, or for results from before the winner was kept (only
 * the points), the higher score; null when neither is known.
 */
export function winnerOf(game: {
  winner: Side | null;
  scoreA: number | null;
  scoreB: number | null;
}): Side | null {
  if (game.winner) return game.winner;
  if (game.scoreA === null || game.scoreB === null) return null;
  return game.scoreA >= game.scoreB ? "A" : "B";
}

/**
 * How long a score can be undone, on the server. The sheet offers Undo for less; the rest is
 * for a slow network. An undo also needs the board unchanged since the score (score-actions.ts).
 */
export const SCORE_UNDO_SECONDS = 30;

export const playerActionBody = z.object({
  action: z.enum(["break", "return", "skip", "front", "remove", "bye", "cancel-bye"]),
});
/**
 * What a player may do about themself from their phone: step away and come back, answer a call
 * to a court ("on my way"), or let the next group go ahead this time (skip: to the back of the line).
 */
export const myActionBody = z.object({ action: z.enum(["break", "return", "on-my-way", "skip"]) });
/**
 * A player's own action done; after a skip, `neededNext` says the next group could not be made
 * without them (too few others ready), so they are still called: the phone says so.
 */
export const myActionAnswer = z.object({ version: z.number().int(), neededNext: z.boolean().optional() });

/** How far ahead a player may say they will leave. */
export const LEAVING_HORIZON_HOURS = 12;
/**
 * "I'm leaving at 8:30", from the player's phone: an instant with its offset, or null to clear
 * it. Whether it is ahead of now and within LEAVING_HORIZON_HOURS is checked against the
 * server's clock (myLeavingTime).
 */
export const myLeavingBody = z.object({
  leavesAt: z.iso
    .datetime({ offset: true, message: "Give the time as a date and time with its offset" })
    .nullable(),
});

export const courtAvailabilityBody = z.object({
  /** True also starts a court the organizer kept free: the next group goes on it. */
  available: z.boolean(),
  /** Taking out a court with a game on it: end the game, its players back to the front of the line. */
  endRunningGame: z.boolean().optional(),
});
export const boardSettingsBody = z
  .object({
    mode: z.enum(rotationModes),
    /** Kept for older clients: "skill-balanced" says it now. */
    balanceByRating: z.boolean().default(false),
    /** The club's courts played as singles in this session; unchanged when left out. */
    singlesCourts: z.array(z.uuid()).max(64).optional(),
    pairings: pairings.optional(),
    /** Minutes a called group has to answer before the next group is offered; null: never. Unchanged when left out. */
    callTimeoutMinutes: z.number().int().min(1).max(15).nullable().optional(),
    /** Who may make a team: anyone, mixed doubles, or separate games. Unchanged when left out. */
    teams: z.enum(TEAM_RULES).optional(),
  })
  .refine((s) => !s.pairings || [...s.pairings.together, ...s.pairings.apart].every(([a, b]) => a !== b), {
    message: "A pair needs two different players",
    path: ["pairings"],
  });

export const displayToken = z.object({ token: z.string(), url: z.string(), createdAt: z.iso.datetime() });

export const fairnessReport = z.object({
  players: z.array(
    z.object({
      // Two walk-ins may share a name: the place on the list tells them apart.
      registrationId: z.uuid(),
      name: z.string(),
      gamesPlayed: z.number().int(),
      sitOuts: z.number().int(),
      longestWaitMinutes: z.number(),
    }),
  ),
  gamesPlayedSpread: z.number().int(),
  longestWaitMinutes: z.number(),
  averageWaitMinutes: z.number().nullable(),
  partnerRepeats: z.number().int(),
  opponentRepeats: z.number().int(),
  gamesFinished: z.number().int(),
});
