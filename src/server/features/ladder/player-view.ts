// A player's page: their ratings, chart, recent matches and partners. It is kept per instance
// until the club's ladder stamp or data stamp moves (platform/club-reads, migration 0041): it was
// nine statements, the partners' a grouped join planned afresh each time, at a sixtieth of the
// bare route's rate on the big club.
import { and, desc, eq, sql } from "drizzle-orm";
import { type MatchFormat, PARTNER_MATCHES, type PlayerView } from "../../../shared/contracts/ladder.js";
import { isProvisional } from "../../../shared/rating/skill.js";
import type { Db } from "../../db/database.js";
import { preparedStatement } from "../../db/prepared.js";
import { matches, playerRatings, ratingHistory } from "../../db/schema/ladder.js";
import { type Built, clubReads } from "../../platform/club-reads/club-reads.js";
import { notFound } from "../../platform/errors/app-error.js";
import { memberNamesOf } from "../members/service.js";
import { canAnswer, forViewer, matchPage } from "./matches-view.js";
import { nameIn } from "./member-names.js";
import { rankIn } from "./standings-view.js";

/** How many of a player's latest matches their page shows. */
const RECENT = 20;
/** How many of their latest rating changes their chart spans at most. */
const CHART_POINTS = 200;
/**
 * How many points of each format the chart draws: a phone's chart is about 340 px wide, so two
 * hundred points were two pixels apart (and 20 KB of every read of a regular's page).
 */
export const CHART_DRAWN = 60;

/**
 * At most `most` of `points`, evenly spaced through them, the first and the last always kept:
 * the line keeps its shape and its span, and the latest rating is the one drawn last.
 */
export function evenlySpaced<T>(points: readonly T[], most: number): T[] {
  if (points.length <= most) return [...points];
  if (most <= 1) return points.slice(-1);
  const step = (points.length - 1) / (most - 1);
  return Array.from({ length: most }, (_, i) => points[Math.round(i * step)]!);
}
/** How many partners their page names. */
const PARTNERS = 8;

/**
 * Win rate with each partner, over the player's latest doubles matches that count (those in
 * their stored history, PARTNER_MATCHES of them), grouped in the database rather than read into
 * the server. Over the latest, not all: a page then costs the same at 20 matches and at 2,000
 * (a five-year regular's whole history cost 4 ms of PostgreSQL on every read of the page).
 */
async function partnersOf(db: Db, organizationId: string, userId: string) {
  const onA = sql`m.team_a @> array[${userId}]::text[]`;
  const result = await db.execute<{ userId: string; games: number; wins: number }>(sql`
    select partner as "userId", count(*)::int as games, (count(*) filter (where won))::int as wins
    from (
      select (select p from unnest(case when ${onA} then m.team_a else m.team_b end) p
               where p <> ${userId} limit 1) as partner,
             (m.winner = 'A') = ${onA} as won,
             h.played_at
      from (select match_id, played_at from ${ratingHistory}
            where organization_id = ${organizationId} and user_id = ${userId} and format = 'doubles'
            order by played_at desc limit ${PARTNER_MATCHES}) h
      join ${matches} m on m.id = h.match_id
    ) played
    where partner is not null
    group by partner
    order by games desc, max(played_at) desc
    limit ${PARTNERS}`);
  return result.rows;
}

const playerLines = preparedStatement("player_rating_lines", (db) =>
  db
    .select()
    .from(playerRatings)
    .where(
      and(
        eq(playerRatings.organizationId, sql.placeholder("organizationId")),
        eq(playerRatings.userId, sql.placeholder("userId")),
      ),
    ),
);
/** The latest points of a player's rating chart, newest first: years of matches are not all drawn. */
const chartPoints = preparedStatement("player_chart_points", (db) =>
  db
    .select()
    .from(ratingHistory)
    .where(
      and(
        eq(ratingHistory.organizationId, sql.placeholder("organizationId")),
        eq(ratingHistory.userId, sql.placeholder("userId")),
      ),
    )
    .orderBy(desc(ratingHistory.playedAt))
    .limit(CHART_POINTS),
);

/** A player's page, kept until the ladder changes; their recent matches as the viewer sees them. */
export async function playerView(
  db: Db,
  organizationId: string,
  userId: string,
  viewerId: string,
  now: Date,
): Promise<PlayerView> {
  const page = await clubReads(db).readOfLadder(
    organizationId,
    `player:${userId}`,
    () => playerPage(db, organizationId, userId, now),
    now,
  );
  if (!page.recent.some((match) => canAnswer(match, viewerId))) return page;
  return { ...page, recent: page.recent.map((match) => forViewer(match, viewerId)) };
}

async function playerPage(
  db: Db,
  organizationId: string,
  userId: string,
  now: Date,
): Promise<Built<PlayerView>> {
  const player = { organizationId, userId };
  const [lines, history, recent, partners] = await Promise.all([
    playerLines(db, player),
    chartPoints(db, player),
    matchPage(db, organizationId, { status: "all", player: userId, limit: RECENT }, null, now),
    partnersOf(db, organizationId, userId),
  ]);
  const [names, ranks] = await Promise.all([
    memberNamesOf(db, organizationId, [userId, ...partners.map((p) => p.userId)]),
    Promise.all(lines.map((line) => rankIn(db, organizationId, line))),
  ]);
  if (!names.has(userId) && history.length === 0) throw notFound("Player not found");
  const ratings = lines.map((line, i) => ({ line, rank: ranks[i]! }));

  const ratingIn = (format: MatchFormat) => {
    const found = ratings.find((r) => r.line.format === format);
    const row = found?.line;
    return row
      ? {
          rating: Math.round(row.rating),
          provisional: isProvisional({ mu: row.skillMu, sigma: row.skillSigma }),
          plusMinus: Math.round(1.96 * row.skillSigma),
          rank: found.rank,
          games: row.games,
          wins: row.wins,
          streak: row.streak,
        }
      : null;
  };

  const view: PlayerView = {
    userId,
    name: nameIn(names, userId),
    ratings: { singles: ratingIn("singles"), doubles: ratingIn("doubles") },
    history: (["doubles", "singles"] as const)
      .flatMap((format) => evenlySpaced(history.filter((h) => h.format === format).reverse(), CHART_DRAWN))
      .sort((a, b) => a.playedAt.getTime() - b.playedAt.getTime())
      .map((h) => ({
        matchId: h.matchId,
        format: h.format,
        playedAt: h.playedAt.toISOString(),
        rating: Math.round(h.ratingAfter),
      })),
    recent: recent.matches,
    recentNext: recent.next,
    partners: partners.map((line) => ({ ...line, name: nameIn(names, line.userId) })),
  };
  return { value: view, until: recent.until };
}
