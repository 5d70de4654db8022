// Running an event, the organizer's steps: start it from the session's checked-in players (the
// Americano's plan made whole, a Mexicano's first round), move to the next round once every
// game of this one counts, seed a playoff from the standings, and finish.
import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import type { CreateEventBody } from "../../../shared/contracts/events.js";
import {
  americanoPlan,
  boxesPlan,
  courtsInPlay,
  type EventRound,
  type Pair,
} from "../../../shared/events/americano.js";
import { firstRound } from "../../../shared/events/bracket.js";
import { balancedTeams, poolPlan, seasonPoolPlan } from "../../../shared/events/pool.js";
import { mexicanoRound, type ScoredGame, standings } from "../../../shared/events/standings.js";
import { seededOrder } from "../../../shared/rotation/equal-rounds.js";
import type { AppDeps } from "../../app-deps.js";
import type { Db, Tx } from "../../db/database.js";
import { events } from "../../db/schema/events.js";
import { AppError } from "../../platform/errors/app-error.js";
import { type CourtOffered, courtsBackFromEvent, courtsForEvent } from "../courts/service.js";
import type { ClubAccess } from "../members/service.js";
import { checkedInPlayers, sessionRow } from "../sessions/service.js";
import {
  byRating,
  type LeagueRow,
  leagueById,
  leagueOfSeries,
  seasonHistory,
  seasonMeetings,
  seasonSeeding,
  teamsTonight,
  tonightsBoxes,
} from "./leagues.js";
import {
  currentGames,
  type Entrant,
  type EventRow,
  entrantsOf,
  findEventOfSession,
  type GameRow,
  gamesOf,
  insertGames,
  lockedEvent,
  loserOf,
  type NewGame,
  winnerOf,
} from "./store.js";

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

const roundGame = (round: number, g: { court: number; teamA: Pair; teamB: Pair }): NewGame => ({
  stage: "round",
  round,
  slot: g.court,
  court: g.court,
  teamA: g.teamA,
  teamB: g.teamB,
});

/**
 * The round robin's standings from its counted games: a player's, or in pool play a team's (a
 * team stands under its first player's id).
 */
export function standingsOf(event: EventRow, games: GameRow[]) {
  if (!event.teams) return standings(event.entrants, scoredRoundGames(games));
  const teamOf = (side: string[]) => [side[0]!];
  const played = scoredRoundGames(games).map((g) => ({
    ...g,
    teamA: teamOf([...g.teamA]),
    teamB: teamOf([...g.teamB]),
  }));
  return standings(
    event.teams.map((team) => team[0]!),
    played,
  );
}

function scoredRoundGames(games: GameRow[]): ScoredGame[] {
  return games
    .filter((g) => g.stage === "round" && g.status === "confirmed")
    .map((g) => ({ teamA: g.teamA, teamB: g.teamB, scoreA: g.scoreA ?? 0, scoreB: g.scoreB ?? 0 }));
}

/** Refuses while a game of the round on now has no counted score, naming its courts. */
function assertRoundFinished(event: EventRow, games: GameRow[]) {
  const open = currentGames(event, games).filter((g) => g.status !== "confirmed");
  if (open.length === 0) return;
  const courts = open.map((g) => g.court).join(", ");
  throw new AppError(
    "ROUND_NOT_FINISHED",
    `Round ${event.round} is not finished: court ${courts} ${open.length === 1 ? "has" : "have"} no confirmed score. Enter it, or confirm the one reported.`,
  );
}

function assertNotFinished(event: EventRow) {
  if (event.phase === "finished")
    throw new AppError("EVENT_OVER", "This event is finished: its results stand.");
}

async function moveTo(tx: Tx, event: EventRow, change: Partial<EventRow>, now: Date) {
  await tx
    .update(events)
    .set({ ...change, roundStartedAt: now, updatedAt: now })
    .where(eq(events.id, event.id));
}

export async function nextRound(db: Db, organizationId: string, sessionId: string, now: Date) {
  await db.transaction(async (tx) => {
    const event = await lockedEvent(tx, organizationId, sessionId);
    assertNotFinished(event);
    const games = await gamesOf(tx, event.id);
    assertRoundFinished(event, games);
    const next = event.round + 1;
    if (event.phase === "rounds") {
      if (event.round >= event.rounds)
        throw new AppError("EVENT_OVER", "That was the last round: start a playoff or finish the event.");
      if (event.format === "mexicano") await planMexicanoRound(tx, event, games, next);
      await moveTo(tx, event, { round: next }, now);
      return;
    }
    const bracket = currentGames(event, games).filter((g) => g.stage === "playoff");
    if (bracket.length <= 1) throw new AppError("EVENT_OVER", "The final is played: finish the event.");
    const winners = bracket.map(winnerOf);
    const matches: NewGame[] = [];
    for (let i = 0; i < winners.length; i += 2)
      matches.push(bracketGame("playoff", next, i / 2 + 1, winners[i]!, winners[i + 1]!, event.courts));
    // The losing semi-finalists play for third place beside the final.
    if (bracket.length === 2) {
      const [first, second] = bracket.map(loserOf);
      if (first!.length > 0 && second!.length > 0)
        matches.push({
          ...bracketGame("bronze", next, 1, first!, second!, event.courts),
          court: Math.min(2, event.courts),
        });
    }
    await insertGames(tx, event, matches);
    await moveTo(tx, event, { round: next }, now);
  });
}

