// What organizers change on a court mid-session: a game cancelled, the court taken out of
// play and back, or taken out of the club's play from Settings. Each runs as a board action
// (board-transaction.ts), under the board's lock.
import { and, eq, inArray, sql } from "drizzle-orm";
import { messages } from "../../../shared/domain/messages.js";
import type { AppDeps } from "../../app-deps.js";
import type { Tx } from "../../db/database.js";
import { boards, games, queuePlayers, unavailableCourts } from "../../db/schema/courts.js";
import { AppError, notFound } from "../../platform/errors/app-error.js";
import { assertClubRunning } from "../billing/service.js";
import { type BoardRow, type GameRow, gamesOf, loadState, queueOf } from "./board-store.js";
import { act } from "./board-transaction.js";
import { answeredCall, lastOffCourtOf } from "./pace.js";

/**
 * Cancelling takes the game off court without a result, puts its players back at the front of
 * the line, and keeps the court free until the organizer starts it again (or fills courts).
 * An organizer cancels because something is wrong with that game or that court: the wrong
 * group was called, a player is hurt or had to leave, the court is wet. Refilling it at once
 * put the same four straight back (they are still first in line) and left no moment to take
 * the court out, switch it to singles or move a player; so the court waits for the organizer,
 * and the four, who lost their game through no fault of theirs, go on at the next court to free.
 */
export function cancelGame(deps: AppDeps, organizationId: string, gameId: string) {
  return act(deps, organizationId, async (tx, board, now) => {
    const game = await runningGame(tx, board, gameId);
    await endGameToFront(tx, board, game, now);
    return { board: await setHeld(tx, board, game.courtId, true) };
  });
}

/**
 * A called group not all there, once the board's time to answer has passed: the game on
 * `gameId` ends before it began, the others keep the front of the line, and the court takes the
 * next group at once. The members who did not answer "on my way" are put on a break: called
 * again at once they would hold the court again; they are back in line with "I'm Back" on their
 * phone, or the organizer's Back in line. Walk-ins, who cannot answer, are never counted absent.
 */
export function callNextGroupInstead(deps: AppDeps, organizationId: string, gameId: string) {
  return act(deps, organizationId, async (tx, board, now) => {
    const game = await runningGame(tx, board, gameId);
    const minutes = board.callTimeoutMinutes;
    if (minutes === null) throw new AppError("NOT_YET", "Set a time to answer on the board first.");
    // Offered once the time to answer has passed: a game under way is not ended for being slow to answer.
    if (now.getTime() - game.startedAt.getTime() < minutes * 60_000)
      throw new AppError("NOT_YET", `Give them ${minutes} minutes from the call to answer.`);
    const lastOffCourt = await lastOffCourtOf(tx, organizationId, board.sessionId, [
      ...game.teamA,
      ...game.teamB,
    ]);
    const called = await tx
      .select({
        id: queuePlayers.registrationId,
        userId: queuePlayers.userId,
        onTheWayAt: queuePlayers.onTheWayAt,
      })
      .from(queuePlayers)
      .where(and(queueOf(board), inArray(queuePlayers.registrationId, [...game.teamA, ...game.teamB])));
    // Only those with an account can answer: a walk-in's silence says nothing.
    const absent = called
      .filter((p) => p.userId !== null && !answeredCall(p.onTheWayAt, lastOffCourt.get(p.id)))
      .map((p) => p.id);
    if (absent.length === 0)
      throw new AppError("ALL_ANSWERED", "Everyone called to this court who can answer is on their way.");
    await endGameToFront(tx, board, game, now);
    await tx
      .update(queuePlayers)
      .set({ onBreak: true })
      .where(and(queueOf(board), inArray(queuePlayers.registrationId, absent)));
  });
}

/** The game on court with this id, read under the board's lock; gone, it is not found. */
async function runningGame(tx: Tx, board: BoardRow, gameId: string): Promise<GameRow> {
  const [game] = await tx
    .select()
    .from(games)
    .where(and(eq(games.id, gameId), gamesOf(board), eq(games.status, "playing")));
  if (!game) throw notFound("That game is not on court any more.");
  return game;
}

/**
 * Takes a court out of this session's play, or brings it back. A court with a game on it goes
 * out only when the organizer says so (`endRunningGame`): the game ends and its players go back
 * to the front of the line. Bringing a court back also starts one the organizer kept free.
 */
export async function setCourtAvailability(
  deps: AppDeps,
  organizationId: string,
  courtId: string,
  change: { available: boolean; endRunningGame?: boolean | undefined },
) {
  await assertClubRunning(deps, organizationId);
  return act(deps, organizationId, async (tx, board, now) => {
    const state = await loadState(tx, organizationId, board.sessionId);
    const court = state.courts.find((c) => c.id === courtId);
    if (!court) throw notFound("Court not found");
    // The event's court is the event's until it finishes: neither taken out nor brought back here.
    if (state.forEvent.has(courtId))
      throw new AppError(
        "COURT_IN_USE",
        `${court.name} is tonight's event's until it finishes: run it from the event's page.`,
      );
    const where = and(
      eq(unavailableCourts.sessionId, board.sessionId),
      eq(unavailableCourts.courtId, courtId),
    );
    if (change.available) {
      await tx.delete(unavailableCourts).where(where);
      return { board: await setHeld(tx, board, courtId, false) };
    }
    const running = state.playing.find((g) => g.courtId === courtId);
    if (running) {
      if (!change.endRunningGame) throw courtInUse(court.name, running);
      await endGameToFront(tx, board, running, now);
    }
    await tx
      .insert(unavailableCourts)
      .values({ sessionId: board.sessionId, courtId, organizationId })
      .onConflictDoNothing();
    return { board: await setHeld(tx, board, courtId, false) };
  });
}

