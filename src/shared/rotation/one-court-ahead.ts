// A small group on one court: equal rounds planned to the end of their new partners.
//
// Round by round, even looking one round ahead (fair.ts nextRoundPossible), 15 players on one
// court ran out of new partners in round 47 where the counting bound is 52: a choice early in
// the night leaves, rounds later, players whose last new partners are never free when they
// are. On one court a round is four players and two pairs, so the engine can afford to look
// to the end: a depth-first search over whole rounds, under the same rules for who may play as
// fair.ts (fewest games first, nobody sitting more than one round past the sit rule in a row),
// gives the first round of the longest run of new-partner rounds it finds within its budget.
// It tries the rounds earliest in the session's ideal schedule first, as equal-rounds.ts
// does, then those sitting nobody past the strict rule, then those of the players with the
// fewest new partners left. Measured over five seeds, every group of 5 to 16 on one court
// reaches the counting bound but one (16 players, seed 3: 55 of 60), where round by round nine
// fell short; a decision takes at most tens of milliseconds (bench/rotation, decision 025).

import { roundRobinRound, seededOrder } from "./equal-rounds.js";
import { effectiveGames } from "./fair-order.js";
import { combinations } from "./grouping.js";
import type { History } from "./history.js";
import { fnv1a, seededRandom } from "./prng.js";
import type { PlayerState, Team } from "./types.js";

/** Rounds looked at (each a step of the search); past this the longest run found is used. */
const ROUND_BUDGET = 500;
/** Largest group searched: beyond it the round-by-round plan already keeps partners new. */
export const AHEAD_GROUP = 16;

type Round = [[number, number], [number, number]];

/**
 * The next round on one court: two new pairs of the players ready, or null when no round of
 * new partners is left. `strictLimit` is how many rounds in a row a player may sit (the sit
 * rule); one more is allowed, as fair.ts allows where it keeps the group mixing.
 */
export function planOneCourtAhead(
  ready: PlayerState[],
  strictLimit: number,
  history: History,
  seed: number,
): [Team, Team] | null {
  const n = ready.length;
  if (n < 4) return null;
  const ids = ready.map((p) => p.id);
  const games = ready.map(effectiveGames);
  const sat = ready.map((p) => p.gamesWaited);
  const used = Array.from({ length: n }, (_, a) =>
    Array.from({ length: n }, (_, b) => a !== b && history.partnered(ids[a]!, ids[b]!) > 0),
  );
  // New partners left to each: their row's unused entries, less their own.
  const newLeft = used.map((row) => row.filter((u) => !u).length - 1);
  let unusedPairs = newLeft.reduce((s, k) => s + k, 0) / 2;
  const allowed = strictLimit + 1;
  // Ties broken by player, not by place in line: the search from the next round's state then
  // walks on down the run this one found, instead of starting a new one.
  const tieBreak = ids.map((id) => seededRandom(seed ^ fnv1a(id))());

  const path: Round[] = [];
  // The first round of the longest run found so far, and its length.
  const best: { first: Round | null; depth: number } = { first: null, depth: 0 };
  let steps = 0;

  const mark = ([a, b]: [number, number], value: boolean) => {
    used[a]![b] = value;
    used[b]![a] = value;
    const change = value ? -1 : 1;
    newLeft[a]! += change;
    newLeft[b]! += change;
    unusedPairs += change;
  };

  // The session's ideal schedule (equal-rounds.ts): of two rounds, the one whose pairs come
  // earlier there keeps more of it for later.
  const order = seededOrder(ids, seed);
  const slotOf = new Map(order.map((id, i) => [id, i]));
  const slots = n % 2 === 0 ? n : n + 1;
  const rank = ids.map((a) =>
    ids.map((b) => (a === b ? 0 : roundRobinRound(slotOf.get(a)!, slotOf.get(b)!, slots))),
  );

  /** The rounds the rules allow now, with new pairs only, in the order they are tried. */
  const candidates = (): Round[] => {
    const byGames = [...ids.keys()].sort((a, b) => games[a]! - games[b]! || tieBreak[a]! - tieBreak[b]!);
    const boundary = games[byGames[3]!]!;
    const must = byGames.filter((p) => games[p]! < boundary || (games[p] === boundary && sat[p]! >= allowed));
    if (must.length > 4) return [];
    const rest = byGames.filter((p) => games[p] === boundary && !must.includes(p));
    const overdue = (p: number) => (sat[p]! >= strictLimit ? 1 : 0);
    let overdueAll = 0;
    for (let p = 0; p < n; p++) overdueAll += overdue(p);
    const out: Array<{ round: Round; extraSits: number; lateness: number; freedom: number }> = [];
    const consider = (p: number, q: number, r: number, t: number, extraSits: number, freedom: number) => {
      if (used[p]![q] || used[r]![t]) return;
      out.push({
        round: [
          [p, q],
          [r, t],
        ],
        extraSits,
        lateness: rank[p]![q]! + rank[r]![t]!,
        freedom,
      });
    };
    for (const extra of combinations(rest, 4 - must.length, Number.POSITIVE_INFINITY)) {
      const [a, b, c, d] = [...must, ...extra] as [number, number, number, number];
      // Those left sitting a round past the strict rule.
      const extraSits = overdueAll - overdue(a) - overdue(b) - overdue(c) - overdue(d);
      const freedom = newLeft[a]! + newLeft[b]! + newLeft[c]! + newLeft[d]!;
      consider(a, b, c, d, extraSits, freedom);
      consider(a, c, b, d, extraSits, freedom);
      consider(a, d, b, c, extraSits, freedom);
    }
    out.sort((x, y) => x.lateness - y.lateness || x.extraSits - y.extraSits || x.freedom - y.freedom);
    return out.map((c) => c.round);
  };

  const search = (): boolean => {
    if (++steps > ROUND_BUDGET) return false;
    if (path.length > best.depth) {
      best.depth = path.length;
      best.first = path[0]!;
    }
    // Every round takes two of the pairs left: none left, the run is as long as it can be.
    if (unusedPairs < 2) return true;
    for (const round of candidates()) {
      const playing = new Set(round.flat());
      const before = { games: [...games], sat: [...sat] };
      for (let p = 0; p < n; p++) {
        if (playing.has(p)) {
          games[p]! += 1;
          sat[p] = 0;
        } else sat[p]! += 1;
      }
      mark(round[0], true);
      mark(round[1], true);
      path.push(round);
      if (search()) return true;
      path.pop();
      mark(round[0], false);
      mark(round[1], false);
      games.splice(0, n, ...before.games);
      sat.splice(0, n, ...before.sat);
      if (steps > ROUND_BUDGET) return false;
    }
    return false;
  };
  search();
  if (!best.first) return null;
  const [[a, b], [c, d]] = best.first;
  return [
    [ids[a]!, ids[b]!],
    [ids[c]!, ids[d]!],
  ];
}
