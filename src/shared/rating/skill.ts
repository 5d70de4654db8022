// A rating that knows how sure it is: each player's skill is a Gaussian (mu on the Elo scale,
// sigma its spread), filtered match by match in closed form (TrueSkill-style assumed-density
// filtering, plus a Kalman step for the score margin). Measured against Elo, Glicko-2 and
// OpenSkill on a time split in bench/rating (notes in bench/rating/run-split.ts).
//
// Why each part:
//   - sigma grows with the days since a player's last match: a player back after a season
//     is less known than one who played yesterday, so their next results move them more;
//   - the win/loss update is moment matching on the truncated Gaussian of the performance
//     difference: an upset moves the ratings more than an expected win, by exactly how
//     surprising it was given both teams' uncertainty;
//   - the score margin is a second, noisy, linear look at the same skill difference, so a
//     Kalman step adds what it says without a hand-made multiplier;
//   - each partner moves by their own share of the team's variance: the newcomer moves, the
//     settled partner barely does, which Elo's shared team delta cannot do.
import type { MatchInput } from "./elo.js";

export type Skill = { mu: number; sigma: number };
export type PlayerSkill = Skill & { matches: number };

export type SkillOptions = {
  /** A newcomer's mean and spread (Elo scale). */
  initialMu?: number;
  initialSigma?: number;
  /** Performance noise of one match: how far a team plays from its skill on the day. */
  beta?: number;
  /** Spread added per day away (sigma grows as sqrt(days)), capped at initialSigma. */
  driftPerDay?: number;
  /** Spread added before every match, whatever the dates (skills move with play too). */
  driftPerMatch?: number;
  /** Margin fraction per Elo point of skill difference ((a - b) / (a + b) ~ gamma * diff). */
  gamma?: number;
  /** Noise of the margin fraction; Infinity ignores scores. */
  marginNoise?: number;
  /** The sigma the "certainty" part is measured against (a settled regular). */
  settledSigma?: number;
};

export type SkillDelta = {
  total: number;
  /** From the win or loss against the expected chance, as a settled player would move. */
  surprise: number;
  /** What the score margin added (or took back), as a settled player would move. */
  margin: number;
  /** The extra (or smaller) move because this player's rating is less (or more) sure. */
  certainty: number;
};

/** A known player's skill before a batch of matches, and when they last played (for drift). */
export type SkillStart = PlayerSkill & { lastPlayedAt?: Date };

export type SkillStep = { matchId: string; expectedA: number; deltas: Record<string, SkillDelta> };
export type SkillResult = { ratings: Map<string, PlayerSkill>; steps: SkillStep[] };

// Tuned on the first 60% of ATP doubles 2000-2020 and of synthetic clubs (bench/rating);
// the ATP values win where they disagree (drift: real players change, synthetic ones do not;
// the clubs wanted 0.5 a day and a margin noise of 0.15). A newcomer's sigma is small because
// larger ones predicted worse on real data: first results are noisy, not more telling.
// settledSigma is about where a regular settles under these constants (measured: 84 playing
// once a week, 69 twice, 62 three times).
export const SKILL_DEFAULTS = {
  initialMu: 1500,
  initialSigma: 130,
  beta: 400,
  driftPerDay: 4,
  driftPerMatch: 0,
  gamma: 0.0006,
  marginNoise: 0.2,
  settledSigma: 80,
} as const;

/**
 * A rating is provisional while its 95% interval (mu +- 1.96 sigma) is wider than 400 points:
 * 400 Elo points is the gap between "wins 3 in 4" and "loses 3 in 4" against the same pair,
 * so a narrower interval places the player within one club level. Under the defaults a
 * newcomer in a group of regulars gets there after 13-16 matches (1-3 a week).
 */
export const PROVISIONAL_SIGMA = 400 / (2 * 1.96);

export const isProvisional = (skill: Skill) => skill.sigma > PROVISIONAL_SIGMA;

/** A cautious rating for ordering a ladder: a newcomer has to show it before topping it. */
export const conservative = (skill: Skill) => skill.mu - 2 * skill.sigma;

const DAY_MS = 86_400_000;

// Standard normal density and distribution (Abramowitz-Stegun 7.1.26 erf has 1.5e-7 error,
// plenty for probabilities and far cheaper than a series).
const density = (x: number) => Math.exp(-0.5 * x * x) / Math.sqrt(2 * Math.PI);
export function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const poly =
    t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-z * z);
  return x >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
}

// The mean shift v and variance factor w of a Gaussian truncated at -t (the win side). Far
// in the tail the ratio density/cdf is computed from its asymptote, since both underflow.
function truncated(t: number): { v: number; w: number } {
  const cdf = normalCdf(t);
  const v = cdf > 1e-12 ? density(t) / cdf : -t;
  return { v, w: Math.min(1, Math.max(0, v * (v + t))) };
}

// A team is the mean of its players, so each weighs 1/size: ratings keep the Elo scale and a
// pair's rating reads like a player's.
type Seat = {
  id: string;
  skill: PlayerSkill;
  weight: number;
  side: 1 | -1;
  mu: number;
  variance: number;
  muAfter: number;
  varAfter: number;
};

