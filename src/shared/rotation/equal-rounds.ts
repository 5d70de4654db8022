// Equal rounds (every court starts together): the round is planned as a whole, as a set of
// new partner pairs covering everyone who must play.
//
// Which new pairs: a round-robin schedule (the circle method) of the whole group, in an
// order fixed by the session's seed, says which pairs belong together in "round" 1, 2, 3...
// of an ideal schedule, and the search prefers pairs from the earliest such round. Where the
// group fits the courts (4c or 4c+1 players on c courts, whist tables) this plays the ideal
// schedule itself: every pair once, each player sitting at most once. Elsewhere it keeps the
// unused pairs spread so later rounds still find new partners. When no round of new
// partners exists (or the bounded search runs out) the caller fills court by court instead.
import { allowed, type CostContext, type Game, gameCost } from "./grouping.js";
import { seededRandom } from "./prng.js";
import type { PlayerState, Team } from "./types.js";

/** Every candidate pair tried counts; past this the search gives up (so one decision stays quick). */
const NODE_BUDGET = 20_000;

/** The session's own order of its players: a seeded shuffle, stable while the group stays. */
export function seededOrder(ids: string[], seed: number): string[] {
  const random = seededRandom(seed);
  const sorted = [...ids].sort();
  for (let i = sorted.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [sorted[i], sorted[j]] = [sorted[j]!, sorted[i]!];
  }
  return sorted;
}

/**
 * The round of the circle-method round robin on `n` slots (n even) in which slots `a` and
 * `b` meet: slot n-1 is fixed, and a + b = 2r (mod n-1) for the others.
 */
export function roundRobinRound(a: number, b: number, n: number): number {
  const m = n - 1;
  if (a === m) return b;
  if (b === m) return a;
  return ((((a + b) * (n / 2)) % m) + m) % m;
}

/**
 * A round of games, and how late in the ideal schedule its pairs come (the sum of their
 * rounds there): of two possible rounds, the one with the smaller sum keeps more of the
 * ideal schedule for later.
 */
export type PlannedRound = { games: Game[]; lateness: number };

export function planEqualRound(
  everyone: PlayerState[],
  must: PlayerState[],
  tied: PlayerState[],
  courts: number,
  context: CostContext,
  seed: number,
  /** Looks past a found round (the next round still possible?): false searches on. */
  accept?: (pairs: Team[]) => boolean,
): PlannedRound | null {
  const pairsNeeded = courts * 2;
  const candidates = [...must, ...tied];
  if (candidates.length < pairsNeeded * 2) return null;
  const { history, pairings } = context;

  const order = seededOrder(
    everyone.map((p) => p.id),
    seed,
  );
  const slot = new Map(order.map((id, i) => [id, i]));
  const slots = order.length % 2 === 0 ? order.length : order.length + 1;
  const line = new Map(everyone.map((p, i) => [p.id, i]));
  const fixedPartner = new Map<string, string>();
  const inPlay = new Set(candidates.map((p) => p.id));
  for (const [a, b] of pairings?.together ?? []) {
    if (inPlay.has(a) && inPlay.has(b)) {
      fixedPartner.set(a, b);
      fixedPartner.set(b, a);
    }
  }
  const apart = new Set((pairings?.apart ?? []).flatMap(([a, b]) => [`${a}|${b}`, `${b}|${a}`]));
  // Mixed doubles: only a woman and a man make a pair here (an undeclared player fits either);
  // when no such round exists the caller fills court by court, where the rule is a cost.
  const genders = context.teams === "mixed" ? context.genders : undefined;
  const mixes = (a: string, b: string) =>
    !genders || genders.get(a) === undefined || genders.get(a) !== genders.get(b);
  const usable = (a: string, b: string) => {
    const fixed = fixedPartner.get(a) ?? fixedPartner.get(b);
    if (fixed !== undefined) return fixedPartner.get(a) === b;
    return !apart.has(`${a}|${b}`) && history.partnered(a, b) === 0 && mixes(a, b);
  };
  // Earlier in the ideal schedule first; fixed partners before anyone; then the line's order.
  const rank = (a: string, b: string) =>
    fixedPartner.get(a) === b ? -1 : roundRobinRound(slot.get(a)!, slot.get(b)!, slots);
  const byPreference = (a: string, b: string, c: string, d: string) =>
    rank(a, b) - rank(c, d) || line.get(a)! + line.get(b)! - line.get(c)! - line.get(d)!;

  const mustIds = must.map((p) => p.id);
  const tiedIds = tied.map((p) => p.id);
  const tiedEdges: [string, string][] = [];
  for (const [i, a] of tiedIds.entries())
    for (const b of tiedIds.slice(i + 1)) if (usable(a, b)) tiedEdges.push([a, b]);
  tiedEdges.sort(([a, b], [c, d]) => byPreference(a, b, c, d));

  const used = new Set<string>();
  const chosen: Team[] = [];
  let nodes = 0;

  const search = (edgeFrom: number): boolean => {
    if (++nodes > NODE_BUDGET) return false;
    if (chosen.length === pairsNeeded)
      return mustIds.every((id) => used.has(id)) && (!accept || accept(chosen));
    const open = mustIds.filter((id) => !used.has(id));
    if (open.length > 0) {
      // The must-play player with the fewest new partners left goes first.
      const options = (id: string) =>
        candidates.filter((q) => !used.has(q.id) && q.id !== id && usable(id, q.id)).map((q) => q.id);
      const next = open.reduce((a, b) => (options(a).length <= options(b).length ? a : b));
      const partners = options(next).sort((x, y) => byPreference(next, x, next, y));
      for (const partner of partners) {
        if (choose(next, partner, () => search(edgeFrom))) return true;
        if (nodes > NODE_BUDGET) return false;
      }
      return false;
    }
    const free = tiedIds.filter((id) => !used.has(id)).length;
    if (free < (pairsNeeded - chosen.length) * 2) return false;
    for (let i = edgeFrom; i < tiedEdges.length; i++) {
      const [a, b] = tiedEdges[i]!;
      if (used.has(a) || used.has(b)) continue;
      if (choose(a, b, () => search(i + 1))) return true;
      if (nodes > NODE_BUDGET) return false;
    }
    return false;
  };
  const choose = (a: string, b: string, then: () => boolean) => {
    used.add(a);
    used.add(b);
    chosen.push([a, b]);
    if (then()) return true;
    chosen.pop();
    used.delete(a);
    used.delete(b);
    return false;
  };
  if (!search(0)) return null;
  return { games: pairUp(chosen, context), lateness: chosen.reduce((sum, [a, b]) => sum + rank(a!, b!), 0) };
}

/** Two teams a court, facing the fewest past opponents (and, when rated, as even as can be). */
function pairUp(pairs: Team[], context: CostContext): Game[] {
  const left = [...pairs];
  const games: Game[] = [];
  while (left.length > 0) {
    const first = left.shift()!;
    let bestIndex = -1;
    let bestCost = Number.POSITIVE_INFINITY;
    for (const [i, other] of left.entries()) {
      const game: Game = [first, other];
      if (!allowed(game, context.pairings)) continue;
      const cost = gameCost(game, context);
      if (cost < bestCost) {
        bestCost = cost;
        bestIndex = i;
      }
    }
    const [second] = left.splice(Math.max(0, bestIndex), 1);
    games.push([first, second!]);
  }
  return games;
}
