// The plan of an individual round robin (the "Americano"): every round, everyone who plays has a
// new partner, byes go around evenly, and opponents are spread. Printed before the event and
// played round by round, so it is made whole, from the entry list and a seed.
//
// Where the field fits the courts exactly (4c players on c courts, or 4c+1 with one bye a round)
// the circle method gives the ideal: each pair partners once over the cycle and each player sits
// at most once (whist tables). Elsewhere each round sits those with the fewest byes so far
// (so byes never differ by more than one), then pairs the rest without a repeated partner when a
// bounded search finds such a pairing, and with the fewest repeats when it does not.
import { seededOrder } from "../rotation/equal-rounds.js";

export type Pair = [string, string];
export type EventGame = { court: number; teamA: Pair; teamB: Pair };
export type EventRound = { round: number; games: EventGame[]; byes: string[] };

/** Past this many steps the partner search settles for the fewest repeats (one plan stays quick). */
const SEARCH_BUDGET = 50_000;

const key = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

/** How many courts a field fills: four players a court, no more courts than the club has. */
export function courtsInPlay(players: number, courts: number): number {
  return Math.max(0, Math.min(courts, Math.floor(players / 4)));
}

/** What a league's earlier weeks leave: each partnership, and each meeting of two opponents. */
export type SeasonHistory = { partners: readonly Pair[]; opponents: readonly Pair[] };
const NO_HISTORY: SeasonHistory = { partners: [], opponents: [] };

/**
 * `history`: a league's earlier weeks. Given, each round looks for partners new over the season,
 * not only tonight (the search, not the circle, which knows no history), and sets the pairs
 * against those they have faced least over the season.
 */
export function americanoPlan(
  players: readonly string[],
  courts: number,
  rounds: number,
  seed: number,
  history: SeasonHistory = NO_HISTORY,
): EventRound[] {
  const c = courtsInPlay(players.length, courts);
  if (c === 0 || rounds <= 0) return [];
  const order = seededOrder([...players], seed);
  const tally = new Tally(order);
  tally.before(history);
  const exact = history.partners.length === 0 && (order.length === 4 * c || order.length === 4 * c + 1);
  const plan: EventRound[] = [];
  for (let r = 0; r < rounds; r++) {
    const pairs = exact ? circlePairs(order, r) : searchedPairs(order, c, r, tally);
    const playing = new Set(pairs.flat());
    const byes = order.filter((id) => !playing.has(id));
    // The courts turn round by round, so nobody (the circle's fixed player, say) keeps one court.
    const matched = intoGames(pairs, tally);
    const games = matched
      .map((_, i) => matched[(i + r) % matched.length]!)
      .map((g, i) => ({ ...g, court: i + 1 }));
    tally.add(games, byes);
    plan.push({ round: r + 1, games, byes });
  }
  return plan;
}

const bump = (map: Map<string, number>, a: string, b: string) =>
  map.set(key(a, b), (map.get(key(a, b)) ?? 0) + 1);

/** Who partnered and faced whom, and each player's byes so far. */
class Tally {
  partners = new Map<string, number>();
  opponents = new Map<string, number>();
  byes: Map<string, number>;
  constructor(order: string[]) {
    this.byes = new Map(order.map((id) => [id, 0]));
  }
  partnered(a: string, b: string) {
    return this.partners.get(key(a, b)) ?? 0;
  }
  faced(a: string, b: string) {
    return this.opponents.get(key(a, b)) ?? 0;
  }
  before(history: SeasonHistory) {
    for (const [a, b] of history.partners) bump(this.partners, a, b);
    for (const [a, b] of history.opponents) bump(this.opponents, a, b);
  }
  add(games: Array<{ teamA: Pair; teamB: Pair }>, byes: string[]) {
    for (const { teamA, teamB } of games) {
      bump(this.partners, ...teamA);
      bump(this.partners, ...teamB);
      for (const a of teamA) for (const b of teamB) bump(this.opponents, a, b);
    }
    for (const id of byes) this.byes.set(id, (this.byes.get(id) ?? 0) + 1);
  }
}

/**
 * Round `r` of the circle method on the seeded order (a ghost slot makes an odd field even; its
 * partner sits the round out). Over a cycle of slots - 1 rounds every two players meet once.
 */
function circlePairs(order: string[], r: number): Pair[] {
  const slots = order.length % 2 === 0 ? order.length : order.length + 1;
  const turn = r % (slots - 1);
  const at = (i: number) => (i === slots - 1 ? slots - 1 : (i + turn) % (slots - 1));
  const pairs: Pair[] = [];
  for (let i = 0; i < slots / 2; i++) {
    const a = order[at(i)];
    const b = order[at(slots - 1 - i)];
    if (a !== undefined && b !== undefined) pairs.push([a, b]);
  }
  return pairs;
}

