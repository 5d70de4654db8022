// Who goes on each court next, as the board shows it, the TV and a player's phone announce it,
// and the up-next notices tell it: one projection for all of them.

import { minutesLeft } from "../../../shared/rotation/decide.js";
import type { GameLength } from "../../../shared/rotation/game-length.js";
import { projectNextGroups } from "../../../shared/rotation/next-groups.js";
import type { RotationInput } from "../../../shared/rotation/types.js";
import { type BoardRow, type BoardState, fillsByRating } from "./board-store.js";
import { engineInput, type Night } from "./rotation.js";

/** What the engine's projection weighs besides the board: the night, its pace, the clock (ms). */
export type Projection = { night: Night; gameLength: GameLength; now: number };

/** The courts to free soonest whose next groups are played forward; 8, as the last stretch's. */
const PLAYED_FORWARD_COURTS = 8;

/**
 * Whether the next groups are the engine's own choice played forward (shared/rotation
 * next-groups.ts), which needs the players' partners and opponents read with the queue: fair
 * play, where the engine picks from down the line to make new partners. Paddle stack takes the
 * line in order; winners stay and king of the court follow the results; a fill by rating needs
 * the ladder's ratings, which the board's readers do not have: those cut the line.
 */
export const nextUpNeedsHistory = (board: BoardRow | undefined) =>
  board?.mode === "fair" && !fillsByRating(board);

/** Court id -> the registrations up next there, for `line` (the waiting line in order). */
export function nextUpByCourt(
  board: BoardRow | undefined,
  state: BoardState,
  line: string[],
  /**
   * Free courts nobody goes on yet: kept free by the night's last call, or waiting for the next
   * court so that groups mix (rotation.ts emptyCourts).
   */
  empty: { kept: ReadonlySet<string>; mixing: ReadonlySet<string> } = { kept: new Set(), mixing: new Set() },
  /** The night, its pace and the clock: the engine's projection weighs them as its fills do. */
  at: Projection,
): Map<string, string[]> {
  // A court the organizer keeps free gets nobody until they start it, as one out of play.
  const out = new Set([...state.unavailable, ...(board?.heldCourts ?? []), ...empty.kept, ...empty.mixing]);
  if (board?.mode === "king-of-the-court") return kingNextUp(state, line, out);
  if (board && nextUpNeedsHistory(board) && state.historyRead)
    return playedForward(board, state, line, empty.kept, out, at);
  return projectNextUp(state, line, new Set(board?.singlesCourts ?? []), out, board?.mode === "winners-stay");
}

/**
 * Fair play's next groups: the engine played forward for the courts to free soonest. A court the
 * last call keeps stays empty for the night; one waiting to mix takes its group when the engine
 * fills it, as the next court frees. Further off, the line in fours stands in: a big club's
 * thirtieth court to free is an estimate whichever way it is made, and each court played forward
 * costs an engine decision.
 */
function playedForward(
  board: BoardRow,
  state: BoardState,
  line: string[],
  kept: ReadonlySet<string>,
  out: ReadonlySet<string>,
  at: Projection,
): Map<string, string[]> {
  const input = engineInput(board, state, undefined, undefined, lastChange(state), at.night, at.gameLength);
  const played = projectNextGroups(forProjection(input, kept, at.now), PLAYED_FORWARD_COURTS);
  // Fewer groups than courts played forward: the engine reached every court it would fill.
  if (played.size < PLAYED_FORWARD_COURTS) return played;
  const named = new Set([...played.values()].flat());
  const further = projectNextUp(
    state,
    line.filter((id) => !named.has(id)),
    new Set(board.singlesCourts),
    new Set([...out, ...played.keys()]),
  );
  return new Map([...played, ...further]);
}

/**
 * The groups from the front of the line (four, or two for a singles court), onto free courts
 * first, then the courts whose games began earliest (they should finish first): what paddle
 * stack plays, and the estimate for the formats whose choice the board cannot play forward.
 * With `winnersStay`, a court with a game on takes only its challengers (a side's worth): its
 * winners stay on, and the four from the line named two who would not go on, and told them so.
 */
