// The stored replay: after any change to a club's matches, the counted ones of that format
// are replayed from the start (src/shared/rating, milliseconds even for years of matches) in
// the same transaction as the change. Writing is what costs, so only the part of the history
// that came out different is written again: usually the last match, or everything after an
// edited one. A per-club, per-format advisory lock makes concurrent changes take turns, so
// the stored ratings always equal a fresh replay.
import { and, asc, eq, gte, inArray, lte, ne, or, sql } from "drizzle-orm";
import type { MatchFormat } from "../../../shared/contracts/ladder.js";
import {
  DEFAULT_RATING,
  type MatchInput,
  rateMatches,
  replay,
  SKILL_DEFAULTS,
  standings,
} from "../../../shared/rating/index.js";
import type { Db, Tx } from "../../db/database.js";
import { matches, matchResultEvents, playerRatings, ratingHistory } from "../../db/schema/ladder.js";

/** An unconfirmed match counts once the other side has let it stand this long. */
export const UNANSWERED_COUNTS_AFTER_MS = 48 * 60 * 60 * 1000;

/** The condition for a match that counts in the ratings at `now`. */
export const counted = (now: Date) =>
  or(
    eq(matches.status, "confirmed"),
    and(
      eq(matches.status, "pending"),
      lte(matches.createdAt, new Date(now.getTime() - UNANSWERED_COUNTS_AFTER_MS)),
    ),
  );

export const countsAt = (row: { status: string; createdAt: Date }, now: Date) =>
  row.status === "confirmed" ||
  (row.status === "pending" && row.createdAt.getTime() <= now.getTime() - UNANSWERED_COUNTS_AFTER_MS);

/** Takes turns with every other change to this club's format, until the transaction ends. */
export async function lockLadder(tx: Tx, organizationId: string, format: MatchFormat) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ladder:${organizationId}:${format}`}))`);
}

export async function recomputeLadder(tx: Tx, organizationId: string, format: MatchFormat, now: Date) {
  await lockLadder(tx, organizationId, format);
  const rows = await tx
    .select()
    .from(matches)
    .where(and(eq(matches.organizationId, organizationId), eq(matches.format, format), counted(now)))
    .orderBy(asc(matches.playedAt), asc(matches.createdAt), asc(matches.id));
  const inputs: MatchInput[] = rows.map((m) => ({
    id: m.id,
    teamA: m.teamA,
    teamB: m.teamB,
    winner: m.winner,
    playedAt: m.playedAt,
    // A board result recorded without points has no games: a plain win, no margin.
    ...(m.games.length > 0
      ? { scoreA: m.games.reduce((sum, g) => sum + g.a, 0), scoreB: m.games.reduce((sum, g) => sum + g.b, 0) }
      : {}),
  }));
  const result = replay(inputs);
  const lines = standings(inputs, result);
  // Beside Elo, the skill filter's estimate and how sure it is.
  const skills = rateMatches(inputs).ratings;

  await tx
    .delete(playerRatings)
    .where(and(eq(playerRatings.organizationId, organizationId), eq(playerRatings.format, format)));
  if (lines.length > 0)
    await tx.insert(playerRatings).values(
      lines.map((line) => ({
        organizationId,
        format,
        userId: line.playerId,
        rating: line.rating,
        lastChange: line.change,
        streak: line.streak,
        games: line.games,
        wins: line.wins,
        skillMu: skills.get(line.playerId)?.mu ?? DEFAULT_RATING,
        skillSigma: skills.get(line.playerId)?.sigma ?? SKILL_DEFAULTS.initialSigma,
      })),
    );

  const running = new Map<string, number>();
  const history = rows.flatMap((match, index) => {
    const step = result.steps[index]!;
    return Object.entries(step.deltas).map(([userId, delta]) => {
      const after = (running.get(userId) ?? DEFAULT_RATING) + delta;
      running.set(userId, after);
      return {
        organizationId,
        matchId: match.id,
        userId,
        format,
        ratingAfter: after,
        delta,
        expected: match.teamA.includes(userId) ? step.expectedA : 1 - step.expectedA,
        ...step.parts[userId]!,
        playedAt: match.playedAt,
      };
    });
  });
  const fresh = await rewriteChangedHistory(tx, organizationId, format, history);

  // The first time a match counts, each of its players gets one result event (never twice).
  if (fresh.length > 0) {
    const ids = [...new Set(fresh.map((h) => h.matchId))];
    const known = await tx
      .select({ matchId: matchResultEvents.matchId })
      .from(matchResultEvents)
      .where(
        and(eq(matchResultEvents.organizationId, organizationId), inArray(matchResultEvents.matchId, ids)),
      );
    const seen = new Set(known.map((k) => k.matchId));
    const firstTime = fresh.filter((h) => !seen.has(h.matchId));
    for (let i = 0; i < firstTime.length; i += 1000)
      await tx
        .insert(matchResultEvents)
        .values(
          firstTime.slice(i, i + 1000).map((h) => ({
            organizationId,
            matchId: h.matchId,
            userId: h.userId,
            delta: h.delta,
            ratingAfter: h.ratingAfter,
          })),
        )
        .onConflictDoNothing();
  }
}

