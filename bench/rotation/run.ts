// Rotation engine benchmark, in one run:
//   - uneven play (courts free one at a time, games of 8 to 16 minutes), 10 seeds per case,
//     the engine beside FIFO and the greedy baseline (bench/rotation/baselines.ts);
//   - uneven play's end of the night: games played within 1 (the engine told when the night
//     ends, and untold), and the longest wait beside the paddle stack's in the same run;
//   - as many players as places (16 on 4 courts, 12 on 3, 8 on 2): repeated partners, games
//     played and the longest wait, the engine beside the paddle stack;
//   - equal rounds: R, the rounds before the first repeated partner, beside the counting
//     bound floor(N(N-1) / 4c), with the longest sit-out run beside ceil(s / 4c) (and the one
//     more allowed where it keeps the group mixing), and the mixing: how many of the others
//     each player has partnered or faced by then (the fewest and the mean, of N-1);
//   - skill-balanced play: how even the teams are, beside fair mixing;
//   - mixed doubles and separate games: the teams or games that break the rule in a night,
//     beside open play on the same players (open counted as if mixed were asked);
//   - the waits players are told on joining the line, against the waits they then had: median
//     and 90th-percentile error in minutes, and how often the wait fell in the range shown;
//   - decision times, as a ratio to sorting the same players (measured in the same run), late in
//     long nights, through a one-court night planned to the end of its new partners, and in
//     uneven nights' last stretch, played ahead to the end; and the next groups the board
//     announces, the engine played forward a court at a time, late in long nights.
// Writes bench/results/rotation.json.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { decide } from "../../src/shared/rotation/decide.js";
import { fairOrder } from "../../src/shared/rotation/fair-order.js";
import { teamRuleMisses as teamRuleMissesOf } from "../../src/shared/rotation/grouping.js";
import { projectNextGroups } from "../../src/shared/rotation/next-groups.js";
import { seededRandom } from "../../src/shared/rotation/prng.js";
import { roundsBeforeRepeat, teamRuleNight, unevenSession } from "../../src/shared/rotation/scenarios.js";
import { SessionSim, type SimOptions } from "../../src/shared/rotation/simulate.js";
import type { RotationInput, RotationMode } from "../../src/shared/rotation/types.js";
import { type Baseline, fifo, greedy } from "./baselines.js";

const SEEDS = Array.from({ length: 10 }, (_, i) => i + 1);
const mean = (values: number[]) => +(values.reduce((s, v) => s + v, 0) / values.length).toFixed(2);

type How = { choose?: Baseline; mode?: RotationMode; endUntold?: boolean };
function uneven(players: number, courts: number, games: number, how: How = {}) {
  const runs = SEEDS.map((seed) => unevenSession(players, courts, games, seed, how).figures);
  return {
    partnerRepeats: mean(runs.map((r) => r.partnerRepeats)),
    lowerBound: mean(runs.map((r) => r.lowerBound)),
    opponentRepeats: mean(runs.map((r) => r.opponentRepeats)),
    backToBackPartners: mean(runs.map((r) => r.backToBackPartners)),
    gamesSpread: Math.max(...runs.map((r) => r.gamesSpread)),
    maxWaitMinutes: Math.max(...runs.map((r) => r.maxWaitMinutes)),
    meanWaitMinutes: mean(runs.map((r) => r.meanWaitMinutes)),
    longestSitRun: Math.max(...runs.map((r) => r.longestSitRun)),
    /** Games played at the end of the night (running games finished): most minus fewest. */
    endOfNightSpread: Math.max(...runs.map((r) => r.endOfNightSpread)),
    nightsEndingTwoApart: runs.filter((r) => r.endOfNightSpread > 1).length,
    /** Court minutes a night the last call kept a court free while players waited. */
    courtMinutesKeptEmpty: mean(runs.map((r) => r.courtMinutesKeptEmpty)),
  };
}

const unevenPlay = [];
for (const [players, courts] of [
  [24, 4],
  [16, 3],
  [12, 2],
  [40, 8],
] as const) {
  for (const games of [40, 100]) {
    const engine = uneven(players, courts, games);
    const paddleStack = uneven(players, courts, games, { mode: "paddle-stack" });
    unevenPlay.push({
      players,
      courts,
      games,
      engine,
      engineUntoldTheEnd: uneven(players, courts, games, { endUntold: true }),
      paddleStack,
      longestWaitToPaddleStack: +(engine.maxWaitMinutes / paddleStack.maxWaitMinutes).toFixed(2),
      greedy: uneven(players, courts, games, { choose: greedy }),
      fifo: uneven(players, courts, games, { choose: fifo }),
    });
  }
}

