// The club's matches as its pages read them: with names and each player's change. A kept page
// is the same for everyone: what the viewer may answer is added per request (forViewer), and a
// page with a pending match holds only until that match begins to count.
import { and, desc, eq, sql } from "drizzle-orm";
import type { MatchesQuery, MatchView } from "../../../shared/contracts/ladder.js";
import { PAGE_SIZE, pageFrom } from "../../../shared/contracts/paging.js";
import { explainChange } from "../../../shared/rating/explain.js";
import type { Db } from "../../db/database.js";
import { preparedStatement } from "../../db/prepared.js";
import { matches, ratingHistory } from "../../db/schema/ladder.js";
import { clubReads } from "../../platform/club-reads/club-reads.js";
import { notFound } from "../../platform/errors/app-error.js";
import { memberNamesOf } from "../members/service.js";
import { answeringSide } from "./matches.js";
import { nameIn } from "./member-names.js";
import { countsAt, UNANSWERED_COUNTS_AFTER_MS } from "./replay-store.js";

type MatchRow = typeof matches.$inferSelect;

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
export function forViewer(match: MatchView, viewerId: string): MatchView {
  return { ...match, canAnswer: canAnswer(match, viewerId) };
}

/** Whether the match waits for `viewerId`'s answer (the kept copies say no for everyone). */
export function canAnswer(match: MatchView, viewerId: string): boolean {
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
export async function matchPage(
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