function projectNextUp(
  state: BoardState,
  line: string[],
  singles: Set<string>,
  out: Set<string>,
  winnersStay = false,
): Map<string, string[]> {
  const free = state.courts.filter((c) => !out.has(c.id) && !state.playing.some((g) => g.courtId === c.id));
  const byStart = [...state.playing]
    .filter((g) => !out.has(g.courtId))
    .sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime())
    .map((g) => g.courtId);
  const order = [...free.map((c) => c.id), ...byStart];
  const result = new Map<string, string[]>();
  let from = 0;
  const playingOn = new Set(byStart);
  for (const courtId of order) {
    const full = singles.has(courtId) ? 2 : 4;
    const size = winnersStay && playingOn.has(courtId) ? full / 2 : full;
    const group = line.slice(from, from + size);
    if (group.length < size) break;
    result.set(courtId, group);
    from += size;
  }
  return result;
}

/**
 * King of the court: the players already moving to each court (winners from below, losers
 * from above); the queue goes on at the bottom court.
 */
function kingNextUp(state: BoardState, line: string[], out: Set<string>): Map<string, string[]> {
  const playable = state.courts.filter((c) => !out.has(c.id)).map((c) => c.id);
  const result = new Map<string, string[]>();
  for (const courtId of playable) {
    const moving = line.filter(
      (id) => state.players.find((p) => p.registrationId === id)?.courtTarget === courtId,
    );
    if (moving.length > 0) result.set(courtId, moving);
  }
  const bottom = playable[playable.length - 1];
  const queue = line.filter((id) => {
    const target = state.players.find((p) => p.registrationId === id)?.courtTarget;
    return !target || !playable.includes(target);
  });
  if (bottom && queue.length > 0) result.set(bottom, [...(result.get(bottom) ?? []), ...queue].slice(0, 4));
  return result;
}

/**
 * The time the projection is made at: the board's latest change as its state shows it (a game
 * started, a player back in line or checked in), not the clock. The board's view is built when
 * first read after a change and kept until the next; built a minute later than the notices, on
 * the clock, it could announce other groups than the players were told.
 */
function lastChange(state: BoardState): number {
  let latest = 0;
  for (const game of state.playing) latest = Math.max(latest, game.startedAt.getTime());
  for (const player of state.players) if (player.readyAt) latest = Math.max(latest, player.readyAt.getTime());
  return latest;
}

/**
 * The engine's input for the projection: the courts the last call keeps out of play, and those
 * whose leaving time has come by the clock gone (the projection's own time is the board's last
 * change, which may be before it).
 */
const forProjection = (input: RotationInput, kept: ReadonlySet<string>, now: number): RotationInput => ({
  ...input,
  courts: input.courts.map((c) => (kept.has(c.id) ? { ...c, status: "unavailable" } : c)),
  players: input.players.map((p) =>
    p.leavesAt !== undefined && p.leavesAt <= now ? { ...p, present: false } : p,
  ),
});

type Wait = { estimatedWaitMinutes: number; waitRange: { low: number; high: number } };

/**
 * When those announced for a court should go on: as its game ends, at the night's measured
 * lengths (a minute at the soonest, once it has run past one). The line's own estimate counts
 * places, not courts, and told a player up next on a court ending in 4 minutes, sixth in line,
 * "10-15 min". Nothing for a court with no game on it: when it fills is the engine's to say.
 */
export function nextUpWaits(
  playing: ReadonlyArray<{ courtId: string; startedAt: Date }>,
  nextUp: ReadonlyMap<string, string[]>,
  length: GameLength,
  now: number,
): Map<string, Wait> {
  const waits = new Map<string, Wait>();
  for (const game of playing) {
    const left = (minutes: number) => Math.round(minutesLeft(game.startedAt.getTime(), now, minutes));
    const wait = {
      estimatedWaitMinutes: left(length.typical),
      waitRange: { low: left(length.short), high: left(length.long) },
    };
    for (const id of nextUp.get(game.courtId) ?? []) waits.set(id, wait);
  }
  return waits;
}
