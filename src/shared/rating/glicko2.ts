// Glicko-2 (Glickman, "Example of the Glicko-2 system", 2012), kept as a comparison for the
// skill filter in bench/rating; not exported from index.ts, the ladder does not use it. It
// lives here so that its unit test (Glickman's worked example) runs with the others.
import type { MatchInput } from "./elo.js";

export type Glicko = { rating: number; rd: number; volatility: number };
export type GlickoOptions = { initialRd?: number; initialVolatility?: number; tau?: number };

const SCALE = 173.7178;
const g = (phi: number) => 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
const expect = (mu: number, muJ: number, phiJ: number) => 1 / (1 + Math.exp(-g(phiJ) * (mu - muJ)));

/** One rating period for `player` against `opponents` with `scores` (1 win, 0 loss). */
export function glickoPeriod(
  player: Glicko,
  opponents: readonly { rating: number; rd: number }[],
  scores: readonly number[],
  tau = 0.5,
): Glicko {
  const mu = (player.rating - 1500) / SCALE;
  const phi = player.rd / SCALE;
  const sigma = player.volatility;
  if (opponents.length === 0) return { ...player, rd: Math.sqrt(phi * phi + sigma * sigma) * SCALE };
  let inverseV = 0;
  let sum = 0;
  opponents.forEach((o, j) => {
    const muJ = (o.rating - 1500) / SCALE;
    const gJ = g(o.rd / SCALE);
    const e = expect(mu, muJ, o.rd / SCALE);
    inverseV += gJ * gJ * e * (1 - e);
    sum += gJ * (scores[j]! - e);
  });
  const v = 1 / inverseV;
  const delta = v * sum;
  // The new volatility: the root of f by the Illinois method (step 5 of the paper).
  const a = Math.log(sigma * sigma);
  const f = (x: number) => {
    const ex = Math.exp(x);
    const d = phi * phi + v + ex;
    return (ex * (delta * delta - phi * phi - v - ex)) / (2 * d * d) - (x - a) / (tau * tau);
  };
  let lo = a;
  let hi: number;
  if (delta * delta > phi * phi + v) hi = Math.log(delta * delta - phi * phi - v);
  else {
    let k = 1;
    while (f(a - k * tau) < 0) k++;
    hi = a - k * tau;
  }
  let fLo = f(lo);
  let fHi = f(hi);
  while (Math.abs(hi - lo) > 1e-6) {
    const c = lo + ((lo - hi) * fLo) / (fHi - fLo);
    const fC = f(c);
    if (fC * fHi <= 0) {
      lo = hi;
      fLo = fHi;
    } else fLo /= 2;
    hi = c;
    fHi = fC;
  }
  const volatility = Math.exp(lo / 2);
  const phiStar = Math.sqrt(phi * phi + volatility * volatility);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  return { rating: 1500 + SCALE * (mu + phiNew * phiNew * sum), rd: SCALE * phiNew, volatility };
}

// Doubles: each team is a composite player (mean rating, root-mean-square RD) and every
// player plays one period against the other team's composite. Each match is one period.
export function glickoReplay(matches: readonly MatchInput[], options: GlickoOptions = {}) {
  const initialRd = options.initialRd ?? 350;
  const start: Glicko = { rating: 1500, rd: initialRd, volatility: options.initialVolatility ?? 0.06 };
  const players = new Map<string, Glicko>();
  const of = (id: string) => players.get(id) ?? start;
  const composite = (team: readonly string[]) => ({
    rating: team.reduce((s, id) => s + of(id).rating, 0) / team.length,
    rd: Math.sqrt(team.reduce((s, id) => s + of(id).rd ** 2, 0) / team.length),
  });
  const expectedA: number[] = [];
  for (const match of matches) {
    const a = composite(match.teamA);
    const b = composite(match.teamB);
    const combined = Math.sqrt(a.rd ** 2 + b.rd ** 2) / SCALE;
    expectedA.push(expect(a.rating / SCALE, b.rating / SCALE, combined));
    const resultA = match.winner === "A" ? 1 : 0;
    const next = new Map<string, Glicko>();
    for (const id of match.teamA) next.set(id, glickoPeriod(of(id), [b], [resultA], options.tau));
    for (const id of match.teamB) next.set(id, glickoPeriod(of(id), [a], [1 - resultA], options.tau));
    for (const [id, rating] of next) players.set(id, { ...rating, rd: Math.min(initialRd, rating.rd) });
  }
  return { ratings: players, expectedA };
}
