// What the ladder's pages read: the stored ratings (never a replay on a read), the matches
// with names and each player's change, and a player's page. The first pages and a player's page
// are kept per instance until the club's ladder stamp or data stamp moves (platform/club-reads,
// migration 0041): a player's page was nine statements, the partners' a grouped join planned
// afresh each time, at a sixtieth of the bare route's rate on the big club. A kept page is the
// same for everyone: what the viewer may answer is added per request (forViewer), and a page
// with a pending match holds only until that match begins to count.
import { and, asc, desc, eq, inArray, or, sql } from "drizzle-orm";
import type {
  LadderView,
  MatchesQuery,
  MatchFormat,
  MatchView,
  PlayerView,
} from "../../../shared/contracts/ladder.js";
import { PARTNER_MATCHES } from "../../../shared/contracts/ladder.js";
import { PAGE_SIZE, pageFrom } from "../../../shared/contracts/paging.js";
import { explainChange } from "../../../shared/rating/explain.js";
import { isProvisional } from "../../../shared/rating/skill.js";
import type { Db } from "../../db/database.js";
import { preparedStatement } from "../../db/prepared.js";
import { matches, playerRatings, ratingHistory } from "../../db/schema/ladder.js";
import { type Built, clubReads } from "../../platform/club-reads/club-reads.js";
import { notFound } from "../../platform/errors/app-error.js";
import { listMembers, memberNamesOf } from "../members/service.js";
import { answeringSide } from "./matches.js";
import { countsAt, UNANSWERED_COUNTS_AFTER_MS } from "./replay-store.js";

type MatchRow = typeof matches.$inferSelect;

/** Every member's name: for the CSV of the whole ladder, which names most of them anyway. */
export async function memberNames(db: Db, organizationId: string) {
  const members = await listMembers(db, organizationId);
  return new Map(members.map((m) => [m.userId, m.name]));
}

/** Someone who has left the club still shows in the matches they played. */
export const nameIn = (names: Map<string, string>, userId: string) => names.get(userId) ?? "Former member";

type RatingRow = typeof playerRatings.$inferSelect;

const toLadderRow = (names: Map<string, string>, row: RatingRow, rank: number) => ({
  rank,
  userId: row.userId,
  name: nameIn(names, row.userId),
  rating: Math.round(row.rating),
  change: Math.round(row.lastChange),
  streak: row.streak,
  games: row.games,
  wins: row.wins,
  provisional: isProvisional({ mu: row.skillMu, sigma: row.skillSigma }),
});

/** The ladder's order: rating, then games, then id, all from the top. */
const fromTheTop = [desc(playerRatings.rating), desc(playerRatings.games), desc(playerRatings.userId)];

const inLadder = and(
  eq(playerRatings.organizationId, sql.placeholder("organizationId")),
  eq(playerRatings.format, sql.placeholder("format")),
);
const belowCursor = sql`(${playerRatings.rating}, ${playerRatings.games}, ${playerRatings.userId}) < (${sql.placeholder("rating")}::float8, ${sql.placeholder("games")}::int, ${sql.placeholder("userId")})`;
const aboveRow = sql`(${playerRatings.rating}, ${playerRatings.games}, ${playerRatings.userId}) > (${sql.placeholder("rating")}::float8, ${sql.placeholder("games")}::int, ${sql.placeholder("userId")})`;

