// Starting an event from the session's checked-in players on the courts the board hands it:
// the Americano's plan made whole, a Mexicano's first round, fixed teams' pool or a box ladder's
// boxes. Apart from running it (running.ts): the night is planned here, once, at its start.
import { randomInt } from "node:crypto";
import type { CreateEventBody } from "../../../shared/contracts/events.js";
import {
  americanoPlan,
  boxesPlan,
  courtsInPlay,
  type EventRound,
  type Pair,
} from "../../../shared/events/americano.js";
import { balancedTeams, poolPlan, seasonPoolPlan } from "../../../shared/events/pool.js";
import { mexicanoRound } from "../../../shared/events/standings.js";
import { seededOrder } from "../../../shared/rotation/equal-rounds.js";
import type { AppDeps } from "../../app-deps.js";
import type { Tx } from "../../db/database.js";
import { events } from "../../db/schema/events.js";
import { AppError } from "../../platform/errors/app-error.js";
import { type CourtOffered, courtsForEvent } from "../courts/service.js";
import type { ClubAccess } from "../members/service.js";
import { checkedInPlayers, sessionRow } from "../sessions/service.js";
import { byRating, seasonHistory, seasonMeetings, teamsTonight, tonightsBoxes } from "./league-draw.js";
import { type LeagueRow, leagueOfSeries } from "./leagues.js";
import { type Entrant, type EventRow, findEventOfSession, insertGames, type NewGame } from "./store.js";

/** The fewest players a round robin of doubles can start with: one court's four. */
export const MIN_ENTRANTS = 4;

type StartBody = {
  format: CreateEventBody["format"];
  rounds: number;
  courts: number;
  ending: "points" | "timed";
  playTo?: number | undefined;
  roundMinutes?: number | undefined;
  boxSize?: number | undefined;
};

/** How the night is played: the form's settings, or its league's for a week of one. */
type Settings = Pick<EventRow, "format" | "courts" | "rounds" | "playTo" | "roundMinutes"> & {
  boxSize: number;
};

const settingsOf = (body: StartBody): Settings => ({
  format: body.format,
  courts: body.courts,
  rounds: body.rounds,
  playTo: body.ending === "points" ? (body.playTo ?? null) : null,
  roundMinutes: body.ending === "timed" ? (body.roundMinutes ?? null) : null,
  boxSize: body.boxSize ?? 5,
});

/**
 * Starts the session's event under the court board's lock: the board hands it the courts in
 * play (open play's games on them ended first, if the organizer says so: courts/event-courts.ts),
 * it takes the first it needs, and holds them and its entrants until it finishes.
 */
export async function startEvent(
  deps: AppDeps,
  access: ClubAccess,
  sessionId: string,
  body: StartBody & { endOpenPlay?: boolean | undefined },
): Promise<void> {
  const now = deps.now();
  // Refused before the board is touched: a session not on now has no board to ask.
  const session = await sessionRow(deps.database.db, access.organizationId, sessionId);
  if (session.status === "completed" || session.status === "cancelled")
    throw new AppError("SESSION_CLOSED", "This session is over: an event runs in a session still to play.");
  // The players checked in when it starts are the entrants, and the TV shows the session on now.
  if (session.status === "scheduled")
    throw new AppError(
      "NOT_STARTED",
      "Start the session first: the players checked in then are the event's entrants.",
    );
  await courtsForEvent(
    deps,
    access.organizationId,
    sessionId,
    body.endOpenPlay ?? false,
    async (tx, offered) => {
      const event = await planEvent(tx, access, session, body, offered, now);
      return { courtIds: event.courtIds, players: event.entrants };
    },
  );
}

