// Planning ahead for small groups in equal rounds (every court starts and ends together).
// Choosing each round greedily can paint the schedule into a corner (8 players: after five
// rounds the unused partner pairs may form odd cycles that no round can cover). So the round
// is chosen by a depth-first search for a whole sequence of rounds that uses only new
// partners, following the same fairness order as a single decision would. Bounded: when the
// search budget runs out, the caller falls back to the one-round choice.

import { compareKeys, fairKey } from "./fair.js";
import { combinations, type Game, OPPONENT_REPEAT } from "./grouping.js";
import type { History } from "./history.js";
import type { PlayerState, Team } from "./types.js";
import { PLAYERS_PER_COURT } from "./types.js";

const MAX_PLAYERS = 12;
/** Planning further ahead than this costs more than it saves; the one-round choice takes over. */
const MAX_ROUNDS = 12;
/** Every candidate round tried counts; past this the search gives up (a few ms at most). */
const NODE_BUDGET = 40_000;

type Sim = { id: string; arrivedAt: number; gamesPlayed: number; sitOuts: number; gamesWaited: number };
const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

export function planRound(ordered: PlayerState[], courts: number, history: History): Game[] | null {
  if (ordered.length > MAX_PLAYERS) return null;
  const used = new Set<string>();
  let unused = 0;
  for (const [i, a] of ordered.entries()) {
    for (const b of ordered.slice(i + 1)) {
      if (history.partnered(a.id, b.id) > 0) used.add(pairKey(a.id, b.id));
      else unused += 1;
    }
  }
  // How many more rounds can be made of new partners alone.
  const rounds = Math.floor(unused / (2 * courts));
  if (rounds === 0 || rounds > MAX_ROUNDS) return null;

  let nodes = 0;
  let firstRound: Team[] | null = null;
  const sims: Sim[] = ordered.map((p) => ({ ...p }));

  const search = (depth: number, players: Sim[]): boolean => {
    if (depth === rounds) return true;
    if (++nodes > NODE_BUDGET) return false;
    for (const selection of selections(players, courts)) {
      for (const matching of matchings(
        selection.map((p) => p.id),
        used,
      )) {
        for (const [a, b] of matching) used.add(pairKey(a, b));
        const ok = search(depth + 1, advance(players, new Set(selection.map((p) => p.id)), courts));
        for (const [a, b] of matching) used.delete(pairKey(a, b));
        if (ok) {
          if (depth === 0) firstRound = matching;
          return true;
        }
        if (nodes > NODE_BUDGET) return false;
      }
    }
    return false;
  };
  if (!search(0, sims) || !firstRound) return null;
  return groupPairs(firstRound, courts, history);
}

/** The player sets a fair decision could pick: everyone strictly ahead, plus ties in any way. */
function selections(players: Sim[], courts: number): Sim[][] {
  const places = courts * PLAYERS_PER_COURT;
  const ordered = [...players].sort(
    (a, b) => compareKeys(fairKey(a), fairKey(b)) || a.arrivedAt - b.arrivedAt,
  );
  const boundary = fairKey(ordered[places - 1]!);
  const must = ordered.filter((p) => compareKeys(fairKey(p), boundary) < 0);
  const tied = ordered.filter((p) => compareKeys(fairKey(p), boundary) === 0);
  return combinations(tied, places - must.length, 200).map((chosen) => [...must, ...chosen]);
}

/** Perfect matchings of `ids` that use no pair in `used`. */
function* matchings(ids: string[], used: Set<string>): Generator<Team[]> {
  if (ids.length === 0) {
    yield [];
    return;
  }
  const [first, ...rest] = ids;
  for (const [i, other] of rest.entries()) {
    if (used.has(pairKey(first!, other))) continue;
    const remaining = rest.filter((_, j) => j !== i);
    for (const tail of matchings(remaining, used)) yield [[first!, other], ...tail];
  }
}

/** The counters after a round in which `played` played and everyone else sat. */
function advance(players: Sim[], played: Set<string>, courts: number): Sim[] {
  return players.map((p) =>
    played.has(p.id)
      ? { ...p, gamesPlayed: p.gamesPlayed + 1, gamesWaited: 0 }
      : { ...p, sitOuts: p.sitOuts + 1, gamesWaited: p.gamesWaited + courts },
  );
}

/** Pairs two teams per court, facing the fewest past opponents. */
function groupPairs(pairs: Team[], courts: number, history: History): Game[] {
  const left = [...pairs];
  const games: Game[] = [];
  for (let c = 0; c < courts; c++) {
    const first = left.shift()!;
    let bestIndex = 0;
    let bestCost = Number.POSITIVE_INFINITY;
    for (const [i, other] of left.entries()) {
      let cost = 0;
      for (const a of first) for (const b of other) cost += history.faced(a, b) * OPPONENT_REPEAT;
      if (cost < bestCost) {
        bestCost = cost;
        bestIndex = i;
      }
    }
    const [second] = left.splice(bestIndex, 1);
    games.push([first, second!]);
  }
  return games;
}
