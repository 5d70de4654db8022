// Synthetic clubs for judging a rating rule: players with hidden strengths, rotating
// partners, and results drawn rally by rally from those strengths, so the truth is known.
import type { MatchInput } from "../../src/shared/rating/index.js";
import { seededRandom } from "../../src/shared/rotation/prng.js";

function normal(next: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
}

/** One game to 11, won by 2, each rally won by A with probability `p`. */
function playGame(p: number, next: () => number): { a: number; b: number } {
  let a = 0;
  let b = 0;
  while (!((a >= 11 || b >= 11) && Math.abs(a - b) >= 2)) {
    if (next() < p) a++;
    else b++;
  }
  return { a, b };
}

const START = Date.UTC(2024, 0, 1);
const MATCHES_PER_DAY = 8;

export type SyntheticClub = { strengths: Map<string, number>; matches: MatchInput[] };

/**
 * `players` members with strengths ~ N(1500, 200) on the Elo scale; a third of them join
 * part-way; each match takes four present players at random into two random pairs (or two
 * for singles), and a rally goes to the stronger side a little more often. Eight matches are
 * played a day (playedAt), for the rules that use the time between matches.
 */
export function syntheticClub(seed: number, players = 24, matches = 600, doubles = true): SyntheticClub {
  const next = seededRandom(seed);
  const strengths = new Map<string, number>();
  const joinsAt = new Map<string, number>();
  for (let i = 0; i < players; i++) {
    strengths.set(`p${i}`, 1500 + 200 * normal(next));
    joinsAt.set(`p${i}`, i < (players * 2) / 3 ? 0 : Math.floor(next() * matches * 0.6));
  }
  const list: MatchInput[] = [];
  for (let m = 0; m < matches; m++) {
    const present = [...strengths.keys()].filter((id) => joinsAt.get(id)! <= m);
    for (let i = present.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [present[i], present[j]] = [present[j]!, present[i]!];
    }
    const size = doubles ? 2 : 1;
    const teamA = present.slice(0, size);
    const teamB = present.slice(size, size * 2);
    const mean = (team: string[]) => team.reduce((s, id) => s + strengths.get(id)!, 0) / team.length;
    // A 400-point edge wins about 60% of rallies, which makes games lopsided but not certain.
    const rally = 1 / (1 + 10 ** ((mean(teamB) - mean(teamA)) / 2200));
    const game = playGame(rally, next);
    list.push({
      id: `m${m}`,
      teamA,
      teamB,
      winner: game.a > game.b ? "A" : "B",
      scoreA: game.a,
      scoreB: game.b,
      playedAt: new Date(START + Math.floor(m / MATCHES_PER_DAY) * 86_400_000),
    });
  }
  return { strengths, matches: list };
}

/** Mean Brier score (squared error of the chance of A). */
export function brier(matches: readonly MatchInput[], expected: readonly number[]): number {
  let total = 0;
  matches.forEach((match, i) => {
    total += ((match.winner === "A" ? 1 : 0) - expected[i]!) ** 2;
  });
  return total / matches.length;
}

/** Mean log loss of the predictions `expectedA` against what happened. */
export function logLoss(matches: readonly MatchInput[], expected: readonly number[]): number {
  let total = 0;
  matches.forEach((match, i) => {
    const p = Math.min(1 - 1e-9, Math.max(1e-9, expected[i]!));
    total += -Math.log(match.winner === "A" ? p : 1 - p);
  });
  return total / matches.length;
}

/** Kendall's tau-a between two orderings of the same players. */
export function kendallTau(truth: Map<string, number>, estimate: Map<string, number>): number {
  const ids = [...truth.keys()].filter((id) => estimate.has(id));
  let concordant = 0;
  let discordant = 0;
  for (let i = 0; i < ids.length; i++)
    for (let j = i + 1; j < ids.length; j++) {
      const a = ids[i]!;
      const b = ids[j]!;
      const sign = Math.sign(truth.get(a)! - truth.get(b)!) * Math.sign(estimate.get(a)! - estimate.get(b)!);
      if (sign > 0) concordant++;
      else if (sign < 0) discordant++;
    }
  const pairs = (ids.length * (ids.length - 1)) / 2;
  return pairs === 0 ? 0 : (concordant - discordant) / pairs;
}