/** A Mexicano's next round: by standing, 1st and 4th against 2nd and 3rd on each court. */
async function planMexicanoRound(tx: Tx, event: EventRow, games: GameRow[], round: number) {
  const ranked = standingsOf(event, games).map((s) => s.id);
  const byes = new Map<string, number>(event.entrants.map((id) => [id, 0]));
  for (let r = 1; r < round; r++) {
    const playing = new Set(
      games.filter((g) => g.stage === "round" && g.round === r).flatMap((g) => [...g.teamA, ...g.teamB]),
    );
    for (const id of event.entrants) if (!playing.has(id)) byes.set(id, (byes.get(id) ?? 0) + 1);
  }
  const planned = mexicanoRound(ranked, event.courts, byes);
  await insertGames(
    tx,
    event,
    planned.games.map((g) => roundGame(round, g)),
  );
}

function bracketGame(
  stage: "playoff" | "bronze",
  round: number,
  slot: number,
  teamA: string[],
  teamB: string[],
  courts: number,
): NewGame {
  return { stage, round, slot, court: ((slot - 1) % courts) + 1, teamA, teamB };
}

/**
 * The playoff: the top 2n of the standings make n teams, the best with the last of them (1st
 * and 2n-th, 2nd and (2n-1)-th...), seeded in that order into a single-elimination bracket; a
 * team facing a bye goes through at once.
 */
export async function startPlayoff(
  db: Db,
  organizationId: string,
  sessionId: string,
  teams: number,
  now: Date,
) {
  await db.transaction(async (tx) => {
    const event = await lockedEvent(tx, organizationId, sessionId);
    assertNotFinished(event);
    if (event.phase === "playoff") throw new AppError("EVENT_OVER", "The playoff has already begun.");
    const games = await gamesOf(tx, event.id);
    assertRoundFinished(event, games);
    const ranked = standingsOf(event, games).map((s) => s.id);
    // A league's last week is its final: seeded by the whole season (players, not pool teams).
    const league =
      event.leagueId && !event.teams ? await leagueById(tx, organizationId, event.leagueId) : null;
    const season = league
      ? await seasonSeeding(tx, league, sessionId, [...(await entrantsOf(tx, event)).values()], ranked)
      : null;
    const seeded = playoffTeams(event, season ?? ranked, teams);
    const byKey = new Map(seeded.map((team, i) => [String(i), team]));
    let court = 0;
    const matches = firstRound([...byKey.keys()]).map((m): NewGame => {
      const top = m.top ? byKey.get(m.top.entrant)! : [];
      const bottom = m.bottom ? byKey.get(m.bottom.entrant)! : [];
      if (top.length === 0 || bottom.length === 0) {
        // A bye: the team goes through, counted at once, on no court.
        const through = top.length > 0 ? top : bottom;
        return {
          stage: "playoff",
          round: 1,
          slot: m.match,
          court: 0,
          teamA: through,
          teamB: [],
          status: "confirmed",
        };
      }
      return {
        stage: "playoff",
        round: 1,
        slot: m.match,
        court: (court++ % event.courts) + 1,
        teamA: top,
        teamB: bottom,
      };
    });
    await insertGames(tx, event, matches);
    await moveTo(tx, event, { phase: "playoff", round: 1 }, now);
  });
}

/**
 * The playoff's teams in seed order: pool play's own top teams; otherwise the top 2n players as
 * n teams, the best with the last of them (1st and 2n-th, 2nd and (2n-1)-th...).
 */
function playoffTeams(event: EventRow, ranked: string[], teams: number): string[][] {
  const refuse = (problem: string) => {
    throw new AppError("VALIDATION_ERROR", problem, { issues: [{ path: ["teams"], message: problem }] });
  };
  if (event.teams) {
    if (teams > event.teams.length)
      refuse(`A playoff of ${teams} teams needs ${teams}; this event has ${event.teams.length}.`);
    const byFirst = new Map(event.teams.map((team) => [team[0]!, team]));
    return ranked.slice(0, teams).map((id) => byFirst.get(id)!);
  }
  if (teams * 2 > ranked.length)
    refuse(`A playoff of ${teams} teams needs ${teams * 2} players; this event has ${ranked.length}.`);
  return Array.from({ length: teams }, (_, i) => [ranked[i]!, ranked[teams * 2 - 1 - i]!]);
}

/** The event's results stand; its courts go back to open play and its players to the line. */
export async function finishEvent(deps: AppDeps, organizationId: string, sessionId: string) {
  const now = deps.now();
  const finish = async (tx: Tx) => {
    const event = await lockedEvent(tx, organizationId, sessionId);
    assertNotFinished(event);
    await tx.update(events).set({ phase: "finished", updatedAt: now }).where(eq(events.id, event.id));
  };
  try {
    await courtsBackFromEvent(deps, organizationId, sessionId, finish);
  } catch (error) {
    // No board on now (the session ended first): nothing to give back, the results still stand.
    if (!(error instanceof AppError && (error.code === "NO_ACTIVE_SESSION" || error.code === "NOT_STARTED")))
      throw error;
    await deps.database.db.transaction(finish);
  }
}
