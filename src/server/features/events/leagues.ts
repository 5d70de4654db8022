// Leagues: a weekly series of sessions run as events with the same settings, and what carries
// from week to week. Each week's entrants are whoever came (a registration is the weekly
// opt-in; a substitute is anyone else who registers or walks in that week), so a person is
// followed across weeks by their account, or a guest by their name.
import { and, asc, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import type { createLeagueBody, LeagueView } from "../../../shared/contracts/events.js";
import { type ScoredGame, standings } from "../../../shared/events/standings.js";
import type { Db, Queryable } from "../../db/database.js";
import { eventGames, events, leagues } from "../../db/schema/events.js";
import { AppError } from "../../platform/errors/app-error.js";
import type { ClubAccess } from "../members/service.js";
import { sessionRow, sessionsOfSeries } from "../sessions/service.js";
import { type Roster, rosterOf } from "./roster.js";
import { type Entrant, type EventRow, entrantsOf, type GameRow } from "./store.js";
import { weekNeeds } from "./substitutes.js";

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

/**
 * The league's weeks played so far (events started), oldest first; with their entrants (one
 * read a week) only where asked: a league of fixed teams stands by team and needs none.
 */
export async function weeksPlayed(db: Queryable, league: LeagueRow, withEntrants = true): Promise<Week[]> {
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
      const entrants = withEntrants ? await entrantsOf(db, event) : new Map<string, Entrant>();
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
export const countedRoundGames = (week: Week) =>
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

/** A week's pool-play teams by the first player's entrant id: the league team's id, or a night's own key. */
function teamKeysOf(week: Week): Map<string, string> {
  const teams = week.event.teams ?? [];
  return new Map(
    teams.map((team, i) => [team[0]!, week.event.teamKeys?.[i] ?? `night:${week.event.id}:${i}`]),
  );
}

/** A week's counted pool-play games with each side as its team's key. */
export function teamGames(week: Week): ScoredGame[] {
  const keys = teamKeysOf(week);
  return countedRoundGames(week).map((g) => ({
    teamA: [keys.get(g.teamA[0]!) ?? ""],
    teamB: [keys.get(g.teamB[0]!) ?? ""],
    scoreA: g.scoreA ?? 0,
    scoreB: g.scoreB ?? 0,
  }));
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
export const boxFinish = (boxes: string[][], games: GameRow[]) =>
  boxStandings(boxes, games).map((rows) => rows.map((s) => s.id));

/** The league of a session's series, as its page shows it; null when the series is not one. */
export async function readLeague(
  db: Db,
  organizationId: string,
  sessionId: string,
  viewer: LeagueViewer,
  now: Date,
): Promise<LeagueView | null> {
  const session = await sessionRow(db, organizationId, sessionId);
  const league = await leagueOfSeries(db, organizationId, session.seriesId);
  if (!league) return null;
  return leagueView(db, league, viewer, now);
}

/** The season so far: each person's latest name, the weeks they came, and the standings. */
export function seasonTable(weeks: Week[]) {
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
 * A league of fixed teams' season: each league team's standing from every week it played (a
 * partner's stand-in playing for it), and the weeks it came. Teams made for a night alone count
 * for their opponents' standings, not in the table.
 */
function teamSeasonTable(weeks: Week[], roster: Roster) {
  const names = roster.teamNames;
  const attended = new Map<string, number>();
  for (const week of weeks)
    for (const key of teamKeysOf(week).values())
      if (names.has(key)) attended.set(key, (attended.get(key) ?? 0) + 1);
  // A team stands once it has played a week: before the first, the table is empty.
  return { names, attended, table: standings([...attended.keys()], weeks.flatMap(teamGames)) };
}

/** Who reads the league: their account, and whether they run sessions. */
export type LeagueViewer = { userId: string; manager: boolean };

export async function leagueView(
  db: Queryable,
  league: LeagueRow,
  viewer: LeagueViewer,
  now: Date,
): Promise<LeagueView> {
  const [sessions, roster] = await Promise.all([
    sessionsOfSeries(db, league.organizationId, league.seriesId),
    rosterOf(db, league),
  ]);
  const byTeam = league.format === "teams" && roster.teamNames.size > 0;
  const weeks = await weeksPlayed(db, league, !byTeam);
  const { names, attended, table } = byTeam ? teamSeasonTable(weeks, roster) : seasonTable(weeks);
  const substitutes = new Set(roster.entries.filter((e) => e.role === "substitute").map((e) => e.userId));
  const phaseOf = new Map(weeks.map((w) => [w.event.sessionId, w.event.phase]));
  const lastBoxes = weeks.filter((w) => w.event.boxes).at(-1);
  // The coming week: the first not over (a week left on after its end is past, not coming).
  const next = sessions.find(
    (s) => (s.status === "scheduled" || s.status === "active") && s.endsAt.getTime() >= now.getTime(),
  );
  const mine = roster.entries.find((e) => e.userId === viewer.userId);
  const person = ({ userId, name }: { userId: string; name: string }) => ({ userId, name });
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
      // A person's season key is their account (or a guest's name): a substitute is on the list.
      substitute: !byTeam && substitutes.has(row.id),
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
    roster: {
      teams: roster.teams,
      players: roster.entries.filter((e) => e.role === "player").map(person),
      substitutes: roster.entries.filter((e) => e.role === "substitute").map(person),
      invitations: roster.invitations,
    },
    me: {
      role: mine?.role ?? null,
      teamId: mine?.teamId ?? null,
      invitation: roster.invitations.some((i) => i.to.userId === viewer.userId)
        ? "received"
        : roster.invitations.some((i) => i.from.userId === viewer.userId)
          ? "sent"
          : null,
    },
    nextWeek: next ? await weekNeeds(db, league, roster, next) : null,
    canManage: viewer.manager,
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
