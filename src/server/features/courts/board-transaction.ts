// How a board action runs. Each action: lock the board (taking its next version), bring its
// queue in line with check-in, check the action against the current state and apply it, let the
// rotation engine fill free courts (fill-courts.ts); after the commit, a notice tells every
// viewer to refetch, the players called hear it (court-notices.ts), and the ladder takes in the
// results scored (ladder/board-results.ts): nobody at the board waits for either, so they move
// off its lock.
//
// Actions on one club's board that arrive while its transaction runs wait on this instance, not
// on the board's row lock, and then run together in one transaction: each in a savepoint of its
// own (one that fails is undone alone and fails alone), the courts filled once after them (and
// after each score, as when scores come one at a time), one version, one notice. A burst of
// taps on a busy board then holds one database connection, not one per tap while the rest
// queue on the lock, and costs a few transactions rather than one each. Every committed state
// is filled, as before; only states no one could see between two concurrent actions are
// skipped.
//
// Most actions need no savepoint: a player action refuses, if it does, before its one write,
// and skips taken at once share one statement. Each statement under the lock is a wait for
// every tap behind it. Should one of those fail in the database instead, the transaction is
// lost: it is undone and the batch runs again with a savepoint for each action.
import { sql } from "drizzle-orm";
import type { AppDeps } from "../../app-deps.js";
import { DATABASE_TIMEOUTS, type Tx } from "../../db/database.js";
import { AppError } from "../../platform/errors/app-error.js";
import { withEffects } from "../../platform/jobs/outbox.js";
import { batchesPerKey, type Settled } from "../../platform/memo/batches.js";
import { onePerOwner } from "../../platform/memo/one-per-owner.js";
import { clubRunning } from "../billing/service.js";
import { applyBoardResultsSoon, type BoardResult, boardResultJob } from "../ladder/service.js";
import { boardCache } from "./board-cache.js";
import {
  type BoardRow,
  forgetScoreUndo,
  type GameRow,
  lockBoard,
  requireActiveSession,
  sendToBack,
  syncQueue,
} from "./board-store.js";
import {
  type CalledToCourt,
  type CourtNotices,
  calledToCourtNotices,
  courtNoticesJob,
  sendCourtNoticesSoon,
  upNextNotices,
} from "./court-notices.js";
import { fillCourts } from "./fill-courts.js";

/**
 * What a change may hand back: the game a score finished (winners-stay needs it for the next
 * fill), or the board with the settings it changed (the lock's row has the old ones; every
 * other change leaves them, and the engine reads only the settings, never the version).
 */
type Outcome = { lastGame?: GameRow; board?: BoardRow | undefined; rated?: BoardResult | null } | undefined;
// biome-ignore lint/suspicious/noConfusingVoidType: most changes hand back nothing at all.
type Change = (tx: Tx, board: BoardRow, now: Date) => Promise<Outcome | void>;
/**
 * How an action runs: whether courts are filled after it; whether it refuses (throws an
 * AppError below 500) only before it writes, and so needs no savepoint; and, for a skip, the
 * player it sends to the back of the line, so that skips taken at once share one statement.
 */
type ActOptions = {
  fill: boolean;
  refusesBeforeWriting?: boolean;
  sendsToBack?: string;
  /** The organizer's Fill Courts: every free court starts, none waits to mix. */
  startEveryCourt?: boolean;
};
type Action = ActOptions & { change: Change };

/**
 * The most actions one transaction takes. Each savepoint that writes is a subtransaction, and a
 * PostgreSQL backend keeps at most 64 of them in shared memory: past that, every other
 * connection's snapshot has to look them up on disk until the commit.
 */
const MAX_ACTIONS_PER_TRANSACTION = 48;
/**
 * Actions waiting for the board are bounded as a wait for a database connection is: a few
 * seconds, then 503, and at most a few hundred per board at once.
 */