// As many players as places (nobody sits): a court's four come off with nobody else waiting.
// The engine lets that court wait for the next to free, so groups mix (waits-to-mix.ts); the
// paddle stack sends the four straight back on. Games played count the price of the waits.
const asManyAsPlaces = [];
for (const [players, courts] of [
  [16, 4],
  [12, 3],
  [8, 2],
] as const) {
  const gamesOf = (mode: RotationMode) =>
    mean(SEEDS.map((seed) => unevenSession(players, courts, 40, seed, { mode }).sim.finished.length));
  const engine = { ...uneven(players, courts, 40), games: gamesOf("fair") };
  const paddleStack = {
    ...uneven(players, courts, 40, { mode: "paddle-stack" }),
    games: gamesOf("paddle-stack"),
  };
  asManyAsPlaces.push({ players, courts, engine, paddleStack });
}

const equalRounds = [];
for (let players = 5; players <= 16; players++)
  for (let courts = 1; courts <= 4; courts++)
    if (courts * 4 <= players) equalRounds.push(roundsBeforeRepeat(players, courts));
for (const [players, courts] of [
  [20, 4],
  [24, 5],
  [40, 8],
] as const)
  equalRounds.push(roundsBeforeRepeat(players, courts));

/** Mean |difference of the teams' average ratings| over a session's games. */
function teamGap(mode: RotationMode) {
  const gaps: number[] = [];
  const repeats: number[] = [];
  for (const seed of SEEDS) {
    const random = seededRandom(seed);
    const ratings = new Map(Array.from({ length: 24 }, (_, i) => [`p${i}`, 1500 + (random() - 0.5) * 800]));
    const withRatings: SimOptions["choose"] = undefined;
    const { sim, figures } = unevenSession(24, 4, 100, seed, { choose: withRatings, mode, ratings });
    for (const game of sim.finished) {
      const average = (team: string[]) => team.reduce((s, id) => s + ratings.get(id)!, 0) / team.length;
      gaps.push(Math.abs(average(game.teams[0]) - average(game.teams[1])));
    }
    repeats.push(figures.partnerRepeats);
  }
  return { meanTeamGap: mean(gaps), partnerRepeats: mean(repeats) };
}
const skillBalanced = { fair: teamGap("fair"), skillBalanced: teamGap("skill-balanced") };

