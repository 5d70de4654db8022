// Scores from the courts. A player of the game enters it from their phone; it counts once a
// player of the other side confirms it (or enters the same score). Entering a different score
// answers the first one: it then waits for the first side. An organizer who is not playing in
// the game enters a score that counts at once, and may correct a counted one. A counted game is
// a ladder match for its players (guests are not rated), withdrawn and counted again when
// corrected.
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
  // An organizer playing in the game is a player of it: the other side confirms, as for anyone.
  const referee = scorer.manager && side === null;
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
  if (referee || agrees) {
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