const BOARD_LIMITS = {
  maxBatch: MAX_ACTIONS_PER_TRANSACTION,
  maxWaitMs: DATABASE_TIMEOUTS.connectionTimeoutMillis,
  maxWaiting: 500,
  tooBusy: () =>
    new AppError("UNAVAILABLE", "The board is busy. Please try again in a moment.", {
      headers: { "retry-after": "1" },
    }),
};

/** Every action of a batch failed: nothing of the transaction is kept, and each fails alone. */
class NoActionApplied extends Error {
  constructor(readonly failures: unknown[]) {
    super("no board action applied");
  }
}

/**
 * An action that runs without a savepoint failed in the database: the transaction is aborted,
 * so the batch is undone and runs again, each action in a savepoint.
 */
class RunAgainCarefully extends Error {
  constructor(readonly failure: unknown) {
    super("a board action failed without a savepoint");
  }
}

/** A refusal thrown before any write: the transaction goes on without the action. */
const isRefusal = (error: unknown) => error instanceof AppError && error.statusCode < 500;

/** A batch's version, and its notice to viewers, sent after the commit. */
type Applied = { version: number; announced: Promise<void> };

/** This instance's board transactions, one at a time per club (the board's lock allows no more). */
const boardBatches = onePerOwner((deps: AppDeps) =>
  batchesPerKey<Action, Applied>(
    (organizationId, actions) => applyActions(deps, organizationId, actions),
    BOARD_LIMITS,
  ),
);

/**
 * Runs `change` on the club's active session's board, then (unless told not to) fills free
 * courts, and notifies viewers. Answers the board's version after it, once viewers are told.
 */
export async function act(
  deps: AppDeps,
  organizationId: string,
  change: Change,
  options: ActOptions = { fill: true },
) {
  const { version, announced } = await boardBatches(deps)(organizationId, { ...options, change });
  await announced;
  return version;
}