// Prepared: the ladder is read all evening, and building these each time cost more than
// running them (decision 011). The index in the ladder's order answers each of them.
const ladderFirst = preparedStatement("ladder_first", (db) =>
  db
    .select()
    .from(playerRatings)
    .where(inLadder)
    .orderBy(...fromTheTop)
    .limit(sql.placeholder("limit")),
);
const ladderAfter = preparedStatement("ladder_after", (db) =>
  db
    .select()
    .from(playerRatings)
    .where(and(inLadder, belowCursor))
    .orderBy(...fromTheTop)
    .limit(sql.placeholder("limit")),
);
const longestStreak = preparedStatement("ladder_longest_streak", (db) =>
  db
    .select()
    .from(playerRatings)
    .where(inLadder)
    .orderBy(desc(playerRatings.streak), ...fromTheTop)
    .limit(1),
);
const mostGames = preparedStatement("ladder_most_games", (db) =>
  db
    .select()
    .from(playerRatings)
    .where(inLadder)
    .orderBy(desc(playerRatings.games), ...fromTheTop)
    .limit(1),
);
const countAbove = preparedStatement("ladder_count_above", (db) =>
  db.select({ n: sql<number>`count(*)::int` }).from(playerRatings).where(and(inLadder, aboveRow)),
);
const anyRating = preparedStatement("ladder_any_rating", (db) =>
  db
    .select({ one: sql<number>`1` })
    .from(playerRatings)
    .where(eq(playerRatings.organizationId, sql.placeholder("organizationId")))
    .limit(1),
);

/** A line's rank in its ladder: one more than how many stand above it (the ladder's index counts them). */
async function rankIn(db: Db, organizationId: string, row: RatingRow): Promise<number> {
  const [above] = await countAbove(db, {
    organizationId,
    format: row.format,
    rating: row.rating,
    games: row.games,
    userId: row.userId,
  });
  return (above?.n ?? 0) + 1;
}

/**
 * A page of the ladder from the top (or below the cursor's row, counting on from its rank),
 * and on the first page what is said about the whole of it.
 */
export function ladderView(
  db: Db,
  organizationId: string,
  format: MatchFormat,
  page: { limit: number; after?: [number, number, string, number] | undefined } = { limit: PAGE_SIZE },
  now: Date = new Date(),
): Promise<LadderView> {
  // The first page is what everyone opens: kept until the ladder changes (platform/club-reads),
  // at the size the app asks for (another size is read as asked: see listMatches).
  if (page.after || page.limit !== PAGE_SIZE) return ladderPage(db, organizationId, format, page);
  return clubReads(db).readOfLadder(
    organizationId,
    `standings:${format}`,
    async () => ({ value: await ladderPage(db, organizationId, format, page) }),
    now,
  );
}

async function ladderPage(
  db: Db,
  organizationId: string,
  format: MatchFormat,
  page: { limit: number; after?: [number, number, string, number] | undefined },
): Promise<LadderView> {
  const after = page.after;
  const ladder = { organizationId, format };
  const [rows, any, longest, busiest] = await Promise.all([
    after
      ? ladderAfter(db, {
          ...ladder,
          limit: page.limit + 1,
          rating: after[0],
          games: after[1],
          userId: after[2],
        })
      : ladderFirst(db, { ...ladder, limit: page.limit + 1 }),
    anyRating(db, { organizationId }),
    after ? [] : longestStreak(db, ladder),
    after ? [] : mostGames(db, ladder),
  ]);
  const startRank = after ? after[3] : 0;
  const shown = pageFrom(
    rows.map((row, i) => ({ row, rank: startRank + i + 1 })),
    page.limit,
    ({ row, rank }) => [row.rating, row.games, row.userId, rank],
  );
  const names = await memberNamesOf(
    db,
    organizationId,
    [...shown.rows.map(({ row }) => row), ...longest, ...busiest].map((row) => row.userId),
  );
  const ranked = shown.rows.map(({ row, rank }) => toLadderRow(names, row, rank));
  const summaryRows = !after && ranked[0] && longest[0] && busiest[0] ? [longest[0], busiest[0]] : null;
  // The summary's rows carry their rank too: the count above them, read only for these two.
  const summaryRanks = summaryRows
    ? await Promise.all(summaryRows.map((row) => rankIn(db, organizationId, row)))
    : null;
  const summary =
    summaryRows && summaryRanks
      ? {
          top: ranked[0]!,
          longestStreak: toLadderRow(names, summaryRows[0]!, summaryRanks[0]!),
          busiest: toLadderRow(names, summaryRows[1]!, summaryRanks[1]!),
        }
      : null;
  return { format, hasMatches: any.length > 0, rows: ranked, next: shown.next, summary };
}