/** Those with the fewest byes sit (taking turns among equals), and the rest are paired. */
function searchedPairs(order: string[], c: number, r: number, tally: Tally): Pair[] {
  const sitting = order.length - 4 * c;
  const n = order.length;
  // Among equals the turn to sit moves along the order round by round.
  const sitters = order
    .map((id, i) => ({ id, byes: tally.byes.get(id)!, turn: (i - r * sitting + n * (r + 1)) % n }))
    .sort((x, y) => x.byes - y.byes || x.turn - y.turn)
    .slice(0, sitting)
    .map((s) => s.id);
  const out = new Set(sitters);
  return newPartners(
    order.filter((id) => !out.has(id)),
    tally,
  );
}

/** A pairing of `players` with no repeated partner where one can be found. */
const newPartners = (players: string[], tally: Tally) => pairUp(players, (a, b) => tally.partnered(a, b));

/**
 * A pairing of `players` (an even number) in which the most times any pair has been together
 * before (`times`) is as low as a bounded search finds: none if it can, then once, and so on.
 * Each try is a depth-first search that pairs the most constrained player first; past every
 * budget, the pairing a greedy pass gives.
 */
export function pairUp(players: string[], times: (a: string, b: string) => number): Pair[] {
  const limits = new Set<number>();
  for (let i = 0; i < players.length; i++)
    for (let j = i + 1; j < players.length; j++) limits.add(times(players[i]!, players[j]!));
  for (const limit of [...limits].sort((x, y) => x - y)) {
    const found = pairWithin(players, (a, b) => times(a, b) <= limit);
    if (found) return found;
  }
  const left = [...players];
  const pairs: Pair[] = [];
  while (left.length > 1) {
    const a = left.shift()!;
    let best = 0;
    for (let i = 1; i < left.length; i++) if (times(a, left[i]!) < times(a, left[best]!)) best = i;
    pairs.push([a, left.splice(best, 1)[0]!]);
  }
  return pairs;
}

/** A pairing using only allowed pairs, or null when the search's budget runs out first. */
function pairWithin(players: string[], allowed: (a: string, b: string) => boolean): Pair[] | null {
  let steps = 0;
  const search = (left: string[]): Pair[] | null => {
    if (left.length === 0) return [];
    if (++steps > SEARCH_BUDGET) return null;
    // The player with the fewest allowed partners left goes first: a dead end shows early.
    let first = 0;
    let fewest = Number.POSITIVE_INFINITY;
    for (let i = 0; i < left.length; i++) {
      const options = left.filter((o) => o !== left[i] && allowed(left[i]!, o)).length;
      if (options < fewest) [first, fewest] = [i, options];
    }
    const a = left[first]!;
    const rest = left.filter((_, i) => i !== first);
    for (const b of rest) {
      if (!allowed(a, b)) continue;
      const found = search(rest.filter((o) => o !== b));
      if (found) return [[a, b], ...found];
    }
    return null;
  };
  return search(players);
}

/** Pairs facing each other: each pair meets the pair it has faced least, in turn. */
function intoGames(pairs: Pair[], tally: Tally): Array<{ teamA: Pair; teamB: Pair }> {
  const left = [...pairs];
  const games: Array<{ teamA: Pair; teamB: Pair }> = [];
  const meetings = (x: Pair, y: Pair) =>
    x.reduce((sum, a) => sum + y.reduce((s, b) => s + tally.faced(a, b), 0), 0);
  while (left.length > 1) {
    const teamA = left.shift()!;
    let best = 0;
    for (let i = 1; i < left.length; i++)
      if (meetings(teamA, left[i]!) < meetings(teamA, left[best]!)) best = i;
    games.push({ teamA, teamB: left.splice(best, 1)[0]! });
  }
  return games;
}

/**
 * A box ladder's night: each box plays its own round robin (the Americano's plan for its
 * players on one court), box 1 on court 1 and so on, so a round's games are one a box.
 */
export function boxesPlan(boxes: readonly (readonly string[])[], rounds: number, seed: number): EventRound[] {
  const plans = boxes.map((box, b) => americanoPlan(box, 1, rounds, seed + b));
  return Array.from({ length: rounds }, (_, r) => ({
    round: r + 1,
    games: plans.flatMap((plan, b) => (plan[r]?.games ?? []).map((g) => ({ ...g, court: b + 1 }))),
    byes: plans.flatMap((plan) => plan[r]?.byes ?? []),
  }));
}
