// When players were called to a court, as the TV knows it: a game that appears on a court is
// a call. The TV shows recent calls larger than anything else, then returns to the board, where
// the court stays marked as just called for a while.
import type { BoardCourt } from "../../../shared/contracts/board.js";

/**
 * How long a call stays the largest thing on the TV. On 8 courts a court frees about every 90
 * seconds, so 30-second calls hid the board, and everyone's place in line, a third of the night
 * (more when calls came one after another); 15 seconds, then the court marked on the board.
 */
export const CALL_MS = 15_000;

/** How long a called court stays marked on the board, for players who looked up too late. */
export const JUST_CALLED_MS = 60_000;

/** Game id -> when its players were called, in milliseconds on the TV's own clock. */
export type CallTimes = ReadonlyMap<string, number>;

/**
 * The call times after the board changed. On the first board a TV loads (`known` null), a
 * game was called when it started. A game that appears later was called when the TV first
 * saw it: the TV's clock may disagree with the server's, and first sight is what players
 * in the gym see too. Games no longer on a court are forgotten.
 */
export function noteCalls(known: CallTimes | null, courts: BoardCourt[], now: number): Map<string, number> {
  const next = new Map<string, number>();
  for (const court of courts) {
    if (!court.game) continue;
    const id = court.game.id;
    const seen = known?.get(id);
    // A start "in the future" is the server's clock running ahead of the TV's: called now.
    next.set(id, seen ?? (known ? now : Math.min(now, Date.parse(court.game.startedAt))));
  }
  return next;
}

/** The courts whose players were called in the last `windowMs`, in board order. */
export function recentCalls(
  courts: BoardCourt[],
  calls: CallTimes,
  now: number,
  windowMs = CALL_MS,
): BoardCourt[] {
  return courts.filter((court) => {
    const calledAt = court.game ? calls.get(court.game.id) : undefined;
    return calledAt !== undefined && now - calledAt >= 0 && now - calledAt < windowMs;
  });
}
