// Leagues: a weekly series of sessions run as events with the same settings, and what carries
// from week to week. Each week's entrants are whoever came (a registration is the weekly
// opt-in; a substitute is anyone else who registers or walks in that week), so a person is
// followed across weeks by their account, or a guest by their name.
import { and, asc, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import type { createLeagueBody, LeagueView } from "../../../shared/contracts/events.js";
import type { Pair } from "../../../shared/events/americano.js";
import { nextBoxes } from "../../../shared/events/box-ladder.js";
import { type ScoredGame, standings } from "../../../shared/events/standings.js";
import type { Db, Queryable } from "../../db/database.js";
import { eventGames, events, leagues } from "../../db/schema/events.js";
import { AppError } from "../../platform/errors/app-error.js";
import { currentRatings } from "../ladder/service.js";
import type { ClubAccess } from "../members/service.js";
import { sessionRow, sessionsOfSeries } from "../sessions/service.js";
import { type Entrant, type EventRow, entrantsOf, type GameRow } from "./store.js";

export type LeagueRow = typeof leagues.$inferSelect;

/** The same person from week to week: their account, or a guest's name. */
const personKey = (entrant: Entrant) => entrant.userId ?? `guest:${entrant.name.trim().toLowerCase()}`;

/**
 * Each entrant's season key (by entrant id). Two guests of one name on the same night (two
 * members' friends called Alex) are two people: kept apart by their registration, at the cost
 * of not following either into another week.
 */
export function keysOf(entrants: Iterable<Entrant>): Map<string, string> {
  const list = [...entrants];
  const named = new Map<string, number>();
  for (const e of list) named.set(personKey(e), (named.get(personKey(e)) ?? 0) + 1);
  return new Map(
    list.map((e) => [e.id, named.get(personKey(e))! > 1 ? `${personKey(e)}#${e.id}` : personKey(e)]),
  );
}

export async function leagueById(db: Queryable, organizationId: string, leagueId: string) {
  const [row] = await db
    .select()
    .from(leagues)
    .where(and(eq(leagues.organizationId, organizationId), eq(leagues.id, leagueId)));
  return row ?? null;
}

export async function leagueOfSeries(db: Queryable, organizationId: string, seriesId: string | null) {
  if (!seriesId) return null;
  const [row] = await db
    .select()
    .from(leagues)
    .where(and(eq(leagues.organizationId, organizationId), eq(leagues.seriesId, seriesId)));
  return row ?? null;
}

export async function createLeague(
  db: Db,
  access: ClubAccess,
  sessionId: string,
  body: z.output<typeof createLeagueBody>,
  now: Date,
) {
  const session = await sessionRow(db, access.organizationId, sessionId);
  if (!session.seriesId)
    throw new AppError(
      "NOT_A_SERIES",
      "This session is not part of a weekly series: schedule it repeating weekly to run a league.",
    );
  const [row] = await db
    .insert(leagues)
    .values({
      organizationId: access.organizationId,
      seriesId: session.seriesId,
      name: body.name,
      format: body.format,
      courts: body.courts,
      rounds: body.rounds,
      playTo: body.ending === "points" ? (body.playTo ?? null) : null,
      roundMinutes: body.ending === "timed" ? (body.roundMinutes ?? null) : null,
      boxSize: body.boxSize,
      boxMoves: body.boxMoves,
      createdBy: access.userId,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError("LEAGUE_EXISTS", "This series is already run as a league.");
  return row;
}

type Week = { event: EventRow; games: GameRow[]; entrants: Map<string, Entrant>; keys: Map<string, string> };

/** The league's weeks played so far (events started), oldest first. */
async function weeksPlayed(db: Queryable, league: LeagueRow): Promise<Week[]> {
  const rows = await db
    .select()
    .from(events)
    .where(eq(events.leagueId, league.id))
    .orderBy(asc(events.createdAt));
  if (rows.length === 0) return [];
  const games = await db
    .select()
    .from(eventGames)
    .where(
      inArray(
        eventGames.eventId,
        rows.map((r) => r.id),
      ),
    );
  return Promise.all(
    rows.map(async (event) => {
      const entrants = await entrantsOf(db, event);
      return {
        event,
        games: games.filter((g) => g.eventId === event.id),
        entrants,
        keys: keysOf(entrants.values()),
      };
    }),
  );
}

/** A week's counted round-robin games. */
const countedRoundGames = (week: Week) =>
  week.games.filter((g) => g.stage === "round" && g.status === "confirmed");

/** A week's counted round-robin games with people as their season keys. */
function seasonGames(week: Week): ScoredGame[] {
  const key = (id: string) => week.keys.get(id) ?? id;
  return countedRoundGames(week).map((g) => ({
    teamA: g.teamA.map(key),
    teamB: g.teamB.map(key),
    scoreA: g.scoreA ?? 0,
    scoreB: g.scoreB ?? 0,
  }));
}

/** Partnerships of the season so far, as tonight's entrant ids (for partners new over the season). */
export async function seasonPartners(db: Queryable, league: LeagueRow, tonight: Entrant[]): Promise<Pair[]> {
  const idOf = new Map([...keysOf(tonight)].map(([id, key]) => [key, id]));
  const pairs: Pair[] = [];
  // Partners who played together: a round never reached is no partnership.
  for (const week of await weeksPlayed(db, league))
    for (const game of countedRoundGames(week))
      for (const team of [game.teamA, game.teamB]) {
        const ids = team.map((id) => idOf.get(week.keys.get(id) ?? ""));
        if (ids.length === 2 && ids[0] && ids[1]) pairs.push([ids[0], ids[1]]);
      }
  return pairs;
}

/** Each box's standings on a box ladder's night, from the games played within it. */
export function boxStandings(boxes: string[][], games: GameRow[]) {
  return boxes.map((box) => {
    const inBox = new Set(box);
    const played = games
      .filter((g) => g.stage === "round" && g.status === "confirmed" && g.teamA.every((id) => inBox.has(id)))
      .map((g) => ({ teamA: g.teamA, teamB: g.teamB, scoreA: g.scoreA ?? 0, scoreB: g.scoreB ?? 0 }));
    return standings(box, played);
  });
}

/** Each box's finishing order (entrant ids, best first). */
const boxFinish = (boxes: string[][], games: GameRow[]) =>
  boxStandings(boxes, games).map((rows) => rows.map((s) => s.id));

/** The entrants by doubles rating, best first; the unrated (and guests) after, in check-in order. */
export async function byRating(
  db: Queryable,
  organizationId: string,
  entrants: Entrant[],
): Promise<Entrant[]> {
  const rated = entrants.flatMap((e) => (e.userId ? [e.userId] : []));
  const ratings = await currentRatings(db as Db, organizationId, rated, "doubles");
  const rating = (e: Entrant) => (e.userId ? ratings.get(e.userId) : undefined) ?? Number.NEGATIVE_INFINITY;
  return [...entrants].sort((a, b) => rating(b) - rating(a));
}

/**
 * Tonight's boxes: in a league, last week's boxes with their finishing order and moves carried
 * over, those absent left out; anyone new (everyone, the first week or outside a league) placed
 * below by their doubles rating, the unrated last.
 */
export async function tonightsBoxes(
  db: Queryable,
  organizationId: string,
  tonight: Entrant[],
  size: number,
  league: LeagueRow | null,
): Promise<string[][]> {
  const ranked = await byRating(db, organizationId, tonight);
  const last = league ? (await weeksPlayed(db, league)).filter((w) => w.event.boxes).at(-1) : undefined;
  const finished = last
    ? boxFinish(last.event.boxes!, last.games).map((box) => box.map((id) => last.keys.get(id) ?? id))
    : [];
  const keys = keysOf(tonight);
  const idOf = new Map([...keys].map(([id, key]) => [key, id]));
  return nextBoxes(
    finished,
    league?.boxMoves ?? 1,
    ranked.map((e) => keys.get(e.id)!),
    size,
  ).map((box) => box.map((key) => idOf.get(key)!));
}

/** The league of a session's series, as its page shows it; null when the series is not one. */
export async function readLeague(
  db: Db,
  organizationId: string,
  sessionId: string,
): Promise<LeagueView | null> {
  const session = await sessionRow(db, organizationId, sessionId);
  const league = await leagueOfSeries(db, organizationId, session.seriesId);
  if (!league) return null;
  return leagueView(db, league);
}

/** The season so far: each person's latest name, the weeks they came, and the standings. */
function seasonTable(weeks: Week[]) {
  const names = new Map<string, string>();
  const attended = new Map<string, number>();
  for (const week of weeks)
    for (const entrant of week.entrants.values()) {
      const key = week.keys.get(entrant.id)!;
      names.set(key, entrant.name);
      attended.set(key, (attended.get(key) ?? 0) + 1);
    }
  return { names, attended, table: standings([...names.keys()], weeks.flatMap(seasonGames)) };
}

/**
 * The league's final: on its last week, the playoff is seeded by the season's standings, not
 * the night's. Tonight's entrants (ids) in season order; anyone new tonight after them, in
 * tonight's order. Null on any other week.
 */
export async function seasonSeeding(
  db: Queryable,
  league: LeagueRow,
  sessionId: string,
  tonight: Entrant[],
  tonightRanked: string[],
): Promise<string[] | null> {
  const { week, weeks } = await weekOf(db, league, sessionId);
  if (week !== weeks) return null;
  const { table } = seasonTable(await weeksPlayed(db, league));
  const idOf = new Map([...keysOf(tonight)].map(([id, key]) => [key, id]));
  const bySeason = table.flatMap((row) => (idOf.has(row.id) ? [idOf.get(row.id)!] : []));
  const seeded = new Set(bySeason);
  return [...bySeason, ...tonightRanked.filter((id) => !seeded.has(id))];
}

export async function leagueView(db: Queryable, league: LeagueRow): Promise<LeagueView> {
  const [sessions, weeks] = await Promise.all([
    sessionsOfSeries(db, league.organizationId, league.seriesId),
    weeksPlayed(db, league),
  ]);
  const { names, attended, table } = seasonTable(weeks);
  const phaseOf = new Map(weeks.map((w) => [w.event.sessionId, w.event.phase]));
  const lastBoxes = weeks.filter((w) => w.event.boxes).at(-1);
  return {
    league: {
      id: league.id,
      name: league.name,
      format: league.format,
      courts: league.courts,
      rounds: league.rounds,
      playTo: league.playTo,
      roundMinutes: league.roundMinutes,
      boxSize: league.boxSize,
      boxMoves: league.boxMoves,
    },
    weeks: sessions.map((s) => ({
      sessionId: s.id,
      startsAt: s.startsAt.toISOString(),
      status: s.status,
      phase: phaseOf.get(s.id) ?? null,
    })),
    standings: table.map((row) => ({
      place: row.place,
      name: names.get(row.id) ?? "Player",
      played: row.played,
      won: row.won,
      difference: row.difference,
      weeks: attended.get(row.id) ?? 0,
    })),
    boxes: lastBoxes
      ? boxFinish(lastBoxes.event.boxes!, lastBoxes.games).map((box) =>
          box.map((id) => lastBoxes.entrants.get(id)?.name ?? "Player"),
        )
      : null,
  };
}

/** "Week 3 of 8" for a night of a league. */
export async function weekOf(db: Queryable, league: LeagueRow, sessionId: string) {
  const sessions = await sessionsOfSeries(db, league.organizationId, league.seriesId);
  return {
    name: league.name,
    week: sessions.findIndex((s) => s.id === sessionId) + 1,
    weeks: sessions.length,
  };
}
