// A player's line on the ladder from a replay: rating, last change, streak and games.
import type { MatchInput, ReplayResult } from "./elo.js";

export type Standing = {
  playerId: string;
  rating: number;
  /** The change of the player's last counted match. */
  change: number;
  /** Consecutive wins (positive) or losses (negative), most recent first. */
  streak: number;
  games: number;
  wins: number;
};

/** The lines of the players in `matches`, each going on from its `start` line when given. */
export function standings(
  matches: readonly MatchInput[],
  result: ReplayResult,
  start?: ReadonlyMap<string, Standing>,
): Standing[] {
  const lines = new Map<string, Standing>();
  matches.forEach((match, index) => {
    const step = result.steps[index]!;
    for (const [side, team] of [["A", match.teamA] as const, ["B", match.teamB] as const]) {
      const won = match.winner === side;
      for (const playerId of team) {
        const known = start?.get(playerId);
        const line =
          lines.get(playerId) ??
          (known ? { ...known } : { playerId, rating: 0, change: 0, streak: 0, games: 0, wins: 0 });
        line.games++;
        if (won) line.wins++;
        line.change = step.deltas[playerId] ?? 0;
        line.streak = won ? Math.max(0, line.streak) + 1 : Math.min(0, line.streak) - 1;
        lines.set(playerId, line);
      }
    }
  });
  for (const line of lines.values()) line.rating = result.ratings.get(line.playerId) ?? line.rating;
  return [...lines.values()].sort((a, b) => b.rating - a.rating || b.games - a.games);
}

/** Streaks of +3 or more read as hot, -2 or less as cold. */
export const streakTone = (streak: number): "positive" | "negative" | "neutral" =>
  streak >= 3 ? "positive" : streak <= -2 ? "negative" : "neutral";
