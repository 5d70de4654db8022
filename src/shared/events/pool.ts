// Pool play of fixed teams: teams made even for one night, or a league's own teams, and the
// rounds in which they meet. A night alone uses the circle (every two teams once a cycle); a
// league's week also knows the season's meetings so far and sets those who have met least.
import { type EventRound, type Pair, pairUp } from "./americano.js";

/**
 * Fixed teams for the night: the field by rating (best first) paired best with last, second
 * with second-last, so the teams are as even as the ratings allow. An odd player out has no team.
 */
export function balancedTeams(ranked: readonly string[]): Pair[] {
  const teams: Pair[] = [];
  for (let i = 0; i < Math.floor(ranked.length / 2); i++)
    teams.push([ranked[i]!, ranked[ranked.length - 1 - i]!]);
  return teams;
}

/**
 * Pool play of fixed teams: the circle method over the teams (every two teams meet once a cycle;
 * an odd count gives one a bye each round), as many games a round as there are courts, and the
 * pairings that do not fit a court this round taking their turn first the next.
 */
export function poolPlan(teams: readonly Pair[], courts: number, rounds: number): EventRound[] {
  if (teams.length < 2 || courts <= 0 || rounds <= 0) return [];
  const plan: EventRound[] = [];
  let waited = new Set<number>();
  for (let r = 0; r < rounds; r++) {
    const pairings = circleRound(teams.length, r);
    // Those who waited last round go first; the rest keep the circle's order.
    const waitedIn = (p: [number, number]) => Number(waited.has(p[0]) || waited.has(p[1]));
    pairings.sort((x, y) => waitedIn(y) - waitedIn(x));
    const on = pairings.slice(0, courts);
    const playing = new Set(on.flat());
    waited = new Set(pairings.slice(courts).flat());
    plan.push({
      round: r + 1,
      games: on.map(([a, b], i) => ({ court: i + 1, teamA: teams[a]!, teamB: teams[b]! })),
      byes: teams.flatMap((team, t) => (playing.has(t) ? [] : team)),
    });
  }
  return plan;
}

/**
 * Round `r` of the circle method over `count` teams (by index): every two meet once in a cycle
 * of count - 1 rounds (count, when odd: a ghost slot gives one team a bye each round).
 */
function circleRound(count: number, r: number): Array<[number, number]> {
  const slots = count % 2 === 0 ? count : count + 1;
  const turn = r % (slots - 1);
  const at = (i: number) => (i === slots - 1 ? slots - 1 : (i + turn) % (slots - 1));
  const pairings: Array<[number, number]> = [];
  for (let i = 0; i < slots / 2; i++) {
    const a = at(i);
    const b = at(slots - 1 - i);
    if (a < count && b < count) pairings.push([a, b]);
  }
  return pairings;
}

/**
 * A league's week of pool play. The season's schedule is the circle over the teams in the
 * league's order (`keys`, a key a team, stable from week to week), and each round takes the
 * pairings that have met least over the season (`met`: a pair of keys a meeting), in the
 * circle's order, so a week carries on where the last one stopped. Each round the teams with
 * the fewest games tonight must play; who else plays is left to those pairings. Should the
 * circle's order leave a team that must play without a game, or make two teams meet again
 * where another pairing would not (a week can stop half-way through a round of the circle, and
 * absences change the field), the round is paired by the fewest meetings instead.
 */
