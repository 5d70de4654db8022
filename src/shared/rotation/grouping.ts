// Splitting chosen players into courts and teams with the fewest repeats.
import type { History } from "./history.js";
import type { PlayerState, Team } from "./types.js";

export type Game = [Team, Team];

export const PARTNER_REPEAT = 1000;
export const OPPONENT_REPEAT = 10;

/** The three ways to split four players into two teams. */
export function splits([a, b, c, d]: string[]): Game[] {
  return [
    [
      [a!, b!],
      [c!, d!],
    ],
    [
      [a!, c!],
      [b!, d!],
    ],
    [
      [a!, d!],
      [b!, c!],
    ],
  ];
}

export function gameCost(game: Game, history: History, ratings?: Map<string, number>): number {
  const [t1, t2] = game;
  let cost = (history.partnered(t1[0], t1[1]) + history.partnered(t2[0], t2[1])) * PARTNER_REPEAT;
  for (const a of t1) for (const b of t2) cost += history.faced(a, b) * OPPONENT_REPEAT;
  if (ratings) {
    const sum = (t: Team) => (ratings.get(t[0]) ?? 1000) + (ratings.get(t[1]) ?? 1000);
    cost += Math.abs(sum(t1) - sum(t2)) / 10;
  }
  return cost;
}

export function bestSplit(
  four: string[],
  history: History,
  ratings?: Map<string, number>,
): { game: Game; cost: number } {
  let best = { game: splits(four)[0]!, cost: Number.POSITIVE_INFINITY };
  for (const game of splits(four)) {
    const cost = gameCost(game, history, ratings);
    if (cost < best.cost) best = { game, cost };
  }
  return best;
}

/** All ways to choose `k` of `items`, in order; stops after `limit`. */
export function combinations<T>(items: T[], k: number, limit = 5000): T[][] {
  const out: T[][] = [];
  const pick = (start: number, chosen: T[]) => {
    if (out.length >= limit) return;
    if (chosen.length === k) {
      out.push([...chosen]);
      return;
    }
    for (let i = start; i <= items.length - (k - chosen.length); i++) {
      chosen.push(items[i]!);
      pick(i + 1, chosen);
      chosen.pop();
    }
  };
  pick(0, []);
  return out;
}

/**
 * Puts `players` (a multiple of four, best first) onto `courts` games: each court takes the
 * best remaining player and the three others, from a bounded window behind them, that make
 * the cheapest game. Bounded work: at most C(window, 3) x 3 games per court. The games are
 * added to `history`.
 */
export function groupGreedy(
  players: PlayerState[],
  courts: number,
  history: History,
  ratings?: Map<string, number>,
): { games: Game[]; cost: number } {
  const WINDOW = 9;
  const left = [...players];
  const games: Game[] = [];
  let total = 0;
  for (let court = 0; court < courts; court++) {
    const anchor = left.shift()!;
    const window = left.slice(0, Math.min(WINDOW, left.length));
    let best: { game: Game; cost: number; others: PlayerState[] } | undefined;
    for (const others of combinations(window, 3)) {
      const option = bestSplit([anchor.id, ...others.map((o) => o.id)], history, ratings);
      if (!best || option.cost < best.cost) best = { ...option, others };
    }
    for (const o of best!.others) left.splice(left.indexOf(o), 1);
    // Later courts in this decision see this game in the history; the caller may undo it.
    history.add(best!.game);
    games.push(best!.game);
    total += best!.cost;
  }
  return { games, cost: total };
}
