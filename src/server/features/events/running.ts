// Running an event once it has started (start-event.ts), the organizer's steps: move to the
// next round once every game of this one counts, seed a playoff from the standings, and finish.
import { eq } from "drizzle-orm";
import { firstRound } from "../../../shared/events/bracket.js";
import { mexicanoRound, type ScoredGame, standings } from "../../../shared/events/standings.js";
import type { AppDeps } from "../../app-deps.js";
import type { Db, Tx } from "../../db/database.js";
import { events } from "../../db/schema/events.js";
import { AppError } from "../../platform/errors/app-error.js";
import { courtsBackFromEvent } from "../courts/service.js";
import { seasonSeeding } from "./league-draw.js";
import { leagueById } from "./leagues.js";
import { roundGame } from "./start-event.js";
import {
  currentGames,
  type EventRow,
  entrantsOf,
  type GameRow,
  gamesOf,
  insertGames,
  lockedEvent,
  loserOf,
  type NewGame,
  winnerOf,
} from "./store.js";

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
