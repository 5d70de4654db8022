// The stored replay: after any change to a club's matches, the stored ratings of that format
// are made equal to a replay of its counted matches (src/shared/rating), in the same
// transaction as the change. A result after the last applied one (a board score, a match logged
// after the night's others) goes on from the stored lines past the checkpoint
// (ladder-append.ts): its cost does not grow with the club's history. A change at or before it
// (an edit, a delete, a board undo, the 48-hour job) replays from the start, and since writing is
// what costs, only the part of the history that came out different is written again. A
// per-club, per-format advisory lock makes concurrent changes take turns, so the stored
// ratings always equal a fresh replay.
import { and, eq, gte, inArray, ne, sql } from "drizzle-orm";
import type { MatchFormat } from "../../../shared/contracts/ladder.js";
import { rateMatches, replay, standings } from "../../../shared/rating/index.js";
import type { Db, Tx } from "../../db/database.js";
import { matches, playerRatings, ratingHistory } from "../../db/schema/ladder.js";
import { appendAfterCheckpoint } from "./ladder-append.js";
import {
  counted,
  type HistoryRow,
  historyRows,
  inReplayOrder,
  keyOf,
  lastPlayed,
  type MatchKey,
  recordFirstResults,
  toInput,
  writeCheckpoint,
  writeLines,
} from "./replay-rows.js";

export { counted, countsAt, UNANSWERED_COUNTS_AFTER_MS } from "./replay-rows.js";

/** Takes turns with every other change to this club's format, until the transaction ends. */
export async function lockLadder(tx: Tx, organizationId: string, format: MatchFormat) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ladder:${organizationId}:${format}`}))`);
}

/**
 * Makes the stored ratings of a format equal a replay of its counted matches. `from` is the
 * earliest place in replay order the change touched; when it is after the checkpoint (a new
 * result at the end of history) only the matches after the checkpoint are applied, to the
 * stored lines. Without `from`, or for a change at or before the checkpoint, all is replayed.
 */
export async function recomputeLadder(
  tx: Tx,
  organizationId: string,
  format: MatchFormat,
  now: Date,
  from?: MatchKey,
) {
  await lockLadder(tx, organizationId, format);
  await bringUpToDate(tx, organizationId, format, now, from);
}

/** recomputeLadder's work, for a caller that holds the ladder's lock already. */
export async function bringUpToDate(
  tx: Tx,
  organizationId: string,
  format: MatchFormat,
  now: Date,
  from?: MatchKey,
) {
  if (from && (await appendAfterCheckpoint(tx, organizationId, format, now, from))) return;
  await replayWhole(tx, organizationId, format, now);
}

/** The replay from the start: every counted match, in order. */
export async function replayWhole(tx: Tx, organizationId: string, format: MatchFormat, now: Date) {
  const rows = await tx
    .select()
    .from(matches)
    .where(and(eq(matches.organizationId, organizationId), eq(matches.format, format), counted(now)))
    .orderBy(...inReplayOrder);
  const inputs = rows.map(toInput);
  const result = replay(inputs);
  // Beside Elo, the skill filter's estimate and how sure it is.
  const skills = rateMatches(inputs).ratings;

  await tx
    .delete(playerRatings)
    .where(and(eq(playerRatings.organizationId, organizationId), eq(playerRatings.format, format)));
  await writeLines(tx, organizationId, format, standings(inputs, result), skills, lastPlayed(rows));
  const history = historyRows(organizationId, format, rows, result);
  const fresh = await rewriteChangedHistory(tx, organizationId, format, history);
  await recordFirstResults(tx, organizationId, fresh);
  await writeCheckpoint(tx, organizationId, format, rows.length > 0 ? keyOf(rows.at(-1)!) : null);
}

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
