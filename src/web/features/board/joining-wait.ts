import type { BoardView } from "../../../shared/contracts/board.js";

/**
 * What someone joining the line now should expect: the wait estimated for its last place. The
 * night's measured average says how long players have waited; asked "how long's the wait?", an
 * organizer (and the TV, where the whole gym reads it as a promise) needs this one: early in the
 * night the average is 0 while the line says 10 minutes.
 */
export function joiningWaitMinutes(board: BoardView): number | null {
  const last = board.queue[board.queue.length - 1];
  return last ? last.estimatedWaitMinutes : null;
}