type HistoryRow = typeof ratingHistory.$inferInsert & {
  playedAt: Date;
  ratingAfter: number;
  delta: number;
  expected: number;
  surprise: number;
  margin: number;
  certainty: number;
};

/**
 * Makes the stored history of a format equal `history` (in played order), writing only from
 * the first match whose stored rows differ. Returns the rows written.
 */
async function rewriteChangedHistory(
  tx: Tx,
  organizationId: string,
  format: MatchFormat,
  history: HistoryRow[],
): Promise<HistoryRow[]> {
  const inFormat = and(eq(ratingHistory.organizationId, organizationId), eq(ratingHistory.format, format));
  const stored = await tx
    .select({
      matchId: ratingHistory.matchId,
      userId: ratingHistory.userId,
      delta: ratingHistory.delta,
      ratingAfter: ratingHistory.ratingAfter,
      expected: ratingHistory.expected,
      surprise: ratingHistory.surprise,
      margin: ratingHistory.margin,
      certainty: ratingHistory.certainty,
      playedAt: ratingHistory.playedAt,
    })
    .from(ratingHistory)
    .where(inFormat);
  const storedRows = new Map(stored.map((row) => [`${row.matchId}:${row.userId}`, row]));
  const storedCount = new Map<string, number>();
  for (const row of stored) storedCount.set(row.matchId, (storedCount.get(row.matchId) ?? 0) + 1);
  const computedCount = new Map<string, number>();
  for (const row of history) computedCount.set(row.matchId, (computedCount.get(row.matchId) ?? 0) + 1);

  const same = (row: HistoryRow) => {
    const was = storedRows.get(`${row.matchId}:${row.userId}`);
    return (
      was !== undefined &&
      was.delta === row.delta &&
      was.ratingAfter === row.ratingAfter &&
      // Rows from before the parts were kept are written again once.
      was.expected === row.expected &&
      was.surprise === row.surprise &&
      was.margin === row.margin &&
      was.certainty === row.certainty &&
      was.playedAt.getTime() === row.playedAt.getTime() &&
      storedCount.get(row.matchId) === computedCount.get(row.matchId)
    );
  };
  const firstDifferent = history.findIndex((row) => !same(row));
  // Everything played from the first difference on is written again; before it, stored rows
  // are kept only for the matches the replay kept there (a deleted, voided or moved match's
  // old rows go, wherever they were).
  const cut = firstDifferent === -1 ? undefined : history[firstDifferent]!.playedAt;
  const kept = new Set(
    history.filter((row) => cut === undefined || row.playedAt < cut).map((r) => r.matchId),
  );
  const gone = [
    ...new Set(
      stored
        .filter((row) => !kept.has(row.matchId) && (cut === undefined || row.playedAt < cut))
        .map((r) => r.matchId),
    ),
  ];
  for (let i = 0; i < gone.length; i += 1000)
    await tx
      .delete(ratingHistory)
      .where(and(inFormat, inArray(ratingHistory.matchId, gone.slice(i, i + 1000))));
  if (cut === undefined) return [];
  await tx.delete(ratingHistory).where(and(inFormat, gte(ratingHistory.playedAt, cut)));
  const fresh = history.filter((row) => row.playedAt >= cut);
  for (let i = 0; i < fresh.length; i += 1000)
    await tx.insert(ratingHistory).values(fresh.slice(i, i + 1000));
  return fresh;
}

/**
 * The club formats whose history still has rows from before each change was kept in parts
 * (migration 0028: zero parts on a change that is not zero). Replaying each once writes them,
 * and the skill estimate beside each rating (0029) with them.
 */
export async function staleLadders(db: Db): Promise<RecomputeJob[]> {
  return db
    .selectDistinct({ organizationId: ratingHistory.organizationId, format: ratingHistory.format })
    .from(ratingHistory)
    .where(
      and(
        eq(ratingHistory.surprise, 0),
        eq(ratingHistory.margin, 0),
        eq(ratingHistory.certainty, 0),
        ne(ratingHistory.delta, 0),
      ),
    );
}

/** The job that replays a format once an unanswered match has waited long enough to count. */
export const RECOMPUTE_LADDER = "recompute-ladder";
export type RecomputeJob = { organizationId: string; format: MatchFormat };
