// The rating models the time-split benchmark compares, each as "replay these matches with
// these constants and give me the chance of A before every match", with the grid its
// constants are tuned over (kept small: tuning runs on two shared cores). The skill filter's
// grid is centred where a wider exploratory search on the training parts ended up (beta and
// sigma; gamma stays fixed since only its ratio to the margin noise matters much).

import type { Rating } from "openskill";
import { predictWin, rate, rating } from "openskill";
import { glickoReplay } from "../../src/shared/rating/glicko2.js";
import { type MatchInput, rateMatches, replay } from "../../src/shared/rating/index.js";

export type Params = Record<string, number | boolean>;
export type Model = {
  name: string;
  grid: Params[];
  predict: (matches: readonly MatchInput[], p: Params) => number[];
};

function grid(axes: Record<string, readonly (number | boolean)[]>): Params[] {
  return Object.entries(axes).reduce<Params[]>(
    (all, [key, values]) => all.flatMap((p) => values.map((v) => ({ ...p, [key]: v }))),
    [{}],
  );
}

const elo = (matches: readonly MatchInput[], p: Params) => replay(matches, p).steps.map((s) => s.expectedA);

function openSkill(matches: readonly MatchInput[]): number[] {
  const players = new Map<string, Rating>();
  const of = (id: string) => players.get(id) ?? rating();
  return matches.map((match) => {
    const a = match.teamA.map(of);
    const b = match.teamB.map(of);
    const [chanceA] = predictWin([a, b]);
    const [winners, losers] = match.winner === "A" ? [a, b] : [b, a];
    const [newWinners, newLosers] = rate([winners, losers]);
    const [ids, otherIds] = match.winner === "A" ? [match.teamA, match.teamB] : [match.teamB, match.teamA];
    ids.forEach((id, i) => {
      players.set(id, newWinners![i]!);
    });
    otherIds.forEach((id, i) => {
      players.set(id, newLosers![i]!);
    });
    return chanceA!;
  });
}

export const models: Model[] = [
  {
    name: "plain Elo K=32 (baseline)",
    grid: [{ k: 32, provisionalGames: 0, marginOfVictory: false }],
    predict: elo,
  },
  { name: "Elo, project default rule", grid: [{}], predict: elo },
  {
    name: "Elo, tuned",
    grid: grid({ k: [16, 24, 32, 40, 48], provisionalGames: [0, 5, 10], marginOfVictory: [false, true] }),
    predict: elo,
  },
  {
    name: "Glicko-2 (team composite), tuned",
    grid: grid({ tau: [0.3, 0.6, 1, 1.5], initialRd: [100, 150, 250, 350] }),
    predict: (matches, p) => glickoReplay(matches, p).expectedA,
  },
  { name: "OpenSkill defaults (Plackett-Luce)", grid: [{}], predict: openSkill },
  {
    name: "skill filter (new), tuned",
    grid: grid({
      initialSigma: [90, 110, 130],
      beta: [300, 350, 400],
      driftPerDay: [0.5, 2, 4],
      driftPerMatch: [0, 10],
      marginNoise: [0.15, 0.2, 0.3, Number.POSITIVE_INFINITY],
    }),
    predict: (matches, p) => rateMatches(matches, p).steps.map((s) => s.expectedA),
  },
];