/** Every wait told on joining the line in 10 simulated nights, against the wait that followed. */
function waitEstimates(players: number, courts: number) {
  const errors: number[] = [];
  let within = 0;
  for (const seed of SEEDS) {
    const { estimates } = unevenSession(players, courts, 100, seed);
    errors.push(...estimates.errors);
    within += estimates.withinRange;
  }
  const sorted = errors.sort((a, b) => a - b);
  return {
    players,
    courts,
    told: sorted.length,
    medianErrorMinutes: +percentile(sorted, 50).toFixed(1),
    p90ErrorMinutes: +percentile(sorted, 90).toFixed(1),
    withinRangeShare: +(within / sorted.length).toFixed(2),
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
function timeIt(run: () => void, repeats: number): number[] {
  const times: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
}
/** A late state of a long session with one court just freed. */
function lateSession(players: number, courts: number, games: number): RotationInput {
  // The simulated night ends with every game finished: the courts fill again (the night goes
  // on), then one court frees, which is the decision timed.
  const { sim } = unevenSession(players, courts, games, 1, { endUntold: true });
  const end = sim.finished.at(-1)?.endedAt ?? 0;
  sim.fill(end);
  const first = [...sim.playing.keys()][0];
  if (first) sim.finish(first, true, end + 10);
  return sim.input(end + 10);
}
const timing = [];
for (const [players, courts, games] of [
  [24, 4, 100],
  [40, 8, 200],
  [200, 30, 2000],
] as const) {
  const input = lateSession(players, courts, games);
  const decisions = timeIt(() => decide(input), 300);
  const baseline = timeIt(() => fairOrder(input.players), 300);
  timing.push({
    players,
    courts,
    afterGames: games,
    p50Ms: +percentile(decisions, 50).toFixed(3),
    p95Ms: +percentile(decisions, 95).toFixed(3),
    sortP50Ms: +percentile(baseline, 50).toFixed(4),
    ratioToSort: +(percentile(decisions, 50) / Math.max(percentile(baseline, 50), 1e-6)).toFixed(1),
  });
}

/**
 * The next groups the board announces (next-groups.ts): the engine played forward a court at a
 * time for the eight courts to free soonest (as server/features/courts/next-up.ts does), once
 * per board change, late in long nights, beside sorting the same players.
 */
const nextGroupsTiming = timing.map(({ players, courts, afterGames }) => {
  const input = lateSession(players, courts, afterGames);
  const projections = timeIt(() => projectNextGroups(input, 8), 100);
  const baseline = timeIt(() => fairOrder(input.players), 100);
  return {
    players,
    courts,
    afterGames,
    p50Ms: +percentile(projections, 50).toFixed(3),
    p95Ms: +percentile(projections, 95).toFixed(3),
    sortP50Ms: +percentile(baseline, 50).toFixed(4),
    ratioToSort: +(percentile(projections, 50) / Math.max(percentile(baseline, 50), 1e-6)).toFixed(1),
  };
});

/**
 * One court planned to the end of its new partners (one-court-ahead.ts): every decision of an
 * equal-rounds night up to the counting bound, timed, beside sorting the same players.
 */
const oneCourtTiming = [12, 15, 16].map((players) => {
  const sim = new SessionSim(1, "fair", 1);
  for (let i = 0; i < players; i++) sim.arrive(`p${i}`);
  const rounds = Math.floor((players * (players - 1)) / 4);
  const decisions: number[] = [];
  const baseline: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const input = sim.input();
    decisions.push(...timeIt(() => decide(input), 3));
    baseline.push(...timeIt(() => fairOrder(input.players), 3));
    sim.round();
  }
  decisions.sort((a, b) => a - b);
  baseline.sort((a, b) => a - b);
  return {
    players,
    courts: 1,
    rounds,
    p50Ms: +percentile(decisions, 50).toFixed(3),
    p95Ms: +percentile(decisions, 95).toFixed(3),
    maxMs: +decisions.at(-1)!.toFixed(2),
    sortP50Ms: +percentile(baseline, 50).toFixed(4),
    ratioToSort: +(percentile(decisions, 50) / Math.max(percentile(baseline, 50), 1e-6)).toFixed(1),
  };
});

/**
 * Decisions in the night's last stretch, where the first free court's choice is played ahead to
 * the end (play-ahead.ts): every decision of the eight uneven cases' nights (seeds 1-10) made in
 * the last two typical games, timed as the night takes it, beside sorting the same players.
 */
const stretchTiming = (() => {
  const decisions: number[] = [];
  const baseline: number[] = [];
  const inStretch = (input: RotationInput) =>
    input.now !== undefined &&
    input.endsAt !== undefined &&
    input.now >= input.endsAt - 2 * (input.gameLength?.typical ?? 12) * 60_000;
  for (const [players, courts] of [
    [24, 4],
    [16, 3],
    [12, 2],
    [40, 8],
  ] as const)
    for (const games of [40, 100])
      for (const seed of SEEDS)
        unevenSession(players, courts, games, seed, {
          decide: (input) => {
            const started = performance.now();
            const output = decide(input);
            const ms = performance.now() - started;
            if (inStretch(input) && output.assignments.length > 0) {
              decisions.push(ms);
              baseline.push(...timeIt(() => fairOrder(input.players), 1));
            }
            return output;
          },
        });
  decisions.sort((a, b) => a - b);
  baseline.sort((a, b) => a - b);
  return {
    decisions: decisions.length,
    p50Ms: +percentile(decisions, 50).toFixed(3),
    p99Ms: +percentile(decisions, 99).toFixed(3),
    maxMs: +decisions.at(-1)!.toFixed(2),
    sortP50Ms: +percentile(baseline, 50).toFixed(4),
    ratioToSort: +(percentile(decisions, 50) / Math.max(percentile(baseline, 50), 1e-6)).toFixed(1),
  };
})();

const waits = [
  [24, 4],
  [16, 3],
  [40, 8],
].map(([players, courts]) => waitEstimates(players!, courts!));

/**
 * Mixed doubles and separate games: how many teams (mixed) or games (separate) break the rule
 * over a night of 100 games, beside open play on the same players, and the spread of games.
 */
const teamRules = [
  [8, 8, 2],
  [12, 12, 4],
  [6, 10, 2],
  [4, 12, 3],
].flatMap(([women, men, courts]) =>
  (["open", "mixed", "separate"] as const).map((rule) => {
    const night = teamRuleNight(women!, men!, courts!, rule);
    const measured = rule === "open" ? "mixed" : rule;
    const misses = night.played.reduce(
      (sum, game) => sum + teamRuleMissesOf(game, measured, night.genders),
      0,
    );
    return { women, men, courts, rule, games: night.played.length, misses, gamesSpread: night.spread };
  }),
);

const report = {
  date: new Date().toISOString(),
  node: process.version,
  unevenPlay,
  asManyAsPlaces,
  equalRounds,
  skillBalanced,
  teamRules,
  waitEstimates: waits,
  timing,
  nextGroupsTiming,
  oneCourtTiming,
  stretchTiming,
};
const out = path.resolve(import.meta.dirname, "../results/rotation.json");
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
console.table(
  unevenPlay.flatMap((row) =>
    (["engine", "engineUntoldTheEnd", "paddleStack", "greedy", "fifo"] as const).map((who) => ({
      case: `${row.players}/${row.courts} ${row.games} games`,
      who,
      ...row[who],
    })),
  ),
);
console.table(
  asManyAsPlaces.flatMap((row) =>
    (["engine", "paddleStack"] as const).map((who) => ({
      case: `${row.players}/${row.courts}`,
      who,
      partnerRepeats: row[who].partnerRepeats,
      lowerBound: row[who].lowerBound,
      games: row[who].games,
      maxWaitMinutes: row[who].maxWaitMinutes,
      nightsEndingTwoApart: row[who].nightsEndingTwoApart,
    })),
  ),
);
console.table(equalRounds);
console.table(skillBalanced);
console.table(teamRules);
console.table(waits);
console.table(timing);
console.table(nextGroupsTiming);
console.table(oneCourtTiming);
console.table([stretchTiming]);
