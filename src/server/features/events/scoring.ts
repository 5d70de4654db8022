// Scores from the courts. A player of the game enters it from their phone; it counts once a
// player of the other side confirms it (or enters the same score). Entering a different score
// answers the first one: it then waits for the first side. A score against a side of guests
// only counts at once: nobody there has an account to confirm with. An organizer's score counts
// at once, whoever played (as the board's do), and an organizer may correct a counted one: an
// organizer playing in their own round robin used to wait for a confirmation, and with guests
// across the net Next Round never opened. A counted game is a ladder match for its players
// (guests are not rated), withdrawn and counted again when corrected.
import { and, eq } from "drizzle-orm";
import type { Tx } from "../../db/database.js";
import { eventGames } from "../../db/schema/events.js";
import { AppError, forbidden, notFound } from "../../platform/errors/app-error.js";
import { matchFromEventGame, withdrawEventGameMatch } from "../ladder/service.js";
import type { ClubAccess } from "../members/service.js";
import { sessionRow } from "../sessions/service.js";
import {
  type Entrant,
  type EventRow,
  entrantOfUser,
  entrantsOf,
  type GameRow,
  isPlayable,
  lockedEvent,
  sideOf,
} from "./store.js";

export type Scorer = { access: ClubAccess; manager: boolean };
type Score = { scoreA: number; scoreB: number };

function notPlayable(event: EventRow, game: GameRow): string {
  if (game.stage !== "round") return "This playoff round is over: its winners have gone through.";
  if (event.phase === "rounds") return `Round ${game.round} has not started yet.`;
  return "The round robin is over: its scores stand as the playoff was seeded from them.";
}

async function gameOf(tx: Tx, event: EventRow, gameId: string): Promise<GameRow> {
  const [row] = await tx
    .select()
    .from(eventGames)
    .where(and(eq(eventGames.eventId, event.id), eq(eventGames.id, gameId)));
  if (!row) throw notFound("This game is not in the event's plan.");
  return row;
}

function scoreProblem(event: EventRow, game: GameRow, { scoreA, scoreB }: Score): string | null {
  const high = Math.max(scoreA, scoreB);
  if (scoreA === scoreB && (game.stage !== "round" || event.playTo !== null))
    return game.stage === "round"
      ? "A game to a score has a winner: the scores cannot be level."
      : "A playoff game needs a winner: the scores cannot be level.";
  if (event.playTo !== null && high < event.playTo)
    return `In a game to ${event.playTo}, the winner reaches ${event.playTo}.`;
  return null;
}

/** Where the event and game stand before a score: the lock, the checks, and who is asking. */
async function prepare(tx: Tx, scorer: Scorer, sessionId: string, gameId: string) {
  const event = await lockedEvent(tx, scorer.access.organizationId, sessionId);
  if (event.phase === "finished")
    throw new AppError("EVENT_OVER", "This event is finished: its results stand.");
  const game = await gameOf(tx, event, gameId);
  if (game.teamB.length === 0)
    throw new AppError("SCORE_CONFIRMED", "A bye has no score: the team goes through.");
  if (!isPlayable(event, game)) throw new AppError("NOT_YET", notPlayable(event, game));
  const entrants = await entrantsOf(tx, event);
  const side = sideOf(game, entrantOfUser(entrants, scorer.access.userId));
  const referee = scorer.manager;
  return { event, game, entrants, side, referee };
}

export async function scoreEventGame(
  tx: Tx,
  scorer: Scorer,
  sessionId: string,
  gameId: string,
  score: Score,
  now: Date,
) {
  const { event, game, entrants, side, referee } = await prepare(tx, scorer, sessionId, gameId);
  if (!side && !referee) throw forbidden("Only a player of this game or an organizer can enter its score.");
  const problem = scoreProblem(event, game, score);
  if (problem)
    throw new AppError("VALIDATION_ERROR", problem, { issues: [{ path: ["scoreA"], message: problem }] });
  if (game.status === "confirmed" && !referee)
    throw new AppError("SCORE_CONFIRMED", "This score is confirmed. Ask an organizer to correct it.");
  const agrees =
    game.status === "reported" &&
    side !== null &&
    game.reportedSide !== side &&
    game.scoreA === score.scoreA &&
    game.scoreB === score.scoreB;
  if (referee || agrees || (side !== null && !canConfirm(game, side === "A" ? "B" : "A", entrants))) {
    await count(tx, event, game, entrants, score, scorer.access.userId, now);
    return;
  }
  await tx
    .update(eventGames)
    .set({
      ...score,
      status: "reported",
      reportedSide: side,
      reportedBy: scorer.access.userId,
      reportedAt: now,
    })
    .where(eq(eventGames.id, game.id));
}

export async function confirmEventGame(tx: Tx, scorer: Scorer, sessionId: string, gameId: string, now: Date) {
  const { event, game, entrants, side, referee } = await prepare(tx, scorer, sessionId, gameId);
  if (game.status === "confirmed") throw new AppError("SCORE_CONFIRMED", "This score is already confirmed.");
  if (game.status !== "reported" || game.scoreA === null || game.scoreB === null)
    throw new AppError("NOT_YET", "No score has been entered for this game yet.");
  if (!referee && (side === null || side === game.reportedSide))
    throw forbidden("Only the other side of this game can confirm its score.");
  await count(
    tx,
    event,
    game,
    entrants,
    { scoreA: game.scoreA, scoreB: game.scoreB },
    scorer.access.userId,
    now,
  );
}

/** Whether anyone on `side` of the game has an account to confirm a score with (guests have none). */
function canConfirm(game: GameRow, side: "A" | "B", entrants: Map<string, Entrant>): boolean {
  return (side === "A" ? game.teamA : game.teamB).some((id) => entrants.get(id)?.userId);
}

async function count(
  tx: Tx,
  event: EventRow,
  game: GameRow,
  entrants: Map<string, Entrant>,
  score: Score,
  by: string,
  now: Date,
) {
  const correcting = game.status === "confirmed";
  if (correcting && game.scoreA === score.scoreA && game.scoreB === score.scoreB) return;
  // A correction: the match the old score made goes, and the new one takes its place in
  // history (played when first counted), the ratings replayed from there.
  if (correcting) await withdrawEventGameMatch(tx, event.organizationId, game.id, now);
  const playedAt = (correcting ? game.confirmedAt : null) ?? now;
  await tx
    .update(eventGames)
    .set({ ...score, status: "confirmed", reportedSide: null, confirmedBy: by, confirmedAt: playedAt })
    .where(eq(eventGames.id, game.id));
  const userOf = (id: string) => entrants.get(id)?.userId ?? null;
  const session = await sessionRow(tx, event.organizationId, event.sessionId);
  await matchFromEventGame(
    tx,
    {
      id: game.id,
      organizationId: event.organizationId,
      teamA: game.teamA.map(userOf),
      teamB: game.teamB.map(userOf),
      ...score,
      eventName: session.name,
      playedAt,
    },
    now,
  );
}
