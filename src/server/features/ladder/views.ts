// What the ladder's pages read: the stored ratings (never a replay on a read), the matches
// with names and each player's change, and a player's page.
import { and, asc, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { LadderView, MatchFormat, MatchView, PlayerView } from "../../../shared/contracts/ladder.js";
import { explainChange } from "../../../shared/rating/explain.js";
import { isProvisional } from "../../../shared/rating/skill.js";
import type { Db } from "../../db/database.js";
import { matches, playerRatings, ratingHistory } from "../../db/schema/ladder.js";
import { notFound } from "../../platform/errors/app-error.js";
import { listMembers } from "../members/service.js";
import { answeringSide } from "./matches.js";
import { countsAt } from "./replay-store.js";

type MatchRow = typeof matches.$inferSelect;

export async function memberNames(db: Db, organizationId: string) {
  const members = await listMembers(db, organizationId);
  return new Map(members.map((m) => [m.userId, m.name]));
}

/** Someone who has left the club still shows in the matches they played. */
export const nameIn = (names: Map<string, string>, userId: string) => names.get(userId) ?? "Former member";

export async function ladderView(db: Db, organizationId: string, format: MatchFormat): Promise<LadderView> {
  const [rows, names, any] = await Promise.all([
    db
      .select()
      .from(playerRatings)
      .where(and(eq(playerRatings.organizationId, organizationId), eq(playerRatings.format, format)))
      .orderBy(desc(playerRatings.rating), desc(playerRatings.games)),
    memberNames(db, organizationId),
    db
      .select({ one: sql<number>`1` })
      .from(playerRatings)
      .where(eq(playerRatings.organizationId, organizationId))
      .limit(1),
  ]);
  return {
    format,
    hasMatches: any.length > 0,
    rows: rows.map((row, index) => ({
      rank: index + 1,
      userId: row.userId,
      name: nameIn(names, row.userId),
      rating: Math.round(row.rating),
      change: Math.round(row.lastChange),
      streak: row.streak,
      games: row.games,
      wins: row.wins,
      provisional: isProvisional({ mu: row.skillMu, sigma: row.skillSigma }),
    })),
  };
}

/** A history row's change and why it moved: what explainChange reads (views and the CSV alike). */
export const changeColumns = {
  delta: ratingHistory.delta,
  expected: ratingHistory.expected,
  surprise: ratingHistory.surprise,
  margin: ratingHistory.margin,
  certainty: ratingHistory.certainty,
};

async function deltasOf(db: Db, organizationId: string, matchIds: string[]) {
  const byMatch = new Map<string, { deltas: MatchView["deltas"]; why: MatchView["why"] }>();
  if (matchIds.length === 0) return byMatch;
  const rows = await db
    .select({ matchId: ratingHistory.matchId, userId: ratingHistory.userId, ...changeColumns })
    .from(ratingHistory)
    .where(and(eq(ratingHistory.organizationId, organizationId), inArray(ratingHistory.matchId, matchIds)));
  for (const row of rows) {
    const entry = byMatch.get(row.matchId) ?? { deltas: {}, why: {} };
    entry.deltas[row.userId] = Math.round(row.delta);
    entry.why[row.userId] = explainChange(row);
    byMatch.set(row.matchId, entry);
  }
  return byMatch;
}

async function toViews(db: Db, organizationId: string, rows: MatchRow[], viewerId: string, now: Date) {
  const [names, deltas] = await Promise.all([
    memberNames(db, organizationId),
    deltasOf(
      db,
      organizationId,
      rows.map((r) => r.id),
    ),
  ]);
  const team = (ids: string[]) => ids.map((userId) => ({ userId, name: nameIn(names, userId) }));
  return rows.map(
    (row): MatchView => ({
      id: row.id,
      format: row.format,
      teamA: team(row.teamA),
      teamB: team(row.teamB),
      games: row.games,
      winner: row.winner,
      playedAt: row.playedAt.toISOString(),
      status: row.status,
      counts: countsAt(row, now),
      fromBoard: row.gameId !== null,
      loggedBy: row.loggedBy,
      canAnswer: row.status === "pending" && answeringSide(row).includes(viewerId),
      deltas: deltas.get(row.id)?.deltas ?? {},
      why: deltas.get(row.id)?.why ?? {},
    }),
  );
}

export async function listMatches(
  db: Db,
  organizationId: string,
  query: { status: "pending" | "disputed" | "all"; limit: number },
  viewerId: string,
  now: Date,
): Promise<MatchView[]> {
  const rows = await db
    .select()
    .from(matches)
    .where(
      and(
        eq(matches.organizationId, organizationId),
        query.status === "all" ? undefined : eq(matches.status, query.status),
      ),
    )
    .orderBy(desc(matches.playedAt), desc(matches.createdAt))
    .limit(query.limit);
  return toViews(db, organizationId, rows, viewerId, now);
}

export async function playerView(
  db: Db,
  organizationId: string,
  userId: string,
  viewerId: string,
  now: Date,
): Promise<PlayerView> {
  const names = await memberNames(db, organizationId);
  const [ratings, history, played] = await Promise.all([
    db.select().from(playerRatings).where(eq(playerRatings.organizationId, organizationId)),
    db
      .select()
      .from(ratingHistory)
      .where(and(eq(ratingHistory.organizationId, organizationId), eq(ratingHistory.userId, userId)))
      .orderBy(asc(ratingHistory.playedAt)),
    db
      .select()
      .from(matches)
      .where(
        and(
          eq(matches.organizationId, organizationId),
          or(sql`${userId} = any(${matches.teamA})`, sql`${userId} = any(${matches.teamB})`),
        ),
      )
      .orderBy(desc(matches.playedAt), desc(matches.createdAt))
      .limit(200),
  ]);
  if (!names.has(userId) && history.length === 0) throw notFound("Player not found");

  const ratingIn = (format: MatchFormat) => {
    const board = ratings.filter((r) => r.format === format).sort((a, b) => b.rating - a.rating);
    const index = board.findIndex((r) => r.userId === userId);
    const row = board[index];
    return row
      ? {
          rating: Math.round(row.rating),
          provisional: isProvisional({ mu: row.skillMu, sigma: row.skillSigma }),
          plusMinus: Math.round(1.96 * row.skillSigma),
          rank: index + 1,
          games: row.games,
          wins: row.wins,
          streak: row.streak,
        }
      : null;
  };

  // Win rate with each partner, over the doubles matches that count.
  const partners = new Map<string, { games: number; wins: number }>();
  for (const match of played) {
    if (match.format !== "doubles" || !countsAt(match, now)) continue;
    const mine = match.teamA.includes(userId) ? "A" : "B";
    const partner = (mine === "A" ? match.teamA : match.teamB).find((id) => id !== userId);
    if (!partner) continue;
    const line = partners.get(partner) ?? { games: 0, wins: 0 };
    line.games++;
    if (match.winner === mine) line.wins++;
    partners.set(partner, line);
  }

  return {
    userId,
    name: nameIn(names, userId),
    ratings: { singles: ratingIn("singles"), doubles: ratingIn("doubles") },
    history: history.map((h) => ({
      matchId: h.matchId,
      format: h.format,
      playedAt: h.playedAt.toISOString(),
      rating: Math.round(h.ratingAfter),
    })),
    recent: await toViews(db, organizationId, played.slice(0, 20), viewerId, now),
    partners: [...partners.entries()]
      .map(([partnerId, line]) => ({ userId: partnerId, name: nameIn(names, partnerId), ...line }))
      .sort((a, b) => b.games - a.games)
      .slice(0, 8),
  };
}

export async function matchById(
  db: Db,
  organizationId: string,
  matchId: string,
  viewerId: string,
  now: Date,
) {
  const rows = await db
    .select()
    .from(matches)
    .where(and(eq(matches.organizationId, organizationId), eq(matches.id, matchId)));
  if (rows.length === 0) throw notFound("Match not found");
  return (await toViews(db, organizationId, rows, viewerId, now))[0]!;
}
