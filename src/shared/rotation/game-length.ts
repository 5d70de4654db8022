// How long a game lasts here, measured: the waits the board promises are built on it. A club
// that plays to 11 on slow courts and one that plays rally to 15 differ by minutes a game, and
// a fixed guess made the next group read "~1 min" when a game takes twelve.

/** Minutes: the typical game (median) and the short and long ends of the usual (quartiles). */
export type GameLength = { typical: number; short: number; long: number };

/** Before anything is measured: rec games to 11 take 10 to 15 minutes, 12 typically. */
export const DEFAULT_GAME_LENGTH: GameLength = { typical: 12, short: 10, long: 15 };

/** Games of this session needed before its own pace is used instead of the club's. */
export const SESSION_SAMPLE = 5;
/** A game shorter or longer than this was not a game (scored at once, or left running). */
const PLAUSIBLE = { min: 3, max: 45 };

function quantile(sorted: number[], q: number): number {
  const at = (sorted.length - 1) * q;
  const below = Math.floor(at);
  const above = Math.min(sorted.length - 1, below + 1);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (at - below);
}

/**
 * From finished games' lengths in minutes: this session's once it has SESSION_SAMPLE, else the
 * club's recent games (as many), else the default. Lengths outside what a game can be are left out.
 */
export function gameLength(sessionGames: number[], clubGames: number[]): GameLength {
  const plausible = (lengths: number[]) => lengths.filter((m) => m >= PLAUSIBLE.min && m <= PLAUSIBLE.max);
  const session = plausible(sessionGames);
  const club = plausible(clubGames);
  const sample = session.length >= SESSION_SAMPLE ? session : club.length >= SESSION_SAMPLE ? club : null;
  if (!sample) return DEFAULT_GAME_LENGTH;
  const sorted = [...sample].sort((a, b) => a - b);
  return { typical: quantile(sorted, 0.5), short: quantile(sorted, 0.25), long: quantile(sorted, 0.75) };
}
