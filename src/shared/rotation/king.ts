// King of the court: the first court is the top. When a game ends its winners move up a
// court (the top court's winners stay) and its losers move down (the bottom court's losers
// go back to the queue); the waiting queue comes on at the bottom court. On every court the
// newcomers split up: partners of the last game are not partners again while another way
// exists (the cost of a repeated partner does that). It is played in rounds: a court's next
// players come from the courts around it, so courts are filled once every game has ended.
import { fairOrder } from "./fair-order.js";
import { bestSplit, type CostContext, splits } from "./grouping.js";
import { History } from "./history.js";
import type { Assignment, CourtState, Pairings, PlayerState } from "./types.js";
import { courtSize } from "./types.js";

/** Where each player of a finished game goes next: a court id, or null for the queue. */
export function kingMoves(
  courtOrder: string[],
  courtId: string,
  winners: string[],
  losers: string[],
): Map<string, string | null> {
  const at = courtOrder.indexOf(courtId);
  const up = at > 0 ? courtOrder[at - 1]! : courtId;
  const down = at >= 0 && at < courtOrder.length - 1 ? courtOrder[at + 1]! : null;
  return new Map([...winners.map((id) => [id, up] as const), ...losers.map((id) => [id, down] as const)]);
}

export function decideKing(
  ready: PlayerState[],
  freeCourts: CourtState[],
  playable: CourtState[],
  allPlayers: PlayerState[],
  pairings?: Pairings,
): Assignment[] {
  if (freeCourts.length < playable.length) return [];
  const context: CostContext = { history: new History(allPlayers), pairings };
  const playableIds = new Set(playable.map((c) => c.id));
  // A target that is not a playable court (closed since) means the queue.
  const targetOf = (p: PlayerState) =>
    p.courtTarget && playableIds.has(p.courtTarget) ? p.courtTarget : null;
  const left = fairOrder(ready);
  const assignments: Assignment[] = [];
  // Top court first, so the queue fills the bottom courts last.
  const order = playable.map((c) => c.id);
  const free = [...freeCourts].sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
  const place = (court: CourtState, group: PlayerState[]) => {
    const ids = group.map((p) => p.id);
    const game = bestSplit(ids, context)?.game ?? splits(ids)[0]!;
    context.history.add(game);
    for (const id of ids)
      left.splice(
        left.findIndex((p) => p.id === id),
        1,
      );
    assignments.push({ courtId: court.id, teams: game });
  };
  for (const court of free) {
    const size = courtSize(court);
    const moving = left.filter((p) => targetOf(p) === court.id);
    const queue = left.filter((p) => targetOf(p) === null);
    // Those moving to this court first; then the queue (it enters at the bottom, and also
    // fills a court still short).
    const group = [...moving, ...queue].slice(0, size);
    if (group.length === size) place(court, group);
  }
  // A group too small to keep its courts apart (say four players on two courts): no court
  // stands empty while enough people wait, whatever their targets.
  for (const court of free) {
    if (assignments.some((a) => a.courtId === court.id) || left.length < courtSize(court)) continue;
    place(court, left.slice(0, courtSize(court)));
  }
  return assignments;
}
