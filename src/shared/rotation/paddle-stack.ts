// Paddle stack: first come, first served, in groups of four, the way clubs stack paddles.
import { bestSplit } from "./grouping.js";
import { History } from "./history.js";
import type { Assignment, PlayerState } from "./types.js";
import { PLAYERS_PER_COURT } from "./types.js";

export const stackOrder = (players: PlayerState[]) =>
  [...players].sort((a, b) => a.arrivedAt - b.arrivedAt || (a.id < b.id ? -1 : 1));

export function decidePaddleStack(
  ready: PlayerState[],
  freeCourts: string[],
  allPlayers: PlayerState[],
): Assignment[] {
  return fillInOrder(stackOrder(ready), freeCourts, allPlayers);
}

/** Groups of four from the front of `line`, as it stands, onto `freeCourts`. */
export function fillInOrder(
  line: PlayerState[],
  freeCourts: string[],
  allPlayers: PlayerState[],
): Assignment[] {
  const left = [...line];
  const history = new History(allPlayers);
  const assignments: Assignment[] = [];
  for (const courtId of freeCourts) {
    const group = left.splice(0, PLAYERS_PER_COURT);
    if (group.length < PLAYERS_PER_COURT) break;
    // The group is fixed by the line; only the split into teams avoids repeats.
    const { game } = bestSplit(
      group.map((p) => p.id),
      history,
    );
    history.add(game);
    assignments.push({ courtId, teams: game });
  }
  return assignments;
}
