// The two baselines the engine is measured against, driven like the engine (same counters):
//   - FIFO: the four who have waited longest, split to avoid repeated partners;
//   - greedy: the longest-waiting player, then the best 3 of the next 8 by fewest partner
//     and opponent repeats (the 15-line rule the issue measured at the lower bound).
import { combinations, type Game, splits } from "../../src/shared/rotation/grouping.js";
import type { Assignment, PlayerState, RotationInput } from "../../src/shared/rotation/types.js";

const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

function counts(players: PlayerState[]) {
  const partners = new Map<string, number>();
  const opponents = new Map<string, number>();
  for (const p of players) {
    for (const q of p.recentPartners)
      if (p.id < q) partners.set(pairKey(p.id, q), (partners.get(pairKey(p.id, q)) ?? 0) + 1);
    for (const q of p.recentOpponents)
      if (p.id < q) opponents.set(pairKey(p.id, q), (opponents.get(pairKey(p.id, q)) ?? 0) + 1);
  }
  return { partners, opponents };
}

function cost(game: Game, c: ReturnType<typeof counts>) {
  let total = 0;
  for (const t of game) total += (c.partners.get(pairKey(t[0]!, t[1]!)) ?? 0) * 1000;
  for (const a of game[0]) for (const b of game[1]) total += c.opponents.get(pairKey(a, b)) ?? 0;
  return total;
}

function bestSplitOf(ids: string[], c: ReturnType<typeof counts>) {
  return splits(ids).reduce((best, g) => (cost(g, c) < cost(best, c) ? g : best));
}

export type Baseline = (input: RotationInput) => Assignment[];

function ready(input: RotationInput) {
  const busy = new Set(input.courts.flatMap((c) => c.players ?? []));
  return input.players
    .filter((p) => p.present && !p.onBreak && !busy.has(p.id))
    .sort((a, b) => a.arrivedAt - b.arrivedAt);
}

export const fifo: Baseline = (input) => {
  const line = ready(input);
  const c = counts(input.players);
  const out: Assignment[] = [];
  for (const court of input.courts.filter((x) => x.status === "free")) {
    if (line.length < 4) break;
    const group = line.splice(0, 4).map((p) => p.id);
    out.push({ courtId: court.id, teams: bestSplitOf(group, c) });
  }
  return out;
};

export const greedy: Baseline = (input) => {
  const line = ready(input);
  const c = counts(input.players);
  const out: Assignment[] = [];
  for (const court of input.courts.filter((x) => x.status === "free")) {
    if (line.length < 4) break;
    const [anchor, ...rest] = line;
    let best: { game: Game; cost: number; others: PlayerState[] } | undefined;
    for (const others of combinations(rest.slice(0, 8), 3)) {
      const game = bestSplitOf([anchor!.id, ...others.map((o) => o.id)], c);
      const total = cost(game, c);
      if (!best || total < best.cost) best = { game, cost: total, others };
    }
    for (const p of [anchor!, ...best!.others]) line.splice(line.indexOf(p), 1);
    for (const t of best!.game)
      c.partners.set(pairKey(t[0]!, t[1]!), (c.partners.get(pairKey(t[0]!, t[1]!)) ?? 0) + 1);
    out.push({ courtId: court.id, teams: best!.game });
  }
  return out;
};