/** Team A's chance of beating team B. */
export function winChance(
  teamA: readonly Skill[],
  teamB: readonly Skill[],
  beta: number = SKILL_DEFAULTS.beta,
) {
  const mean = (team: readonly Skill[]) => team.reduce((s, p) => s + p.mu, 0) / team.length;
  const variance = (team: readonly Skill[]) => team.reduce((s, p) => s + p.sigma ** 2, 0) / team.length ** 2;
  return normalCdf((mean(teamA) - mean(teamB)) / Math.sqrt(variance(teamA) + variance(teamB) + beta ** 2));
}

/**
 * Filters the matches in order. With `start`, known players begin where they stood (the
 * ladder's stored state), so a result at the end of history costs one match, not a replay.
 */
export function rateMatches(
  matches: readonly MatchInput[],
  options: SkillOptions = {},
  start?: ReadonlyMap<string, SkillStart>,
): SkillResult {
  const o = { ...SKILL_DEFAULTS, ...options };
  const skills = new Map<string, PlayerSkill>();
  const lastDay = new Map<string, number>();
  const steps: SkillStep[] = [];
  const settledVariance = o.settledSigma ** 2;
  const maxVariance = o.initialSigma ** 2;
  const betaSquared = o.beta ** 2;
  const useMargin = Number.isFinite(o.marginNoise);
  const noiseSquared = o.marginNoise ** 2;
  const gamma = o.gamma;

  // The loop is written out flat (no closures or tuples per match): it runs for every match
  // of a club's history on each recompute.
  for (const match of matches) {
    const day = match.playedAt === undefined ? undefined : dayOf(match.playedAt);
    const seats: Seat[] = [];
    for (let t = 0; t < 2; t++) {
      const team = t === 0 ? match.teamA : match.teamB;
      for (const id of team) {
        let skill = skills.get(id);
        const known = skill ? undefined : start?.get(id);
        if (known) {
          skill = { mu: known.mu, sigma: known.sigma, matches: known.matches };
          skills.set(id, skill);
          if (known.lastPlayedAt) lastDay.set(id, dayOf(known.lastPlayedAt));
        }
        if (!skill) {
          skill = { mu: o.initialMu, sigma: o.initialSigma, matches: 0 };
          skills.set(id, skill);
        } else {
          const last = lastDay.get(id);
          const days = day !== undefined && last !== undefined ? Math.max(0, day - last) : 0;
          const grown = skill.sigma ** 2 + o.driftPerDay ** 2 * days + o.driftPerMatch ** 2;
          skill.sigma = Math.sqrt(Math.min(maxVariance, grown));
        }
        const variance = skill.sigma ** 2;
        const side = t === 0 ? 1 : -1;
        seats.push({
          id,
          skill,
          weight: 1 / team.length,
          side,
          mu: skill.mu,
          variance,
          muAfter: 0,
          varAfter: 0,
        });
      }
    }
    let diff = 0;
    let spread = betaSquared;
    for (const s of seats) {
      diff += s.side * s.weight * s.mu;
      spread += s.weight ** 2 * s.variance;
    }
    const c = Math.sqrt(spread);
    const expectedA = normalCdf(diff / c);

    // Win/loss: the sign says which tail the performance difference fell in. A player with
    // variance V in a seat of weight W on side S (+1 for A) moves by S * W * V * winGain and
    // keeps 1 - W^2 * V * winShrink of their variance.
    const sign = match.winner === "A" ? 1 : -1;
    const { v, w } = truncated((sign * diff) / c);
    const winGain = (sign * v) / c;
    const winShrink = w / spread;

    // The margin, seen after the win/loss (sequential filtering), as a linear observation of
    // the skill difference through the players' updated means and variances (same form).
    const hasMargin =
      useMargin &&
      match.scoreA !== undefined &&
      match.scoreB !== undefined &&
      match.scoreA + match.scoreB > 0;
    let diffAfter = 0;
    let varianceAfter = 0;
    for (const s of seats) {
      s.muAfter = s.mu + s.side * s.weight * s.variance * winGain;
      s.varAfter = s.variance * (1 - s.weight ** 2 * s.variance * winShrink);
      diffAfter += s.side * s.weight * s.muAfter;
      varianceAfter += s.weight ** 2 * s.varAfter;
    }
    const marginSpread = gamma ** 2 * varianceAfter + noiseSquared;
    const observed = hasMargin ? (match.scoreA! - match.scoreB!) / (match.scoreA! + match.scoreB!) : 0;
    const marginGain = hasMargin ? (gamma * (observed - gamma * diffAfter)) / marginSpread : 0;
    const marginShrink = hasMargin ? gamma ** 2 / marginSpread : 0;

    // The same match seen by a settled player in the same seat: the rest is certainty.
    const deltas: Record<string, SkillDelta> = {};
    for (const s of seats) {
      const seat = s.side * s.weight;
      const total = s.muAfter - s.mu + seat * s.varAfter * marginGain;
      const surprise = seat * settledVariance * winGain;
      const settledAfter = settledVariance * (1 - s.weight ** 2 * settledVariance * winShrink);
      const margin = seat * settledAfter * marginGain;
      deltas[s.id] = { total, surprise, margin, certainty: total - surprise - margin };
      s.skill.mu += total;
      s.skill.sigma = Math.sqrt(s.varAfter * (1 - s.weight ** 2 * s.varAfter * marginShrink));
      s.skill.matches++;
      if (day !== undefined) lastDay.set(s.id, day);
    }
    steps.push({ matchId: match.id, expectedA, deltas });
  }
  return { ratings: skills, steps };
}

const dayOf = (at: Date | string) => (typeof at === "string" ? Date.parse(at) : at.getTime()) / DAY_MS;