/**
 * Fill Courts: the organizer starts every free court, those they kept free too and one waiting
 * for the next court to mix its group (rotation/waits-to-mix.ts). After the trial, games already
 * on court can still be scored; starting new ones asks for an upgrade.
 */
export async function fillEveryCourt(deps: AppDeps, organizationId: string) {
  await assertClubRunning(deps, organizationId);
  return act(
    deps,
    organizationId,
    async (tx, board) => {
      if (board.heldCourts.length === 0) return;
      const [changed] = await tx
        .update(boards)
        .set({ heldCourts: [] })
        .where(eq(boards.sessionId, board.sessionId))
        .returning();
      return { board: changed };
    },
    { fill: true, startEveryCourt: true },
  );
}

type InTransaction = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;

/**
 * A club court leaving play altogether (Settings): `work` (the clubs feature's change) runs
 * under the live board's lock, after a game on the court has ended with its players back at
 * the front of the line, which happens only when the organizer says so (`endRunningGame`).
 * Without a live session there is no game to end and `work` runs in a transaction of its own.
 */
export function courtLeavingPlay(
  deps: AppDeps,
  organizationId: string,
  courtId: string,
  endRunningGame: boolean,
): InTransaction {
  return async (work) => {
    let result: Awaited<ReturnType<typeof work>> | undefined;
    try {
      await act(deps, organizationId, async (tx, board, now) => {
        const state = await loadState(tx, organizationId, board.sessionId);
        const running = state.playing.find((g) => g.courtId === courtId);
        const court = state.courts.find((c) => c.id === courtId);
        if (running && court) {
          if (!endRunningGame) throw courtInUse(court.name, running);
          await endGameToFront(tx, board, running, now);
        }
        result = await work(tx);
        return { board: await setHeld(tx, board, courtId, false) };
      });
    } catch (error) {
      if (!(error instanceof AppError && error.code === "NO_ACTIVE_SESSION")) throw error;
      return deps.database.db.transaction(work);
    }
    return result as Awaited<ReturnType<typeof work>>;
  };
}

const courtInUse = (courtName: string, game: GameRow) =>
  new AppError("COURT_IN_USE", messages.board.courtInUse(courtName, game.teamA.length + game.teamB.length));

/**
 * Ends `game` without a result and puts its players back at the front of the line, in the order
 * they stood on court. The fairness counters read as if the game had never been called: no game
 * played, no partner or opponent met (the last entries of their lists are this game's, as
 * nothing is added while they are on court), no streak or king's move, and waiting as the
 * longest waiter has (the engine's "front"), since their turn had come.
 */
export async function endGameToFront(tx: Tx, board: BoardRow, game: GameRow, now: Date) {
  await tx.update(games).set({ status: "cancelled", endedAt: now }).where(eq(games.id, game.id));
  const players = [...game.teamA, ...game.teamB];
  const [top] = await tx
    .select({
      seq: sql<number>`min(${queuePlayers.readySeq})`,
      waited: sql<number>`max(${queuePlayers.gamesWaited})`,
    })
    .from(queuePlayers)
    .where(queueOf(board));
  const partnersMet = game.teamA.length - 1;
  const opponentsMet = game.teamB.length;
  for (const [i, id] of players.entries()) {
    await tx
      .update(queuePlayers)
      .set({
        readySeq: (top?.seq ?? 0) - players.length + i,
        readyAt: now,
        gamesWaited: (top?.waited ?? 0) + 1,
        winStreak: 0,
        courtTarget: null,
        partners: sql`${queuePlayers.partners}[1:cardinality(${queuePlayers.partners}) - ${partnersMet}]`,
        opponents: sql`${queuePlayers.opponents}[1:cardinality(${queuePlayers.opponents}) - ${opponentsMet}]`,
      })
      .where(and(queueOf(board), eq(queuePlayers.registrationId, id)));
  }
}

/** Keeps `courtId` free (not filled) or lets it be filled again; answers the board as changed. */
async function setHeld(tx: Tx, board: BoardRow, courtId: string, held: boolean): Promise<BoardRow> {
  const others = board.heldCourts.filter((id) => id !== courtId);
  const heldCourts = held ? [...others, courtId] : others;
  if (heldCourts.length === board.heldCourts.length && held === board.heldCourts.includes(courtId))
    return board;
  const [changed] = await tx
    .update(boards)
    .set({ heldCourts })
    .where(eq(boards.sessionId, board.sessionId))
    .returning();
  return changed!;
}