/** The players whose last match moved them up most: the dashboard's movers. */
export async function ladderMovers(db: Db, organizationId: string, format: MatchFormat, count: number) {
  const rows = await db
    .select()
    .from(playerRatings)
    .where(
      and(
        eq(playerRatings.organizationId, organizationId),
        eq(playerRatings.format, format),
        // Shown rounded: a change that rounds to 0 is not a move up.
        sql`${playerRatings.lastChange} >= 0.5`,
      ),
    )
    .orderBy(desc(playerRatings.lastChange))
    .limit(count);
  const names = await memberNamesOf(
    db,
    organizationId,
    rows.map((row) => row.userId),
  );
  return rows.map((row) => ({
    userId: row.userId,
    name: nameIn(names, row.userId),
    rating: Math.round(row.rating),
    change: Math.round(row.lastChange),
  }));
}

/** A history row's change and why it moved: what explainChange reads (views and the CSV alike). */
export const changeColumns = {
  delta: ratingHistory.delta,
  expected: ratingHistory.expected,
  surprise: ratingHistory.surprise,
  margin: ratingHistory.margin,
  certainty: ratingHistory.certainty,
};

// Prepared, with the page's ids as one array: built and planned afresh, this cost more than the
// page's own read.
const changesOfMatches = preparedStatement("changes_of_matches", (db) =>
  db
    .select({ matchId: ratingHistory.matchId, userId: ratingHistory.userId, ...changeColumns })
    .from(ratingHistory)
    .where(
      and(
        eq(ratingHistory.organizationId, sql.placeholder("organizationId")),
        sql`${ratingHistory.matchId} = any(${sql.placeholder("matchIds")}::uuid[])`,
      ),
    ),
);

async function deltasOf(db: Db, organizationId: string, matchIds: string[]) {
  const byMatch = new Map<string, { deltas: MatchView["deltas"]; why: MatchView["why"] }>();
  if (matchIds.length === 0) return byMatch;
  const rows = await changesOfMatches(db, { organizationId, matchIds });
  for (const row of rows) {
    const entry = byMatch.get(row.matchId) ?? { deltas: {}, why: {} };
    entry.deltas[row.userId] = Math.round(row.delta);
    entry.why[row.userId] = explainChange(row);
    byMatch.set(row.matchId, entry);
  }
  return byMatch;
}

async function toViews(db: Db, organizationId: string, rows: MatchRow[], viewerId: string | null, now: Date) {
  const [names, deltas] = await Promise.all([
    memberNamesOf(
      db,
      organizationId,
      rows.flatMap((r) => [...r.teamA, ...r.teamB]),
    ),
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
      eventName: row.eventName,
      loggedBy: row.loggedBy,
      canAnswer: viewerId !== null && row.status === "pending" && answeringSide(row).includes(viewerId),
      deltas: deltas.get(row.id)?.deltas ?? {},
      why: deltas.get(row.id)?.why ?? {},
    }),
  );
}

/** A player's matches: containment in either team, which the teams' GIN indexes answer ("= any" would read every match). */
const playedIn = sql`(${matches.teamA} @> array[${sql.placeholder("player")}]::text[] or ${matches.teamB} @> array[${sql.placeholder("player")}]::text[])`;
const beforeCursor = sql`(${matches.playedAt}, ${matches.createdAt}, ${matches.id}) < (${sql.placeholder("playedAt")}::timestamptz, ${sql.placeholder("createdAt")}::timestamptz, ${sql.placeholder("id")}::uuid)`;

type PageShape = { byStatus: boolean; byPlayer: boolean; after: boolean };

/** One prepared statement per shape of the query (a status, a player, a cursor): eight in all. */
const matchPageStatements = new Map<string, ReturnType<typeof matchPageStatement>>();
function matchPageStatement({ byStatus, byPlayer, after }: PageShape) {
  const name = `match_page${byStatus ? "_status" : ""}${byPlayer ? "_player" : ""}${after ? "_after" : ""}`;
  return preparedStatement(name, (db) =>
    db
      .select()
      .from(matches)
      .where(
        and(
          eq(matches.organizationId, sql.placeholder("organizationId")),
          byStatus ? sql`${matches.status} = ${sql.placeholder("status")}::match_status` : undefined,
          byPlayer ? playedIn : undefined,
          after ? beforeCursor : undefined,
        ),
      )
      .orderBy(desc(matches.playedAt), desc(matches.createdAt), desc(matches.id))
      .limit(sql.placeholder("limit")),
  );
}

