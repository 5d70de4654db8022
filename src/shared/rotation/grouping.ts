// What a game costs: repeated partners above all (back-to-back ones most), then repeated
// opponents, then, in skill-balanced play, how uneven the teams are. Organizers' pairings
// are rules, not costs: a game that breaks one is never made.
import type { History } from "./history.js";
import type { Gender, Pairings, Team, TeamRule } from "./types.js";

export type Game = [Team, Team];

export const PARTNER_REPEAT = 1_000_000;
export const BACK_TO_BACK_PARTNER = 300_000;
export const OPPONENT_REPEAT = 1_000;
/** Per rating point of difference between the teams' averages (skill-balanced play). */
export const RATING_POINT = 50;
export const DEFAULT_RATING = 1500;

/**
 * A team against the session's team rule (two women in mixed doubles, a woman in a men's game):
 * above any number of repeated partners (a repeat costs per time, and late in a mixed night
 * every pair of a woman and a man has played), since the rule is what the night was announced
 * as; below the fairness rules, which decide who may play before any cost is weighed.
 */
export const TEAM_RULE_MISS = 1_000_000_000;

export type CostContext = {
  history: History;
  ratings?: Map<string, number>;
  pairings?: Pairings;
  teams?: TeamRule;
  /** Declared genders of the players, for the team rule. */
  genders?: Map<string, Gender>;
};

/** The ways to split a group into two teams: three for four players, one for two. */
export function splits(ids: string[]): Game[] {
  if (ids.length === 2) return [[[ids[0]!], [ids[1]!]]];
  const [a, b, c, d] = ids as [string, string, string, string];
  return [
    [
      [a, b],
      [c, d],
    ],
    [
      [a, c],
      [b, d],
    ],
    [
      [a, d],
      [b, c],
    ],
  ];
}

const together = (team: Team, a: string, b: string) => team.includes(a) && team.includes(b);

/** False when the game breaks an organizer's pairing (fixed partners split, or kept-apart players partnered). */
export function allowed(game: Game, pairings?: Pairings): boolean {
  if (!pairings) return true;
  const ids = game.flat();
  for (const [a, b] of pairings.together)
    if (ids.includes(a) && ids.includes(b) && !game.some((t) => together(t, a, b))) return false;
  for (const [a, b] of pairings.apart) if (game.some((t) => together(t, a, b))) return false;
  return true;
}

/** How many times `game` breaks the team rule: each same-gender team (mixed), or each player of the smaller gender on court (separate). */
export function teamRuleMisses(
  game: Game,
  teams: TeamRule | undefined,
  genders: Map<string, Gender> | undefined,
) {
  if (!teams || teams === "open" || !genders) return 0;
  if (teams === "mixed") {
    let misses = 0;
    for (const team of game) {
      if (team.length !== 2) continue;
      const [a, b] = [genders.get(team[0]!), genders.get(team[1]!)];
      if (a !== undefined && a === b) misses += 1;
    }
    return misses;
  }
  const declared = game.flat().flatMap((id) => genders.get(id) ?? []);
  const women = declared.filter((g) => g === "woman").length;
  return Math.min(women, declared.length - women);
}

export function gameCost(game: Game, { history, ratings, teams, genders }: CostContext): number {
  const [t1, t2] = game;
  let cost = teamRuleMisses(game, teams, genders) * TEAM_RULE_MISS;
  for (const team of game) {
    if (team.length !== 2) continue;
    const [a, b] = team as [string, string];
    cost += history.partnered(a, b) * PARTNER_REPEAT;
    if (history.lastPartner(a) === b) cost += BACK_TO_BACK_PARTNER;
  }
  for (const a of t1) for (const b of t2) cost += history.faced(a, b) * OPPONENT_REPEAT;
  if (ratings) {
    const average = (t: Team) => t.reduce((s, id) => s + (ratings.get(id) ?? DEFAULT_RATING), 0) / t.length;
    cost += Math.abs(average(t1) - average(t2)) * RATING_POINT;
  }
  return cost;
}

export function bestSplit(ids: string[], context: CostContext): { game: Game; cost: number } | undefined {
  let best: { game: Game; cost: number } | undefined;
  for (const game of splits(ids)) {
    if (!allowed(game, context.pairings)) continue;
    const cost = gameCost(game, context);
    if (!best || cost < best.cost) best = { game, cost };
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