async function planEvent(
  tx: Tx,
  access: ClubAccess,
  session: Awaited<ReturnType<typeof sessionRow>>,
  body: StartBody,
  offered: CourtOffered[],
  now: Date,
): Promise<EventRow> {
  if (await findEventOfSession(tx, access.organizationId, session.id))
    throw new AppError("EVENT_EXISTS", "This session is already run as an event.");
  const players = await checkedInPlayers(tx, session.id);
  if (players.length < MIN_ENTRANTS)
    throw new AppError(
      "NOT_ENOUGH_PLAYERS",
      `An event needs at least ${MIN_ENTRANTS} players checked in; ${players.length} ${players.length === 1 ? "is" : "are"}.`,
    );
  if (offered.length === 0)
    throw new AppError(
      "COURT_IN_USE",
      "No court is in play for the event: bring one back on the court board first.",
    );
  const league = await leagueOfSeries(tx, access.organizationId, session.seriesId);
  const asked = league ? { ...league } : settingsOf(body);
  // No more courts than the board can hand over tonight.
  const settings = { ...asked, courts: Math.min(asked.courts, offered.length) };
  const seed = randomInt(1, 2 ** 31 - 1);
  const { plan, courts, boxes, teams, teamKeys } = await planNight(
    tx,
    access.organizationId,
    players,
    settings,
    league,
    seed,
  );
  const [event] = await tx
    .insert(events)
    .values({
      organizationId: access.organizationId,
      sessionId: session.id,
      format: settings.format,
      courts,
      rounds: settings.rounds,
      playTo: settings.playTo,
      roundMinutes: settings.roundMinutes,
      seed,
      leagueId: league?.id ?? null,
      boxes,
      teams: teams ?? null,
      teamKeys: teamKeys ?? null,
      courtIds: offered.slice(0, courts).map((c) => c.id),
      entrants: players.map((p) => p.id),
      roundStartedAt: now,
      createdBy: access.userId,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!event) throw new AppError("EVENT_EXISTS", "This session is already run as an event.");
  await insertGames(
    tx,
    event,
    plan.flatMap((r) => r.games.map((g) => roundGame(r.round, g))),
  );
  return event;
}

/**
 * The night's plan. The Americano is planned whole (it is printed before play), with partners
 * new over a league's season; a Mexicano's rounds follow the standings, so only its first is
 * known (a seeded draw: nobody has a standing yet); a box ladder's boxes each play their own
 * round robin, a box a court.
 */
async function planNight(
  tx: Tx,
  organizationId: string,
  players: Entrant[],
  settings: Settings,
  league: LeagueRow | null,
  seed: number,
): Promise<{
  plan: EventRound[];
  courts: number;
  boxes: string[][] | null;
  teams?: Pair[];
  teamKeys?: Array<string | null>;
}> {
  const ids = players.map((p) => p.id);
  const courts = courtsInPlay(ids.length, settings.courts);
  if (settings.format === "americano") {
    const history = league ? await seasonHistory(tx, league, players) : undefined;
    return { plan: americanoPlan(ids, courts, settings.rounds, seed, history), courts, boxes: null };
  }
  if (settings.format === "mexicano")
    return {
      plan: [{ round: 1, ...mexicanoRound(seededOrder(ids, seed), courts, new Map()) }],
      courts,
      boxes: null,
    };
  if (settings.format === "teams") {
    if (ids.length % 2 !== 0) {
      const problem = `Fixed teams need an even number of players: ${ids.length} are checked in. Check one more in, or choose another format.`;
      throw new AppError("VALIDATION_ERROR", problem, { issues: [{ path: ["format"], message: problem }] });
    }
    // A league's own teams (with stand-ins for partners away) meet those they have met least
    // over the season; otherwise teams are drawn even by rating for the night.
    const fixed = league ? await teamsTonight(tx, league, players) : null;
    const teams =
      fixed?.teams ?? balancedTeams((await byRating(tx, organizationId, players)).map((p) => p.id));
    const onCourt = Math.max(1, Math.min(settings.courts, Math.floor(teams.length / 2)));
    if (!fixed || !league)
      return { plan: poolPlan(teams, onCourt, settings.rounds), courts: onCourt, boxes: null, teams };
    const keys = fixed.keys.map((key, i) => key ?? `night:${i}`);
    const met = await seasonMeetings(tx, league);
    return {
      plan: seasonPoolPlan(teams, keys, onCourt, settings.rounds, met),
      courts: onCourt,
      boxes: null,
      teams,
      teamKeys: fixed.keys,
    };
  }
  const boxes = await tonightsBoxes(tx, organizationId, players, settings.boxSize, league);
  if (boxes.length > settings.courts) {
    const problem = `${ids.length} players in boxes of at most ${settings.boxSize} need ${boxes.length} courts, a box a court; this event has ${settings.courts}.`;
    throw new AppError("VALIDATION_ERROR", problem, { issues: [{ path: ["courts"], message: problem }] });
  }
  return { plan: boxesPlan(boxes, settings.rounds, seed), courts: boxes.length, boxes };
}

export const roundGame = (round: number, g: { court: number; teamA: Pair; teamB: Pair }): NewGame => ({
  stage: "round",
  round,
  slot: g.court,
  court: g.court,
  teamA: g.teamA,
  teamB: g.teamB,
});
