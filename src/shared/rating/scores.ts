// Pickleball game scores: a game is played to 11, 15 or 21 and won by 2, so a game is over
// when one side has at least the target and leads by 2; past the target only by exactly 2.

export const GAME_TARGETS = [11, 15, 21] as const;

export type GameScore = { a: number; b: number };

/** Why a game score cannot be a finished game, or null when it can. */
export function gameScoreProblem(score: GameScore, target: number): string | null {
  const { a, b } = score;
  if (![a, b].every((n) => Number.isInteger(n) && n >= 0)) return "Scores are whole numbers, 0 or more.";
  if (!GAME_TARGETS.includes(target as 11)) return "Games are played to 11, 15 or 21.";
  const high = Math.max(a, b);
  const low = Math.min(a, b);
  if (high < target) return `The winner needs at least ${target} points.`;
  if (high - low < 2) return "A game is won by 2 points.";
  if (high > target && high - low !== 2) return `Past ${target}, a game ends as soon as one side leads by 2.`;
  return null;
}

/** The winner of a match of games (best of the games played), or null on a tie. */
export function matchWinner(games: readonly GameScore[]): "A" | "B" | null {
  const wonA = games.filter((g) => g.a > g.b).length;
  const wonB = games.length - wonA;
  return wonA === wonB ? null : wonA > wonB ? "A" : "B";
}

/** "11-7, 9-11, 11-5" */
export const formatGames = (games: readonly GameScore[]) => games.map((g) => `${g.a}-${g.b}`).join(", ");
