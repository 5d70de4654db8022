// A result scored on the board moves the ratings after the board's commit, in a transaction of
// its own. Inside the board's, the append (a dozen of the score's 57 statements) held the
// board's lock and the organizer's tap, for ratings nobody at the board waits for. The board's
// transaction writes the match and queues APPLY_BOARD_RESULT a little later; this instance
// applies it at once after the commit (platform/jobs/follow-ups.ts). Whichever comes second
// finds the match applied and stops, so a process that dies in between loses nothing.
//
// Until it is applied, the match sits after the checkpoint like any new result: a change to the
// ladder meanwhile (a match logged, another score's append) applies it too, in replay order.
import { and, eq, sql } from "drizzle-orm";
import type { MatchFormat } from "../../../shared/contracts/ladder.js";
import type { AppDeps } from "../../app-deps.js";
import type { Db, Tx } from "../../db/database.js";
import { qualified } from "../../db/qualified.js";
import { matches, ratingHistory } from "../../db/schema/ladder.js";
import { followUps } from "../../platform/jobs/follow-ups.js";
import { type Effect, jobEffect } from "../../platform/jobs/outbox.js";
import { batchesPerKey } from "../../platform/memo/batches.js";
import { onePerOwner } from "../../platform/memo/one-per-owner.js";
import { keyOf } from "./replay-rows.js";
import { bringUpToDate, lockLadder } from "./replay-store.js";

export const APPLY_BOARD_RESULT = "apply-board-result";
export type BoardResult = { organizationId: string; format: MatchFormat; matchId: string };

/** How long the queued job waits: long past the follow-up, which it backs up. */
const JOB_DELAY_MS = 60_000;

/** The job the board's transaction queues with each result, in case the follow-up never runs. */
export const boardResultJob = (result: BoardResult, now: Date): Effect =>
  jobEffect(APPLY_BOARD_RESULT, result, new Date(now.getTime() + JOB_DELAY_MS));

/**
 * Brings the ladder up to a board result, in a transaction of its own: nothing if the match is
 * applied already or gone (the score was undone), else the append after the checkpoint (a
 * replay when something before it changed meanwhile).
 */
export function applyBoardResult(db: Db, result: BoardResult, now: Date): Promise<void> {
  return db.transaction((tx) => applyBoardResultIn(tx, result, now));
}

/**
 * applyBoardResult inside a transaction of the caller's: the board's own, when its next fill
 * balances teams by rating and must see this result in the ratings, as it always did.
 */
export async function applyBoardResultIn(tx: Tx, result: BoardResult, now: Date): Promise<void> {
  const { organizationId, format, matchId } = result;
  await lockLadder(tx, organizationId, format);
  const [row] = await tx
    .select({
      playedAt: matches.playedAt,
      createdAt: matches.createdAt,
      id: matches.id,
      // Qualified: in a one-table select drizzle prints a bare "organization_id", which inside
      // the subquery is the history's own (always equal), and the lookup became a scan of the
      // club's whole rating history (11 ms at 20,000 matches).
      applied: sql<boolean>`exists (select 1 from ${ratingHistory} h
        where h.organization_id = ${qualified(matches.organizationId)} and h.match_id = ${qualified(matches.id)})`,
    })
    .from(matches)
    .where(and(eq(matches.organizationId, organizationId), eq(matches.id, matchId)));
  if (!row || row.applied) return;
  await bringUpToDate(tx, organizationId, format, now, keyOf(row));
}

/**
 * Each ladder's follow-ups in this instance, a batch at a time (platform/memo/batches): a
 * follow-up waiting for the ladder's lock behind a long replay would hold a pool connection,
 * and a night's scores would take them all; results that arrive meanwhile share one
 * transaction. A result that waits too long is left to its job.
 */
const ladderBatches = onePerOwner((deps: Pick<AppDeps, "database" | "now">) =>
  batchesPerKey<BoardResult, void>(
    async (_ladder, results) => {
      await deps.database.db.transaction(async (tx) => {
        for (const result of results) await applyBoardResultIn(tx, result, deps.now());
      });
      return results.map(() => ({ ok: true, value: undefined }));
    },
    {
      maxBatch: 48,
      maxWaitMs: 30_000,
      maxWaiting: 500,
      tooBusy: () => new Error("the ladder is busy: the result's queued job applies it"),
    },
  ),
);

/**
 * After the board's commit: the results it counted reach the ladder now; `applied` runs once
 * each has (the board's shared view shows each game's chances from the ratings).
 */
export function applyBoardResultsSoon(
  deps: Pick<AppDeps, "database" | "now">,
  results: BoardResult[],
  applied: () => void,
) {
  for (const result of results)
    followUps(deps.database).start(async () => {
      await ladderBatches(deps)(`${result.organizationId}:${result.format}`, result);
      applied();
    });
}
