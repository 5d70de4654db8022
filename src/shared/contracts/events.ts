// Events (issue 34): a session run as a round robin, an Americano (new partners every round,
// planned whole) or a Mexicano (each round paired by the standings), then a playoff seeded from
// the standings. The session is the event's registration; its checked-in players are the
// entrants. Scores come from a player of the game and count once the other side confirms them
// (or an organizer enters them); every counted game is a ladder match.
import { z } from "zod";
import { displayName, patternText } from "./common.js";
import { sessionParams } from "./sessions.js";

export const EVENT_LIMITS = {
  rounds: { min: 1, max: 30 },
  courts: { min: 1, max: 12 },
  playTo: { min: 1, max: 50 },
  roundMinutes: { min: 3, max: 90 },
  score: { max: 99 },
  boxSize: { min: 4, max: 6 },
  boxMoves: { min: 1, max: 3 },
} as const;

export const eventFormats = ["americano", "mexicano", "boxes", "teams"] as const;
export type EventFormat = (typeof eventFormats)[number];

const whole = (range: { min: number; max: number }, message: string) =>
  z.coerce.number({ error: message }).int(message).min(range.min, message).max(range.max, message);

/** How an event is played: the format, rounds on how many courts, and how a game ends. */
const eventSettings = z.object({
  format: z.enum(eventFormats, { error: "Choose Americano, Mexicano, a box ladder or fixed teams" }),
  rounds: whole(EVENT_LIMITS.rounds, `Rounds must be a whole number from 1 to ${EVENT_LIMITS.rounds.max}`),
  courts: whole(EVENT_LIMITS.courts, `Courts must be a whole number from 1 to ${EVENT_LIMITS.courts.max}`),
  /** "points": first to playTo; "timed": the higher score when the round's time is up. */
  ending: z.enum(["points", "timed"], { error: "Choose first to a score or timed rounds" }),
  playTo: whole(
    EVENT_LIMITS.playTo,
    `Play to a whole number from 1 to ${EVENT_LIMITS.playTo.max}`,
  ).optional(),
  roundMinutes: whole(
    EVENT_LIMITS.roundMinutes,
    `Round minutes must be a whole number from ${EVENT_LIMITS.roundMinutes.min} to ${EVENT_LIMITS.roundMinutes.max}`,
  ).optional(),
  /** A box ladder's box size. */
  boxSize: whole(EVENT_LIMITS.boxSize, "A box holds 4 to 6 players").default(5),
});

const endingStated = (
  body: { ending: string; playTo?: number | undefined; roundMinutes?: number | undefined },
  ctx: z.RefinementCtx,
) => {
  if (body.ending === "points" && body.playTo === undefined)
    ctx.addIssue({ code: "custom", path: ["playTo"], message: "Say what score wins a game" });
  if (body.ending === "timed" && body.roundMinutes === undefined)
    ctx.addIssue({ code: "custom", path: ["roundMinutes"], message: "Say how long a round lasts" });
};

/**
 * The organizer's form for one night's event. `endOpenPlay`: open play's games on court end
 * without a result (their players back at the front of the line) so the event can take the
 * courts; without it a start while they run is refused, naming them.
 */
export const createEventBody = eventSettings
  .extend({ endOpenPlay: z.boolean().default(false) })
  .superRefine(endingStated);
export type CreateEventBody = z.input<typeof createEventBody>;

/** A league over the session's weekly series: a name, the weeks' settings, a box ladder's moves. */
export const createLeagueBody = eventSettings
  .extend({
    name: displayName(
      z.string().trim().min(1, "Name the league").max(80, "A league's name is at most 80 characters"),
    ),
    boxMoves: whole(EVENT_LIMITS.boxMoves, "1 to 3 players move up and down each week").default(1),
  })
  .superRefine(endingStated);
export type CreateLeagueBody = z.input<typeof createLeagueBody>;

