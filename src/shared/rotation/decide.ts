// The engine's one entry point: who goes on each free court, and the waiting line with an
// estimated wait for each player. Invariants in every mode: only free courts are filled,
// nobody is on two courts, and nobody on a break, gone, or already on court is assigned.
import { decideFair, fairOrder } from "./fair.js";
import { decidePaddleStack, stackOrder } from "./paddle-stack.js";
import type { Assignment, RotationInput, RotationOutput } from "./types.js";
import { DEFAULT_GAME_MINUTES, PLAYERS_PER_COURT } from "./types.js";
import { decideWinnersStay } from "./winners-stay.js";

export function decide(input: RotationInput): RotationOutput {
  const onCourt = new Set(input.courts.flatMap((c) => (c.status === "playing" ? (c.players ?? []) : [])));
  const ready = input.players.filter((p) => p.present && !p.onBreak && !onCourt.has(p.id));
  const freeCourts = input.courts.filter((c) => c.status === "free").map((c) => c.id);

  let assignments: Assignment[];
  if (input.mode === "paddle-stack") assignments = decidePaddleStack(ready, freeCourts, input.players);
  else if (input.mode === "winners-stay")
    assignments = decideWinnersStay(ready, freeCourts, input.players, input.lastGame);
  else {
    const equalRound =
      onCourt.size === 0 &&
      freeCourts.length === input.courts.filter((c) => c.status !== "unavailable").length;
    assignments = decideFair(ready, freeCourts, input.players, {
      balanceByRating: input.balanceByRating,
      equalRound,
    });
  }

  const assigned = new Set(assignments.flatMap((a) => a.teams.flat()));
  const waiting = ready.filter((p) => !assigned.has(p.id));
  const line = input.mode === "fair" ? fairOrder(waiting) : stackOrder(waiting);
  const playable = input.courts.filter((c) => c.status !== "unavailable").length;
  const minutes = input.averageGameMinutes ?? DEFAULT_GAME_MINUTES;
  return {
    assignments,
    queue: line.map((p, i) => ({
      playerId: p.id,
      position: i + 1,
      estimatedWaitMinutes: estimateWait(i, playable, minutes),
    })),
  };
}

/**
 * The k-th in line (0-based) goes on with group floor(k / 4); with `courts` courts turning
 * over about every `minutes`, on average one court frees every minutes / courts, and the
 * first group waits about half of that.
 */
export function estimateWait(index: number, courts: number, minutes: number): number {
  if (courts === 0) return 0;
  const group = Math.floor(index / PLAYERS_PER_COURT);
  return Math.round(((group + 0.5) * minutes) / courts);
}
