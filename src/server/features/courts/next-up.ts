// Who goes on each court next, as the board shows it and as the up-next emails tell it: the
// same projection of the waiting line onto the courts.
import type { BoardRow, BoardState } from "./board-store.js";

/** Court id -> the registrations up next there, for `line` (the waiting line in order). */
export function nextUpByCourt(
  board: BoardRow | undefined,
  state: BoardState,
  line: string[],
  /**
   * Free courts nobody goes on yet: kept free by the night's last call, or waiting for the next
   * court so that groups mix (rotation.ts emptyCourts).
   */
  emptyCourts: ReadonlySet<string> = new Set(),
): Map<string, string[]> {
  // A court the organizer keeps free gets nobody until they start it, as one out of play.
  const out = new Set([...state.unavailable, ...(board?.heldCourts ?? []), ...emptyCourts]);
  if (board?.mode === "king-of-the-court") return kingNextUp(state, line, out);
  return projectNextUp(state, line, new Set(board?.singlesCourts ?? []), out);
}

/**
 * The groups from the front of the line (four, or two for a singles court), onto free courts
 * first, then the courts whose games began earliest (they should finish first).
 */
function projectNextUp(
  state: BoardState,
  line: string[],
  singles: Set<string>,
  out: Set<string>,
): Map<string, string[]> {
  const free = state.courts.filter((c) => !out.has(c.id) && !state.playing.some((g) => g.courtId === c.id));
  const byStart = [...state.playing]
    .sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime())
    .map((g) => g.courtId);
  const order = [...free.map((c) => c.id), ...byStart];
  const result = new Map<string, string[]>();
  let from = 0;
  for (const courtId of order) {
    const size = singles.has(courtId) ? 2 : 4;
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
