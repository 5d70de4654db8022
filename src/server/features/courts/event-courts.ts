// Courts handed to the session's event and given back. At any moment a court has one owner:
// open play, the event's round robin, or nobody (out of play). The event's courts are rows of
// unavailable_courts marked for_event, so every reader of "which courts may open play use"
// (the fill, Fill Courts, the line's estimates, the board, the TV, the phone) already keeps off
// them; its players are the board's event_players, off open play's line while it runs.
import { and, eq, inArray } from "drizzle-orm";
import type { AppDeps } from "../../app-deps.js";
import type { Tx } from "../../db/database.js";
import { boards, queuePlayers, unavailableCourts } from "../../db/schema/courts.js";
import { AppError } from "../../platform/errors/app-error.js";
import { type BoardRow, loadState, queueOf } from "./board-store.js";
import { act } from "./board-transaction.js";
import { endGameToFront } from "./court-actions.js";

/** A court the event may take: in play tonight and not already another owner's. */
export type CourtOffered = { id: string; name: string };

/**
 * What the event does with the courts offered, under the board's lock: it plans its night and
 * answers the courts it holds (in its court order) and the players it holds.
 */
export type EventClaim = (
  tx: Tx,
  offered: CourtOffered[],
) => Promise<{ courtIds: string[]; players: string[] }>;

/**
 * Runs `claim` (the event's start) under the board's lock and hands it the courts it answers.
 * Open play's games on court are in the way (their players are the event's entrants and its
 * courts may be theirs): without `endOpenPlay` the start is refused, naming the courts; with it
 * they end without a result and their players go back to the front of the line, as a cancel
 * does, so nobody is in two games. Courts the event does not take stay open play's.
 */
export function courtsForEvent(
  deps: AppDeps,
  organizationId: string,
  sessionId: string,
  endOpenPlay: boolean,
  claim: EventClaim,
) {
  return act(
    deps,
    organizationId,
    async (tx, board, now) => {
      assertBoardOf(board, sessionId);
      const state = await loadState(tx, organizationId, sessionId);
      if (state.playing.length > 0) {
        if (!endOpenPlay) {
          const names = state.courts
            .filter((c) => state.playing.some((g) => g.courtId === c.id))
            .map((c) => c.name);
          throw new AppError(
            "OPEN_PLAY_RUNNING",
            `Open play has ${names.length === 1 ? "a game" : "games"} on ${names.join(", ")}. Score ${names.length === 1 ? "it" : "them"} first, or end ${names.length === 1 ? "it" : "them"} now: the players go back to the front of the line.`,
          );
        }
        for (const game of state.playing) await endGameToFront(tx, board, game, now);
      }
      const offered = state.courts.filter(
        (c) => !state.unavailable.has(c.id) && !board.heldCourts.includes(c.id),
      );
      const held =
        board.heldCourts.length > 0 ? state.courts.filter((c) => board.heldCourts.includes(c.id)) : [];
      // A court the organizer kept free is theirs to give too, after the others.
      const { courtIds, players } = await claim(
        tx,
        [...offered, ...held].map(({ id, name }) => ({ id, name })),
      );
      if (courtIds.length > 0)
        await tx
          .insert(unavailableCourts)
          .values(courtIds.map((courtId) => ({ sessionId, courtId, organizationId, forEvent: true })))
          .onConflictDoNothing();
      const [changed] = await tx
        .update(boards)
        .set({
          eventPlayers: players,
          heldCourts: board.heldCourts.filter((id) => !courtIds.includes(id)),
        })
        .where(eq(boards.sessionId, sessionId))
        .returning();
      return { board: changed };
    },
    unfilled,
  );
}

/**
 * Neither the start nor the end of an event starts open play's games by itself: the organizer
 * does, with Fill Courts, as at the start of a night (its players came for the event).
 */
const unfilled = { fill: false };

/**
 * The event is over: its courts go back to open play and its players to the line, each ready
 * from now (the event's rounds were not a wait for open play), in the order they stood.
 */
export function courtsBackFromEvent(
  deps: AppDeps,
  organizationId: string,
  sessionId: string,
  work: (tx: Tx) => Promise<void>,
) {
  return act(
    deps,
    organizationId,
    async (tx, board, now) => {
      assertBoardOf(board, sessionId);
      await work(tx);
      await tx
        .delete(unavailableCourts)
        .where(and(eq(unavailableCourts.sessionId, sessionId), eq(unavailableCourts.forEvent, true)));
      if (board.eventPlayers.length > 0)
        await tx
          .update(queuePlayers)
          .set({ readyAt: now, onTheWayAt: null })
          .where(and(queueOf(board), inArray(queuePlayers.registrationId, board.eventPlayers)));
      const [changed] = await tx
        .update(boards)
        .set({ eventPlayers: [] })
        .where(eq(boards.sessionId, sessionId))
        .returning();
      return { board: changed };
    },
    unfilled,
  );
}

/** The board acts on the club's session on now: an event of another session has no courts here. */
function assertBoardOf(board: BoardRow, sessionId: string) {
  if (board.sessionId !== sessionId)
    throw new AppError("NOT_STARTED", "This session is not the one on court now: start it first.");
}