const score = z.coerce
  .number({ error: "A score is a whole number" })
  .int("A score is a whole number")
  .min(0, "A score cannot be below 0")
  .max(EVENT_LIMITS.score.max, `A score is at most ${EVENT_LIMITS.score.max}`);
export const eventScoreBody = z.object({ scoreA: score, scoreB: score });
export type EventScoreBody = z.input<typeof eventScoreBody>;

export const playoffBody = z.object({
  teams: z.coerce
    .number({ error: "Choose how many teams play off" })
    .int("Choose how many teams play off")
    .min(2, "A playoff has at least 2 teams")
    .max(16, "A playoff has at most 16 teams"),
});

export const eventParams = sessionParams;
export const eventGameParams = sessionParams.extend({ gameId: z.uuid() });

const player = z.object({ id: z.uuid(), name: z.string() });

export const eventGame = z.object({
  id: z.uuid(),
  stage: z.enum(["round", "playoff", "bronze"]),
  round: z.number().int(),
  slot: z.number().int(),
  /** 0 for a bracket bye. */
  court: z.number().int(),
  /** The club court it is played on (the event's court `court` of those it holds); "" for a bye. */
  courtName: z.string(),
  teamA: z.array(player),
  /** Empty for a bracket bye. */
  teamB: z.array(player),
  scoreA: z.number().int().nullable(),
  scoreB: z.number().int().nullable(),
  status: z.enum(["planned", "reported", "confirmed"]),
  /** Which side entered the score waiting for confirmation (null: none, or an organizer's). */
  reportedBy: z.enum(["A", "B"]).nullable(),
  /** The viewer may enter this game's score now. */
  canReport: z.boolean(),
  /** The viewer may confirm the other side's score. */
  canConfirm: z.boolean(),
});
export type EventGame = z.infer<typeof eventGame>;

export const eventStanding = z.object({
  place: z.number().int(),
  id: z.uuid(),
  name: z.string(),
  played: z.number().int(),
  won: z.number().int(),
  pointsFor: z.number().int(),
  pointsAgainst: z.number().int(),
  difference: z.number().int(),
});

export const eventView = z.object({
  event: z.object({
    id: z.uuid(),
    sessionId: z.uuid(),
    sessionName: z.string(),
    format: z.enum(eventFormats),
    courts: z.number().int(),
    rounds: z.number().int(),
    playTo: z.number().int().nullable(),
    roundMinutes: z.number().int().nullable(),
    phase: z.enum(["rounds", "playoff", "finished"]),
    round: z.number().int(),
    roundStartedAt: z.iso.datetime(),
    /** When a timed round's time is up (null: untimed, or not in the round robin). */
    roundEndsAt: z.iso.datetime().nullable(),
  }),
  entrants: z.array(player),
  games: z.array(eventGame),
  /** Who sits each round of the round robin. */
  byes: z.array(z.object({ round: z.number().int(), players: z.array(player) })),
  standings: z.array(eventStanding),
  /** A box ladder's night: each box's standings, best box first (null for other formats). */
  boxes: z.array(z.object({ box: z.number().int(), standings: z.array(eventStanding) })).nullable(),
  /** The league this night is a week of. */
  league: z.object({ name: z.string(), week: z.number().int(), weeks: z.number().int() }).nullable(),
  tieBreaks: z.array(z.string()),
  /** The viewer's entrant id (null: not playing) and the id of their next game to play. */
  me: z.object({ entrantId: z.uuid().nullable(), nextGameId: z.uuid().nullable() }),
  canManage: z.boolean(),
});
export type EventView = z.infer<typeof eventView>;

/** The TV: the club's running event, if one is on. */
export const displayEvent = z.object({ event: eventView.nullable() });

export const leagueRoles = ["player", "substitute"] as const;
export const LEAGUE_LIMITS = { teamName: 40 } as const;
const rosterPerson = z.object({ userId: z.string(), name: z.string() });

