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
export const personKey = (entrant: Entrant) => entrant.userId ?? `guest:${entrant.name.trim().toLowerCase()}`;

export async function leagueOfSeriesId(db: Queryable, leagueId: string) {
  const [row] = await db.select().from(leagues).where(eq(leagues.id, leagueId));
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

type Week = { event: EventRow; games: GameRow[]; entrants: Map<string, Entrant> };

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
    rows.map(async (event) => ({
      event,
      games: games.filter((g) => g.eventId === event.id),
      entrants: await entrantsOf(db, event),
    })),
  );
}

/** A week's counted round-robin games with people as their season keys. */
function seasonGames({ games, entrants }: Week): ScoredGame[] {
  const key = (id: string) => {
    const entrant = entrants.get(id);
    return entrant ? personKey(entrant) : id;
  };
  return games
    .filter((g) => g.stage === "round" && g.status === "confirmed")
    .map((g) => ({
      teamA: g.teamA.map(key),
      teamB: g.teamB.map(key),
      scoreA: g.scoreA ?? 0,
      scoreB: g.scoreB ?? 0,
    }));
}

/** Partnerships of the season so far, as tonight's entrant ids (for partners new over the season). */
export async function seasonPartners(db: Queryable, league: LeagueRow, tonight: Entrant[]): Promise<Pair[]> {
  const idOf = new Map(tonight.map((e) => [personKey(e), e.id]));
  const pairs: Pair[] = [];
  for (const week of await weeksPlayed(db, league))
    for (const game of week.games)
      for (const team of [game.teamA, game.teamB]) {
        const ids = team.map((id) => {
          const entrant = week.entrants.get(id);
          return entrant ? idOf.get(personKey(entrant)) : undefined;
        });
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
  const keyIn = (week: Week, id: string) =>
    personKey(week.entrants.get(id) ?? { id, userId: null, name: id });
  const finished = last
    ? boxFinish(last.event.boxes!, last.games).map((box) => box.map((id) => keyIn(last, id)))
    : [];
  const idOf = new Map(tonight.map((e) => [personKey(e), e.id]));
  return nextBoxes(finished, league?.boxMoves ?? 1, ranked.map(personKey), size).map((box) =>
    box.map((key) => idOf.get(key)!),
  );
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

export async function leagueView(db: Queryable, league: LeagueRow): Promise<LeagueView> {
  const [sessions, weeks] = await Promise.all([
    sessionsOfSeries(db, league.organizationId, league.seriesId),
    weeksPlayed(db, league),
  ]);
  const names = new Map<string, string>();
  const attended = new Map<string, number>();
  for (const week of weeks)
    for (const entrant of week.entrants.values()) {
      names.set(personKey(entrant), entrant.name);
      attended.set(personKey(entrant), (attended.get(personKey(entrant)) ?? 0) + 1);
    }
  const table = standings([...names.keys()], weeks.flatMap(seasonGames));
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
