// How a court chooses its game from the line: the player whose turn it is and the cheapest
// others from the next few (grouping.ts prices a game). Its own file because both ways of
// filling courts choose with it: as they free (fill-as-courts-free.ts), and an equal round
// court by court (fair.ts fillOneByOne).
import {
  allowed,
  bestSplit,
  type CostContext,
  combinations,
  type Game,
  PARTNER_REPEAT,
  splits,
} from "./grouping.js";
import type { Pairings, PlayerState } from "./types.js";

/** How many of the next in line a court's choice looks at beyond the player whose turn it is. */
const WINDOW = 8;
/** Under a team rule: wider, so the window holds both women and men to choose from. */
const TEAM_RULE_WINDOW = 12;
/** Preferring those who waited longer: per place further back in line. */
const LINE_POSITION = 30;

/**
 * The first in `line` and `size - 1` others from the next WINDOW (all of `required` among
 * them) making the cheapest game, with a little weight on keeping the line's order; from the
 * whole line when every game within the window repeats a partner.
 */
export function chooseGroup(
  line: PlayerState[],
  size: number,
  required: Set<string>,
  context: CostContext,
  extraCost: (p: PlayerState) => number = () => 0,
): Game | undefined {
  return rankGroups(line, size, required, context, extraCost, () => 0, 1)[0];
}

/**
 * chooseGroup's `k` cheapest games, cheapest first, each also charged `afterCost` for what it
 * leaves the next court.
 */
export function rankGroups(
  line: PlayerState[],
  size: number,
  required: Set<string>,
  context: CostContext,
  extraCost: (p: PlayerState) => number,
  afterCost: (ids: string[]) => number,
  k: number,
  widen = false,
): Game[] {
  const [anchor, ...rest] = line;
  if (!anchor || line.length < size) return [];
  const width = widen ? rest.length : context.teams && context.teams !== "open" ? TEAM_RULE_WINDOW : WINDOW;
  const window = withFixedPartners(
    rest.slice(0, Math.max(width, required.size)),
    anchor,
    rest,
    context.pairings,
  );
  const position = new Map(line.map((p, i) => [p.id, i]));
  const anchorCost = extraCost(anchor);
  const best: Array<{ game: Game; cost: number }> = [];
  const bar = () => (best.length < k ? Number.POSITIVE_INFINITY : best[best.length - 1]!.cost);
  for (const others of combinations(window, size - 1, 2000)) {
    const ids = [anchor.id, ...others.map((o) => o.id)];
    if ([...required].some((id) => id !== anchor.id && !ids.includes(id))) continue;
    if (!keepsFixedPartners(ids, line, context.pairings)) continue;
    const split = bestSplit(ids, context);
    if (!split || !allowed(split.game, context.pairings)) continue;
    let cost = split.cost;
    cost += anchorCost;
    for (const o of others) cost += position.get(o.id)! * LINE_POSITION + extraCost(o);
    if (cost >= bar()) continue;
    cost += afterCost(ids);
    if (cost >= bar()) continue;
    const after = best.findIndex((b) => b.cost > cost);
    best.splice(after === -1 ? best.length : after, 0, { game: split.game, cost });
    if (best.length > k) best.pop();
  }
  // Whoever must go on cannot all fit with the player whose turn it is (an organizer moved
  // someone to the front, say): the court still fills rather than stand empty.
  if (best.length === 0 && required.size > 0)
    return rankGroups(line, size, new Set(), context, extraCost, afterCost, k, widen);
  // The next few in line can only make a repeat: the court looks down the whole line, where the
  // one fresh partner left may be among those who just came off (decision 025).
  if (!widen && rest.length > width && best[0] && repeatsIn(best[0].game, context) > 0)
    return rankGroups(line, size, required, context, extraCost, afterCost, k, true);
  return best.map((b) => b.game);
}

/** The window, plus the fixed partners of anyone in it (or of the anchor) from further back. */
function withFixedPartners(
  window: PlayerState[],
  anchor: PlayerState,
  rest: PlayerState[],
  pairings?: Pairings,
): PlayerState[] {
  if (!pairings || pairings.together.length === 0) return window;
  const out = [...window];
  for (const p of [anchor, ...window]) {
    for (const [a, b] of pairings.together) {
      const partner = p.id === a ? b : p.id === b ? a : undefined;
      const found = partner ? rest.find((q) => q.id === partner) : undefined;
      if (found && !out.includes(found)) out.push(found);
    }
  }
  return out;
}

/** A player with a fixed partner who is also ready goes on with them, or not at all. */
function keepsFixedPartners(ids: string[], line: PlayerState[], pairings?: Pairings): boolean {
  if (!pairings || pairings.together.length === 0) return true;
  const ready = new Set(line.map((p) => p.id));
  for (const [a, b] of pairings.together) {
    if (!ready.has(a) || !ready.has(b)) continue;
    if (ids.includes(a) !== ids.includes(b)) return false;
  }
  return true;
}

export const repeatsIn = (game: Game, context: CostContext) =>
  game.filter((t) => t.length === 2 && context.history.partnered(t[0]!, t[1]!) > 0).length;

/**
 * What a court's choice leaves for the next: those who go on next whatever happens (`forcedNext`)
 * and can only make a game with a repeated partner cost that repeat now, so this court takes one
 * of them, or leaves a better group. Four players forced on together late in a night have mostly
 * partnered already: that was most of the repeats left in uneven play (decision 025).
 */
export function repeatsLeftFor(forcedNext: PlayerState[], size: number, context: CostContext) {
  const behind = forcedNext.map((p) => p.id);
  const known = new Map<string, number>();
  return (ids: string[]) => {
    const rest = behind.filter((id) => !ids.includes(id));
    if (size !== 4 || rest.length < 3 || rest.length > 8) return 0;
    const key = rest.join(" ");
    const cost = known.get(key) ?? fewestRepeats(rest, context);
    known.set(key, cost);
    return cost;
  };
}

/** The fewest repeated partners a game of `rest` makes: all four of them, or three and anyone. */
function fewestRepeats(rest: string[], context: CostContext): number {
  const used = (a: string, b: string) => context.history.partnered(a, b) > 0;
  if (rest.length === 3) {
    const [a, b, c] = rest as [string, string, string];
    return used(a, b) && used(a, c) && used(b, c) ? PARTNER_REPEAT : 0;
  }
  let fewest = Number.POSITIVE_INFINITY;
  for (const four of combinations(rest, 4)) {
    for (const game of splits(four)) fewest = Math.min(fewest, repeatsIn(game, context));
    if (fewest === 0) return 0;
  }
  return fewest * PARTNER_REPEAT;
}