export function seasonPoolPlan(
  teams: readonly Pair[],
  keys: readonly string[],
  courts: number,
  rounds: number,
  met: readonly Pair[],
): EventRound[] {
  if (teams.length < 2 || courts <= 0 || rounds <= 0) return [];
  const meetings = new Map<string, number>();
  const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);
  const timesMet = (a: string, b: string) => meetings.get(pairKey(a, b)) ?? 0;
  const meet = (a: string, b: string) => meetings.set(pairKey(a, b), timesMet(a, b) + 1);
  for (const [a, b] of met) meet(a, b);
  const cycle = teams.length % 2 === 0 ? teams.length - 1 : teams.length;
  const circle = Array.from({ length: cycle }, (_, r) =>
    circleRound(keys.length, r).map(([a, b]): Pair => [keys[a]!, keys[b]!]),
  ).flat();
  const teamOf = new Map(keys.map((k, i) => [k, teams[i]!]));
  const games = new Map(keys.map((k) => [k, 0]));
  const perRound = Math.min(courts, Math.floor(teams.length / 2));
  const plan: EventRound[] = [];
  for (let r = 0; r < rounds; r++) {
    const { must, may } = whoMayPlay(keys, games, perRound * 2);
    const pairs = fewerRepeats(inCircleOrder(circle, timesMet, must, may, perRound), timesMet, () =>
      leastMet(must, may, perRound, timesMet),
    );
    for (const [a, b] of pairs) {
      meet(a, b);
      games.set(a, games.get(a)! + 1);
      games.set(b, games.get(b)! + 1);
    }
    const playing = new Set(pairs.flat());
    plan.push({
      round: r + 1,
      games: pairs.map(([a, b], i) => ({ court: i + 1, teamA: teamOf.get(a)!, teamB: teamOf.get(b)! })),
      byes: keys.flatMap((k) => (playing.has(k) ? [] : teamOf.get(k)!)),
    });
  }
  return plan;
}

/** The circle's pairings, unless they repeat a meeting and the search's meet fewer times. */
function fewerRepeats(
  circle: Pair[] | null,
  timesMet: (a: string, b: string) => number,
  search: () => Pair[],
) {
  const most = (pairs: Pair[]) => Math.max(0, ...pairs.map(([a, b]) => timesMet(a, b)));
  if (circle && most(circle) === 0) return circle;
  const searched = search();
  return circle && most(circle) <= most(searched) ? circle : searched;
}

/**
 * The round's pairings taken from the circle: those met least first, those with a team that
 * must play before the rest, then the circle's order. Null when a team that must play is left
 * out or the courts are not filled.
 */
function inCircleOrder(
  circle: Pair[],
  timesMet: (a: string, b: string) => number,
  must: string[],
  may: string[],
  perRound: number,
): Pair[] | null {
  const needed = new Set(must);
  const free = new Set([...must, ...may]);
  const musts = ([a, b]: Pair) => Number(needed.has(a)) + Number(needed.has(b));
  const order = circle
    .map((pair, index) => ({ pair, index, met: timesMet(...pair), musts: musts(pair) }))
    .sort((x, y) => x.met - y.met || y.musts - x.musts || x.index - y.index);
  const picked: Pair[] = [];
  for (const { pair } of order) {
    if (picked.length === perRound) break;
    const [a, b] = pair;
    if (!free.has(a) || !free.has(b)) continue;
    picked.push(pair);
    free.delete(a);
    free.delete(b);
  }
  return picked.length === perRound && must.every((k) => !free.has(k)) ? picked : null;
}

/**
 * The round paired by the fewest meetings: each team that may sit is paired with a stand-in (it
 * sits) or with a team; a stand-in never takes a team that must play, nor another stand-in
 * (that would leave a court empty).
 */
function leastMet(
  must: string[],
  may: string[],
  perRound: number,
  timesMet: (a: string, b: string) => number,
): Pair[] {
  const sits = must.length + may.length - perRound * 2;
  const standIns = Array.from({ length: sits }, (_, i) => `sit:${i}`);
  const optional = new Set(may);
  const isStandIn = (k: string) => k.startsWith("sit:");
  const cost = (a: string, b: string) => {
    const standIn = Number(isStandIn(a)) + Number(isStandIn(b));
    if (standIn === 0) return timesMet(a, b);
    return standIn === 1 && (optional.has(a) || optional.has(b)) ? 0 : Number.MAX_SAFE_INTEGER;
  };
  return pairUp([...must, ...may, ...standIns], cost).filter(([a, b]) => !isStandIn(a) && !isStandIn(b));
}

/**
 * Who plays a round of `places`: the teams with fewer games tonight than the last place's must;
 * those level with it may (which of them is left to the pairing).
 */
function whoMayPlay(keys: readonly string[], games: Map<string, number>, places: number) {
  const sorted = [...keys].sort((a, b) => games.get(a)! - games.get(b)!);
  const cut = games.get(sorted[places - 1]!)!;
  return {
    must: sorted.filter((k) => games.get(k)! < cut),
    may: sorted.filter((k) => games.get(k) === cut),
  };
}
