// The ladder's ratings: Elo, replayed from the club's matches in the order they were played,
// so that editing or deleting one match recomputes everything after it the same way.
//
// Doubles use the team's average rating, and both partners move by the team's change (times
// their own K). The default rule adds two things to plain Elo, each measured in
// bench/rating against plain Elo K=32 on synthetic clubs (docs/decisions/007-ladder.md):
//   - provisional K: a player's first games move them faster (a newcomer's 1500 is a guess);
//   - margin of victory: 11-2 says more than 12-10, scaled so that an average win counts as
//     plain Elo, and damped when the favourite wins big (the usual autocorrelation guard).

export type Side = "A" | "B";

export type MatchInput = {
  id: string;
  teamA: string[];
  teamB: string[];
  winner: Side;
  /** Points over the whole match, when known (the sum of its games). */
  scoreA?: number;
  scoreB?: number;
  playedAt?: Date | string;
};

export type ReplayOptions = {
  k?: number;
  initial?: number;
  initialRatings?: Record<string, number>;
  /** How many first games use `provisionalK`; 0 turns the provisional rule off. */
  provisionalGames?: number;
  provisionalK?: number;
  /** Scale the change by the margin of victory when scores are known. */
  marginOfVictory?: boolean;
  /**
   * Where each known player stands before these matches (rating and games played): the ladder
   * goes on from its stored state when a result comes at the end of its history.
   */
  start?: ReadonlyMap<string, { rating: number; games: number }>;
};

/**
 * A change in parts a player can read, summing to it: `surprise` is plain Elo's step (K times
 * the result against the expected chance), `margin` what the score's margin added or took
 * away, `certainty` what a provisional player's faster K added (their rating is less sure).
 */
export type ChangeParts = { surprise: number; margin: number; certainty: number };
export type ReplayStep = {
  matchId: string;
  expectedA: number;
  deltas: Record<string, number>;
  parts: Record<string, ChangeParts>;
};
export type ReplayResult = { ratings: Map<string, number>; steps: ReplayStep[] };

export const DEFAULT_RATING = 1500;
export const DEFAULTS = {
  k: 32,
  initial: DEFAULT_RATING,
  provisionalGames: 5,
  provisionalK: 56,
  marginOfVictory: true,
} as const;

/** Team A's expected score against team B (ratings or team averages). */
export function expectedScore(ratingA: number, ratingB: number): number {
  return 1 / (1 + 10 ** ((ratingB - ratingA) / 400));
}

// ln(1 + margin) grows slowly; dividing by its value at a typical margin (5 points) keeps
// the average win near plain Elo's step.
const TYPICAL_MARGIN_LOG = Math.log(1 + 5);

/**
 * How much a win by `margin` points (the winner's total minus the loser's) counts. A match can
 * be won on games with fewer points (11-9, 11-9, 7-11), so it counts at least as a one-point
 * win: a win always moves the ratings.
 */
export function marginMultiplier(margin: number, winnerLead: number): number {
  const size = Math.log(1 + Math.max(1, margin)) / TYPICAL_MARGIN_LOG;
  // A favourite's big win was expected: damp it (and lift an underdog's).
  const damping = 2.2 / (Math.max(-400, Math.min(400, winnerLead)) * 0.001 + 2.2);
  return size * damping;
}

const average = (ratings: number[]) => ratings.reduce((sum, r) => sum + r, 0) / ratings.length;

export function replay(matches: readonly MatchInput[], options: ReplayOptions = {}): ReplayResult {
  const k = options.k ?? DEFAULTS.k;
  const initial = options.initial ?? DEFAULTS.initial;
  const provisionalGames = options.provisionalGames ?? DEFAULTS.provisionalGames;
  const provisionalK = options.provisionalK ?? DEFAULTS.provisionalK;
  const useMargin = options.marginOfVictory ?? DEFAULTS.marginOfVictory;
  const ratings = new Map<string, number>();
  const played = new Map<string, number>();
  const start = options.start;
  const ratingOf = (id: string) =>
    ratings.get(id) ?? start?.get(id)?.rating ?? options.initialRatings?.[id] ?? initial;
  const gamesOf = (id: string) => played.get(id) ?? start?.get(id)?.games ?? 0;
  const steps: ReplayStep[] = [];

  for (const match of matches) {
    const averageA = average(match.teamA.map(ratingOf));
    const averageB = average(match.teamB.map(ratingOf));
    const expectedA = expectedScore(averageA, averageB);
    const resultA = match.winner === "A" ? 1 : 0;
    let multiplier = 1;
    if (useMargin && match.scoreA !== undefined && match.scoreB !== undefined) {
      const lead = match.winner === "A" ? averageA - averageB : averageB - averageA;
      const points = match.winner === "A" ? match.scoreA - match.scoreB : match.scoreB - match.scoreA;
      multiplier = marginMultiplier(points, lead);
    }
    const deltas: Record<string, number> = {};
    const parts: Record<string, ChangeParts> = {};
    const move = (team: string[], change: number) => {
      for (const id of team) {
        const games = gamesOf(id);
        const playerK = games < provisionalGames ? provisionalK : k;
        deltas[id] = playerK * multiplier * change;
        parts[id] = {
          surprise: k * change,
          margin: k * (multiplier - 1) * change,
          certainty: (playerK - k) * multiplier * change,
        };
      }
    };
    move(match.teamA, resultA - expectedA);
    move(match.teamB, expectedA - resultA);
    for (const [id, delta] of Object.entries(deltas)) {
      ratings.set(id, ratingOf(id) + delta);
      played.set(id, gamesOf(id) + 1);
    }
    steps.push({ matchId: match.id, expectedA, deltas, parts });
  }
  return { ratings, steps };
}
