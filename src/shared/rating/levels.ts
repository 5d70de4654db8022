// Self-rated skill levels (2.0 to 5.0, as sessions state them) on the ladder's Elo scale, for
// players with no ladder rating yet: 3.5, the middle of club play, is the ladder's 1500, and
// each half level is 100 points (a 4.0 player is expected to beat a 3.5 about 64% of the time).
import { DEFAULT_RATING } from "./elo.js";

export function levelToRating(level: number): number {
  return DEFAULT_RATING + (level - 3.5) * 200;
}
