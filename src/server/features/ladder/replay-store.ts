// The stored replay: after any change to a club's matches, the counted ones of that format
// are replayed from the start (src/shared/rating) and the ratings, the history and the
// result events are written again, in the same transaction as the change. A per-club,
// per-format advisory lock makes concurrent changes take turns, so the stored ratings always
// equal a fresh replay.
import { and, asc, eq, inArray, lte, or, sql } from "drizzle-orm";
import type { MatchFormat } from "../../../shared/contracts/ladder.js";
import { DEFAULT_RATING, type MatchInput, replay, standings } from "../../../shared/rating/index.js";
import { matches, matchResultEvents, playerRatings, ratingHistory } from "../../db/schema.js";
import type { Tx } from "../sessions/service.js";

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

export async function recomputeLadder(tx: Tx, organizationId: string, format: MatchFormat, now: Date) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ladder:${organizationId}:${format}`}))`);
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
    scoreA: m.games.reduce((sum, g) => sum + g.a, 0),
    scoreB: m.games.reduce((sum, g) => sum + g.b, 0),
  }));
  const result = replay(inputs);
  const lines = standings(inputs, result);

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
      })),
    );

  await tx
    .delete(ratingHistory)
    .where(and(eq(ratingHistory.organizationId, organizationId), eq(ratingHistory.format, format)));
  const running = new Map<string, number>();
  const history = rows.flatMap((match, index) =>
    Object.entries(result.steps[index]!.deltas).map(([userId, delta]) => {
      const after = (running.get(userId) ?? DEFAULT_RATING) + delta;
      running.set(userId, after);
      return {
        organizationId,
        matchId: match.id,
        userId,
        format,
        ratingAfter: after,
        delta,
        playedAt: match.playedAt,
      };
    }),
  );
  for (let i = 0; i < history.length; i += 1000)
    await tx.insert(ratingHistory).values(history.slice(i, i + 1000));

  // The first time a match counts, each of its players gets one result event (never twice).
  if (history.length > 0) {
    const ids = rows.map((m) => m.id);
    const known = await tx
      .select({ matchId: matchResultEvents.matchId })
      .from(matchResultEvents)
      .where(
        and(eq(matchResultEvents.organizationId, organizationId), inArray(matchResultEvents.matchId, ids)),
      );
    const seen = new Set(known.map((k) => k.matchId));
    const fresh = history.filter((h) => !seen.has(h.matchId));
    for (let i = 0; i < fresh.length; i += 1000)
      await tx
        .insert(matchResultEvents)
        .values(
          fresh.slice(i, i + 1000).map((h) => ({
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

/** The job that replays a format once an unanswered match has waited long enough to count. */
export const RECOMPUTE_LADDER = "recompute-ladder";
export type RecomputeJob = { organizationId: string; format: MatchFormat };
