// Fair mode: fewest games first, then most sit-outs, then longest wait; among players tied on
// those, the ones whose games repeat the fewest partners and opponents (and, when asked,
// whose teams are closest in rating).
import { combinations, type Game, groupGreedy } from "./grouping.js";
import { History } from "./history.js";
import { planRound } from "./lookahead.js";
import type { Assignment, PlayerState } from "./types.js";
import { PLAYERS_PER_COURT } from "./types.js";

/** Lower goes sooner. Arrival only breaks ties in the final order, so it never blocks a choice. */
export function fairKey(
  p: Pick<PlayerState, "gamesPlayed" | "sitOuts" | "gamesWaited">,
): [number, number, number] {
  return [p.gamesPlayed, -p.sitOuts, -p.gamesWaited];
}

export const compareKeys = (a: number[], b: number[]) => {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
};

export function fairOrder<T extends PlayerState>(players: T[]): T[] {
  return [...players].sort(
    (a, b) => compareKeys(fairKey(a), fairKey(b)) || a.arrivedAt - b.arrivedAt || (a.id < b.id ? -1 : 1),
  );
}

/**
 * Who must play (strictly ahead of the last place), and the group the rest come from. The
 * split looks at games and sit-outs only: among players level on both, a few minutes more or
 * less of waiting matters less than a fresh partner, so the choice among them is free.
 */
export function mustAndTied<T extends PlayerState>(ordered: T[], places: number) {
  const level = (p: T) => fairKey(p).slice(0, 2);
  const boundary = level(ordered[places - 1]!);
  return {
    must: ordered.filter((p) => compareKeys(level(p), boundary) < 0),
    tied: ordered.filter((p) => compareKeys(level(p), boundary) === 0),
  };
}

export function decideFair(
  ready: PlayerState[],
  freeCourts: string[],
  allPlayers: PlayerState[],
  options: { balanceByRating?: boolean; equalRound: boolean },
): Assignment[] {
  const courts = Math.min(freeCourts.length, Math.floor(ready.length / PLAYERS_PER_COURT));
  if (courts === 0) return [];
  const history = new History(allPlayers);
  const ratings = options.balanceByRating ? new Map(ready.map((p) => [p.id, p.rating ?? 1000])) : undefined;
  const ordered = fairOrder(ready);
  // Small groups in equal rounds: plan ahead so no partner repeats while one can be avoided.
  const planned = options.equalRound && !ratings ? planRound(ordered, courts, history) : null;
  const games = planned ?? chooseGames(ordered, courts, history, ratings);
  return games.map((teams, i) => ({ courtId: freeCourts[i]!, teams }));
}

/** Ties beyond this many extra candidates are cut (in order) to keep a decision well under 5 ms. */
const TIE_WINDOW = 6;

function chooseGames(
  ordered: PlayerState[],
  courts: number,
  history: History,
  ratings?: Map<string, number>,
): Game[] {
  const places = courts * PLAYERS_PER_COURT;
  const { must, tied } = mustAndTied(ordered, places);
  const open = places - must.length;
  // Every way to fill the open places from the front of the tied group.
  const options = combinations(tied.slice(0, open + TIE_WINDOW), open, courts === 1 ? 300 : 40);
  let best: { games: Game[]; cost: number } | undefined;
  for (const chosen of options) {
    const trial = groupGreedy(fairOrder([...must, ...chosen]), courts, history, ratings);
    for (const game of trial.games) history.remove(game);
    if (!best || trial.cost < best.cost) best = trial;
    if (trial.cost === 0) break;
  }
  return best!.games;
}