async function applyActions(
  deps: AppDeps,
  organizationId: string,
  actions: Action[],
  carefully = false,
): Promise<Settled<Applied>[]> {
  const now = deps.now();
  // After the trial, games on court can still be scored and players moved, but no new game starts.
  const fill = actions.some((a) => a.fill) && (await clubRunning(deps, organizationId));
  const startEveryCourt = actions.some((a) => a.startEveryCourt);
  const failures = new Map<number, unknown>();
  let result: { sessionId: string; version: number; rated: BoardResult[]; notices: CourtNotices };
  try {
    ({ result } = await withEffects(deps, async (tx, effects) => {
      const session = await requireActiveSession(tx, organizationId);
      let board = await lockBoard(tx, session);
      await syncQueue(tx, board, now);
      // The board and state the last fill read, while still current (for the up-next check).
      let filled: Awaited<ReturnType<typeof fillCourts>> | "not yet" = "not yet";
      const called: CalledToCourt[] = [];
      // Results for the ladder, applied after the commit (ladder/board-results.ts).
      const rated: BoardResult[] = [];
      if (actions.length > 1) await forgetScoreUndo(tx, board);
      // Runs the action alone: without a savepoint when it is alone or refuses before writing.
      const attempt = async (i: number) => {
        const action = actions[i]!;
        const bare =
          actions.length === 1 || (!carefully && (action.refusesBeforeWriting || action.sendsToBack));
        try {
          return await (bare
            ? action.change(tx, board, now)
            : inSavepoint(tx, () => action.change(tx, board, now)));
        } catch (error) {
          // Alone, its failure is the transaction's. Undone to its savepoint, or refused before
          // writing, it fails alone and the others go on. (Were the connection gone, the next
          // statement would fail the whole batch.)
          if (actions.length === 1) throw error;
          if (bare && !isRefusal(error)) throw new RunAgainCarefully(error);
          failures.set(i, error);
          return undefined;
        }
      };
      for (let i = 0; i < actions.length; ) {
        const together = carefully ? 1 : skipsFrom(actions, i);
        if (together > 1) {
          const asked = actions.slice(i, i + together);
          const moved = await sendToBack(
            tx,
            board,
            asked.map((a) => a.sendsToBack!),
          ).catch((error) => {
            throw new RunAgainCarefully(error);
          });
          // Those it could not move are tried alone, which says why.
          for (let j = i; j < i + together; j++) if (!moved.has(actions[j]!.sendsToBack!)) await attempt(j);
          i += together;
          filled = "not yet";
          continue;
        }
        const outcome = await attempt(i);
        const failed = failures.has(i);
        i += 1;
        if (failed) continue;
        board = outcome?.board ?? board;
        if (outcome?.rated) rated.push(outcome.rated);
        filled = "not yet";
        // A score's fill comes right after it, as when scores are recorded one at a time.
        const lastGame = outcome?.lastGame;
        if (fill && lastGame)
          filled = await fillCourts(tx, board, now, called, session, lastGame, startEveryCourt);
      }
      if (failures.size === actions.length) throw new NoActionApplied([...failures.values()]);
      if (actions.length > 1) await forgetScoreUndo(tx, board);
      if (fill && filled === "not yet")
        filled = await fillCourts(tx, board, now, called, session, undefined, startEveryCourt);
      const current = filled === "not yet" ? undefined : filled;
      // Those put straight on a court first: a player then also in a next group hears once.
      const notices: CourtNotices = {
        organizationId,
        sessionId: session.id,
        notices: [
          ...calledToCourtNotices(called),
          ...(await upNextNotices(tx, organizationId, session.id, current, {
            now: now.getTime(),
            night: session,
          })),
        ],
      };
      if (notices.notices.length > 0) effects.push(courtNoticesJob(notices, now));
      effects.push(...rated.map((result) => boardResultJob(result, now)));
      return { sessionId: session.id, version: board.version, rated, notices };
    }));
  } catch (error) {
    if (error instanceof NoActionApplied) return error.failures.map((e) => ({ ok: false, error: e }));
    if (error instanceof RunAgainCarefully) return applyActions(deps, organizationId, actions, true);
    throw error;
  }
  // This instance's copy goes now: the actor's own refetch may come before the notice does.
  boardCache(deps.database.db).forget(organizationId);
  // Who was called hears it now, off the board's lock (court-notices.ts).
  sendCourtNoticesSoon(deps, result.notices);
  // Once the ratings have moved, this instance's shared view (each game's chances) is read again.
  applyBoardResultsSoon(deps, result.rated, () => boardCache(deps.database.db).forget(organizationId));
  // The notice goes while the board's next batch runs: each action's caller waits for it (and
  // fails if it fails, as before); the board's other actions do not.
  const announced = deps.realtime.publish({
    organizationId,
    sessionId: result.sessionId,
    version: result.version,
  });
  announced.catch(() => {});
  const applied: Applied = { version: result.version, announced };
  return actions.map((_, i) =>
    failures.has(i) ? { ok: false, error: failures.get(i) } : { ok: true, value: applied },
  );
}

/** How many skips in a row start at `start`: they share one statement. */
function skipsFrom(actions: Action[], start: number): number {
  let end = start;
  while (end < actions.length && actions[end]!.sendsToBack) end++;
  return end - start;
}

/**
 * Runs `work` so that, if it fails, what it wrote is undone and the transaction goes on. The
 * savepoint is not released when it succeeds (one statement fewer per action): the next one
 * nests inside it, and ROLLBACK TO goes back to the latest of that name. Either way each is a
 * subtransaction until the commit, hence MAX_ACTIONS_PER_TRANSACTION.
 */
async function inSavepoint<T>(tx: Tx, work: () => Promise<T>): Promise<T> {
  await tx.execute(sql`savepoint board_action`);
  try {
    return await work();
  } catch (error) {
    await tx.execute(sql`rollback to savepoint board_action`);
    throw error;
  }
}
