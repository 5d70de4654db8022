// Paddle stack: first come, first served, in groups of four (two on a singles court), the way
// clubs stack paddles.
import { bestSplit, type CostContext, splits } from "./grouping.js";
import { History } from "./history.js";
import type { Assignment, CourtState, Pairings, PlayerState } from "./types.js";
import { courtSize } from "./types.js";

export const stackOrder = (players: PlayerState[]) =>
  [...players].sort((a, b) => a.arrivedAt - b.arrivedAt || (a.id < b.id ? -1 : 1));

export function decidePaddleStack(
  ready: PlayerState[],
  freeCourts: CourtState[],
  allPlayers: PlayerState[],
  pairings?: Pairings,
): Assignment[] {
  return fillInOrder(stackOrder(ready), freeCourts, allPlayers, pairings);
}

/** Groups from the front of `line`, as it stands, onto `freeCourts`. */
export function fillInOrder(
  line: PlayerState[],
  freeCourts: CourtState[],
  allPlayers: PlayerState[],
  pairings?: Pairings,
): Assignment[] {
  const left = [...line];
  const context: CostContext = { history: new History(allPlayers), pairings };
  const assignments: Assignment[] = [];
  for (const court of freeCourts) {
    if (left.length < courtSize(court)) continue;
    const group = left.splice(0, courtSize(court)).map((p) => p.id);
    // The group is fixed by the line; only the split into teams avoids repeats (and keeps
    // organizers' pairings when it can).
    const game = bestSplit(group, context)?.game ?? splits(group)[0]!;
    context.history.add(game);
    assignments.push({ courtId: court.id, teams: game });
  }
  return assignments;
}