export const seasonStanding = z.object({
  place: z.number().int(),
  /** A player's name, or in a league of fixed teams the team's. */
  name: z.string(),
  /** On the league's substitutes' list, not a player of the season. */
  substitute: z.boolean(),
  played: z.number().int(),
  won: z.number().int(),
  difference: z.number().int(),
  /** Weeks played. */
  weeks: z.number().int(),
});

export const leagueView = z.object({
  league: z.object({
    id: z.uuid(),
    name: z.string(),
    format: z.enum(eventFormats),
    courts: z.number().int(),
    rounds: z.number().int(),
    playTo: z.number().int().nullable(),
    roundMinutes: z.number().int().nullable(),
    boxSize: z.number().int(),
    boxMoves: z.number().int(),
  }),
  weeks: z.array(
    z.object({
      sessionId: z.uuid(),
      startsAt: z.iso.datetime(),
      status: z.enum(["scheduled", "active", "completed", "cancelled"]),
      /** Where the week's event stands (null: not started). */
      phase: z.enum(["rounds", "playoff", "finished"]).nullable(),
    }),
  ),
  /** Over the season: games won, then point difference, then head to head, then points scored. */
  standings: z.array(seasonStanding),
  /** A box ladder's boxes as the latest week left them (null for other formats). */
  boxes: z.array(z.array(z.string())).nullable(),
  roster: z.object({
    /** In a league of fixed teams, its teams in the order they signed up. */
    teams: z.array(z.object({ id: z.uuid(), name: z.string(), players: z.array(rosterPerson) })),
    /** The season's players (each on a team, in a league of fixed teams). */
    players: z.array(rosterPerson),
    substitutes: z.array(rosterPerson),
    /** Teams a member signed up with a partner who has not accepted yet: off the season until then. */
    invitations: z.array(
      z.object({ teamId: z.uuid(), teamName: z.string(), from: rosterPerson, to: rosterPerson }),
    ),
  }),
  /**
   * The viewer's place on the roster (role null: not on it); `invitation`: a team waiting for
   * their answer ("received") or for their partner's ("sent").
   */
  me: z.object({
    role: z.enum(leagueRoles).nullable(),
    teamId: z.uuid().nullable(),
    invitation: z.enum(["sent", "received"]).nullable(),
  }),
  /** The next week still to play: who of the roster is in, and how many substitutes it needs. */
  nextWeek: z
    .object({
      sessionId: z.uuid(),
      startsAt: z.iso.datetime(),
      /** The season's players registered for that week. */
      playersIn: z.number().int(),
      /** The season's players not registered for it, by name. */
      playersOut: z.array(z.string()),
      /** Substitutes and others off the roster registered for it, by name. */
      substitutesIn: z.array(z.string()),
      /** Places the substitutes are needed for: a team short of a player, a player missing. */
      substitutesNeeded: z.number().int(),
    })
    .nullable(),
  canManage: z.boolean(),
});
export type LeagueView = z.infer<typeof leagueView>;

/**
 * Joining a league's roster: to play the season or to be a substitute. In a league of fixed
 * teams a player signs up with a partner (a member of the club) as a team, named or not.
 */
export const joinLeagueBody = z.object({
  /** Whom an organizer puts on the roster (a member's user id); the viewer when left out. */
  userId: patternText(z.string().min(1, "Choose the member").max(100, "Choose the member")).optional(),
  role: z.enum(leagueRoles, { error: "Choose to play the season or to be a substitute" }),
  partnerId: patternText(z.string().min(1, "Choose your partner").max(100, "Choose your partner")).optional(),
  teamName: displayName(
    z
      .string()
      .trim()
      .max(LEAGUE_LIMITS.teamName, `A team's name is at most ${LEAGUE_LIMITS.teamName} characters`),
  ).optional(),
});
export type JoinLeagueBody = z.input<typeof joinLeagueBody>;

export const leagueEntryParams = sessionParams.extend({ userId: z.string().min(1).max(100) });

/** Substitutes asked to play a week: how many were told now (each is told once a week). */
export const askedSubstitutes = z.object({ asked: z.number().int() });
