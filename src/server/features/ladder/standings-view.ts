// The ladder's standings: the stored ratings (never a replay on a read). The first page is kept
// per instance until the club's ladder stamp or data stamp moves (platform/club-reads, migration
// 0041).
import { and, desc, eq, sql } from "drizzle-orm";
import type { LadderView, MatchFormat } from "../../../shared/contracts/ladder.js";
import { PAGE_SIZE, pageFrom } from "../../../shared/contracts/paging.js";
import { isProvisional } from "../../../shared/rating/skill.js";
import type { Db } from "../../db/database.js";
import { preparedStatement } from "../../db/prepared.js";
import { playerRatings } from "../../db/schema/ladder.js";
import { clubReads } from "../../platform/club-reads/club-reads.js";
import { memberNamesOf } from "../members/service.js";
import { nameIn } from "./member-names.js";

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
export async function rankIn(db: Db, organizationId: string, row: RatingRow): Promise<number> {
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
  // at the size the app asks for (another size is read as asked: see listMatches in
  // matches-view.ts).
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
