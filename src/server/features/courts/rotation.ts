// The bridge between the stored queue and the pure rotation engine in src/shared/rotation.

import { decide, keptForTheEnd, waitingToMix } from "../../../shared/rotation/decide.js";
import type { GameLength } from "../../../shared/rotation/game-length.js";
import type {
  CourtState,
  PlayerState,
  RotationInput,
  RotationOutput,
} from "../../../shared/rotation/types.js";
import type { BoardRow, BoardState, CourtsNow, GameRow } from "./board-store.js";

/** The session's times, as far as the engine cares. */
export type Night = { startsAt: Date; endsAt: Date };

export function engineInput(
  board: BoardRow,
  state: BoardState,
  lastGame?: GameRow,
  ratings?: Map<string, number>,
  now?: number,
  night?: Night,
  /** Measured (pace.ts); the engine's default without it. */
  gameLength?: GameLength,
): RotationInput {
  const players: PlayerState[] = inOpenPlay(board, state.players).map((p) => ({
    id: p.registrationId,
    arrivedAt: p.readySeq,
    gamesPlayed: p.gamesPlayed,
    gamesCredit: p.gamesCredit,
    wantsBye: p.wantsBye,
    courtTarget: p.courtTarget,
    rating: ratings?.get(p.registrationId),
    gender: p.gender ?? undefined,
    // Waiting before the session started is not waiting for a court.
    readySince: p.readyAt ? Math.max(p.readyAt.getTime(), night?.startsAt.getTime() ?? 0) : undefined,
    gamesWaited: p.gamesWaited,
    sitOuts: p.sitOuts,
    onBreak: p.onBreak,
    present: p.present,
    recentPartners: p.partners,
    recentOpponents: p.opponents,
    winStreak: p.winStreak,
    leavesAt: p.leavesAt?.getTime(),
    skipping: p.skipAt !== null && p.skipAt === p.gamesPlayed + p.sitOuts,
  }));
  const singles = new Set(board.singlesCourts);
  const courts: CourtState[] = state.courts.map((court) => {
    const game = state.playing.find((g) => g.courtId === court.id);
    const kind = { id: court.id, singles: singles.has(court.id) };
    if (game)
      return {
        ...kind,
        status: "playing",
        players: [...game.teamA, ...game.teamB],
        startedAt: game.startedAt.getTime(),
      };
    return { ...kind, status: courtIsFree(board, state, court.id) ? "free" : "unavailable" };
  });
  return {
    mode: board.mode,
    players,
    courts,
    balanceByRating: board.balanceByRating,
    // One seed per session: it orders ties, and planned equal rounds follow it round after round.
    seed: board.seed,
    pairings: board.pairings,
    teams: board.teams,
    // With the time, a player whose declared leaving time has come is gone (not assigned).
    now,
    endsAt: night?.endsAt.getTime(),
    gameLength,
    lastGame: lastGame
      ? { courtId: lastGame.courtId, winners: winnersOf(lastGame), losers: losersOf(lastGame) }
      : undefined,
  };
}

/** The queue's players open play may call: not those the session's event holds (event-courts.ts). */
export function inOpenPlay<P extends { registrationId: string }>(board: BoardRow | null, players: P[]): P[] {
  // Boards built before there were events (the unit tests' among them) have no such list.
  const held = board?.eventPlayers ?? [];
  if (held.length === 0) return players;
  const inEvent = new Set(held);
  return players.filter((p) => !inEvent.has(p.registrationId));
}

/**
 * No game on it, in play tonight, and not kept free by the organizer: a court the engine may
 * fill (one kept free is, to the engine, out of play until they start it).
 */
export function courtIsFree(board: BoardRow, courts: CourtsNow, courtId: string): boolean {
  if (courts.playing.some((g) => g.courtId === courtId)) return false;
  return !courts.unavailable.has(courtId) && !board.heldCourts.includes(courtId);
}

/** Who goes on the free courts at `now` (ms), and who was ready but passed over (a sit-out). */
export function decideAssignments(
  board: BoardRow,
  state: BoardState,
  now: number,
  lastGame?: GameRow,
  ratings?: Map<string, number>,
  night?: Night,
  gameLength?: GameLength,
  /** The organizer's Fill Courts: no court waits to mix. */
  startEveryCourt = false,
) {
  const input = { ...engineInput(board, state, lastGame, ratings, now, night, gameLength), startEveryCourt };
  // Filling a court without the partners read would pair players blind to who played together.
  if (!state.historyRead && input.courts.some((c) => c.status === "free"))
    throw new Error("a fill needs the queue's partners and opponents: load the state with its history");
  const output: RotationOutput = decide(input);
  const assigned = new Set(output.assignments.flatMap((a) => a.teams.flat()));
  const passedOver =
    output.assignments.length > 0
      ? output.queue.map((q) => q.playerId).filter((id) => !assigned.has(id))
      : [];
  return { assignments: output.assignments, passedOver };
}

/**
 * The free courts the fill at `now` (ms) leaves empty, and why: kept by the night's last call
 * (decide.ts keptForTheEnd), or waiting for the next court so that groups mix (waitingToMix).
 */
export function emptyCourts(
  board: BoardRow,
  state: BoardState,
  now: number,
  night: Night,
  gameLength: GameLength,
): { kept: Set<string>; mixing: Set<string> } {
  const input = engineInput(board, state, undefined, undefined, now, night, gameLength);
  const kept = new Set(keptForTheEnd(input));
  return { kept, mixing: new Set(waitingToMix(input).filter((id) => !kept.has(id))) };
}

/**
 * The waiting line and its estimates, without assigning anyone; the waits follow `gameLength`
 * (measured: pace.ts) when given.
 */
export function previewQueue(
  board: BoardRow,
  state: BoardState,
  now = Date.now(),
  gameLength?: GameLength,
): RotationOutput["queue"] {
  const input = engineInput(board, state, undefined, undefined, now, undefined, gameLength);
  // Before the first fill, with nothing running, the line is who the fill will put on (the whole
  // round is planned at once, from everyone tied on no games, not from the front of the line),
  // then the rest, who wait a game. Ordered by arrival, it told three who would sit the first
  // round "1 min" and three who went straight on "11-16 min" (an organizer's review, 2026-12-05).
  if (!input.courts.some((c) => c.status === "playing")) {
    const { assignments, queue } = decide({ ...input, now });
    const first = assignments.flatMap((a) => a.teams.flat());
    if (first.length > 0)
      return [
        ...first.map((playerId, i) => ({
          playerId,
          position: i + 1,
          estimatedWaitMinutes: 0,
          waitRange: { low: 0, high: 0 },
        })),
        ...queue.map((q) => ({ ...q, position: q.position + first.length })),
      ];
  }
  // With every court busy the engine only orders the queue; the waits count from the games'
  // starts. A court left free mid-night is waiting to mix or kept for the end, and frees for
  // nobody soon: it is left out.
  return decide({
    ...input,
    now,
    courts: input.courts.map((c) => (c.status === "free" ? { ...c, status: "unavailable" } : c)),
  }).queue;
}

// Results from before the winner was stored have only the points.
const teamAWon = (game: GameRow) =>
  game.winner ? game.winner === "A" : (game.scoreA ?? 0) > (game.scoreB ?? 0);
export const winnersOf = (game: GameRow) => (teamAWon(game) ? game.teamA : game.teamB);
export const losersOf = (game: GameRow) => (teamAWon(game) ? game.teamB : game.teamA);