/**
 * The club's matches a page at a time, newest first (or one player's): each page starts
 * before the last match of the one before, so page 100 costs what page 1 does.
 */
export async function listMatches(
  db: Db,
  organizationId: string,
  query: MatchesQuery,
  viewerId: string,
  now: Date,
): Promise<{ matches: MatchView[]; next: string | null }> {
  // The club's first page as the app asks for it is kept; a page further on, one player's (a
  // player's page keeps its own), or another size is read as asked: keys a member could vary
  // at will would push other clubs' kept reads out.
  if (query.after || query.player !== undefined || query.limit !== PAGE_SIZE) {
    const { matches: page, next } = await matchPage(db, organizationId, query, viewerId, now);
    return { matches: page, next };
  }
  // The first page, the same for everyone but for what the viewer may answer: kept.
  const kept = await clubReads(db).readOfLadder(
    organizationId,
    `matches:${query.status}`,
    async () => {
      const { until, ...value } = await matchPage(db, organizationId, query, null, now);
      return { value, until };
    },
    now,
  );
  // A viewer who can answer none of them (most, most of the time) gets the kept page itself,
  // whose text is then written once (platform/memo/shared-answers); the others a copy.
  if (!kept.matches.some((match) => canAnswer(match, viewerId))) return kept;
  return { matches: kept.matches.map((match) => forViewer(match, viewerId)), next: kept.next };
}

/** A match as `viewerId` sees it: whether it waits for their answer. */
function forViewer(match: MatchView, viewerId: string): MatchView {
  return { ...match, canAnswer: canAnswer(match, viewerId) };
}

/** Whether the match waits for `viewerId`'s answer (the kept copies say no for everyone). */
function canAnswer(match: MatchView, viewerId: string): boolean {
  if (match.status !== "pending") return false;
  const ids = (team: MatchView["teamA"]) => team.map((p) => p.userId);
  return answeringSide({
    teamA: ids(match.teamA),
    teamB: ids(match.teamB),
    loggedBy: match.loggedBy,
  }).includes(viewerId);
}

/**
 * A page of matches, and until when it holds as it is: the first of its pending matches to
 * begin counting (48 hours unanswered) changes what it says.
 */
async function matchPage(
  db: Db,
  organizationId: string,
  query: MatchesQuery,
  viewerId: string | null,
  now: Date,
): Promise<{ matches: MatchView[]; next: string | null; until: Date | null }> {
  const shape = {
    byStatus: query.status !== "all",
    byPlayer: query.player !== undefined,
    after: !!query.after,
  };
  const key = JSON.stringify(shape);
  const statement = matchPageStatements.get(key) ?? matchPageStatement(shape);
  matchPageStatements.set(key, statement);
  const rows = await statement(db, {
    organizationId,
    limit: query.limit + 1,
    ...(shape.byStatus ? { status: query.status } : {}),
    ...(query.player ? { player: query.player } : {}),
    ...(query.after ? { playedAt: query.after[0], createdAt: query.after[1], id: query.after[2] } : {}),
  });
  const page = pageFrom(rows, query.limit, (row) => [
    row.playedAt.toISOString(),
    row.createdAt.toISOString(),
    row.id,
  ]);
  const startsCounting = page.rows
    .filter((row) => row.status === "pending" && !countsAt(row, now))
    .map((row) => row.createdAt.getTime() + UNANSWERED_COUNTS_AFTER_MS);
  return {
    matches: await toViews(db, organizationId, page.rows, viewerId, now),
    next: page.next,
    until: startsCounting.length > 0 ? new Date(Math.min(...startsCounting)) : null,
  };
}

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
