// The line as the TV shows it beside the courts.
import type { BoardView } from "../../../shared/contracts/board.js";

export type Group = {
  label: string;
  /** Those in the line now, by name. */
  names: { registrationId: string; name: string }[];
  /** How many of the group are on court now, not named: which of them depends on which court ends first. */
  comingOff: number;
};

/**
 * Who plays next, in the order they go on: each court's next group (the engine's choice played
 * forward), then the rest of the line in fours. The TV names no court for a group: courts free
 * in an order no one knows ahead, and a player who walked to the court the TV named was at the
 * wrong one when another freed first. The court is named when they are called (TvCall). For the
 * same reason a group's players on court now are counted, not named (BoardCourt.comingOff),
 * and a group of them all is left out.
 */
export function upNextGroups(board: BoardView): Group[] {
  const position = new Map(board.queue.map((q) => [q.registrationId, q.position]));
  const first = (names: Group["names"]) =>
    Math.min(...names.map((p) => position.get(p.registrationId) ?? 1e9));
  const projected = board.courts
    .filter((c) => c.nextUp.length > 0)
    .sort((a, b) => first(a.nextUp) - first(b.nextUp))
    .map((c, i) => ({ label: i === 0 ? "Next game" : "Then", names: c.nextUp, comingOff: c.comingOff }));
  const placed = new Set(projected.flatMap((g) => g.names.map((p) => p.registrationId)));
  const rest = board.queue.filter((q) => !placed.has(q.registrationId));
  const later: Group[] = [];
  for (let i = 0; i < rest.length; i += 4)
    later.push({
      label: projected.length > 0 ? "Then" : "Waiting",
      names: rest.slice(i, i + 4),
      comingOff: 0,
    });
  return [...projected, ...later];
}
