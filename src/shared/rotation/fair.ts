// Fair mode: fewest games first, then most sit-outs, then longest wait; among players tied on
// those, the ones whose games repeat the fewest partners and opponents (and, when asked,
// whose teams are closest in rating).
import { combinations, type Game, gameCost, groupGreedy } from "./grouping.js";
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

/** Who must play (strictly ahead of the last place), and the tied group the rest come from. */
export function mustAndTied<T extends PlayerState>(ordered: T[], places: number) {
  const boundary = fairKey(ordered[places - 1]!);
  return {
    must: ordered.filter((p) => compareKeys(fairKey(p), boundary) < 0),
    tied: ordered.filter((p) => compareKeys(fairKey(p), boundary) === 0),
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

function chooseGames(
  ordered: PlayerState[],
  courts: number,
  history: History,
  ratings?: Map<string, number>,
): Game[] {
  const places = courts * PLAYERS_PER_COURT;
  const { must, tied } = mustAndTied(ordered, places);
  // Every way to fill the open places from the tied group, while that stays small.
  const options = combinations(tied, places - must.length, courts === 1 ? 500 : 60);
  let best: { games: Game[]; cost: number } | undefined;
  for (const chosen of options) {
    const games = groupGreedy(fairOrder([...must, ...chosen]), courts, history.clone(), ratings);
    const scratch = history.clone();
    let cost = 0;
    for (const game of games) {
      cost += gameCost(game, scratch, ratings);
      scratch.add(game);
    }
    if (!best || cost < best.cost) best = { games, cost };
    if (cost === 0) break;
  }
  return best!.games;
}
