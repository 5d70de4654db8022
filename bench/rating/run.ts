// Rating benchmark: how well each rule predicts results (log loss of expectedA) and recovers
// the hidden ranking (Kendall tau) on synthetic clubs, against plain Elo K=32 in the same
// run, and how long a replay of 30,000 matches takes; then the time-split comparison of Elo,
// Glicko-2, OpenSkill and the skill filter on ATP doubles and synthetic clubs (run-split.ts).
// Writes bench/results/rating.json.
import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { type ReplayOptions, rateMatches, replay } from "../../src/shared/rating/index.js";
import { timeSplit } from "./run-split.js";
import { kendallTau, logLoss, syntheticClub } from "./synthetic.js";

const rules: Record<string, ReplayOptions> = {
  "plain Elo K=32 (baseline)": { k: 32, provisionalGames: 0, marginOfVictory: false },
  "provisional K only": { marginOfVictory: false },
  "margin of victory only": { provisionalGames: 0 },
  "default (provisional K + margin of victory)": {},
};

const SEEDS = Array.from({ length: 20 }, (_, i) => i + 1);
const formats = [
  { name: "doubles, 24 players, 600 matches", players: 24, matches: 600, doubles: true },
  { name: "singles, 16 players, 400 matches", players: 16, matches: 400, doubles: false },
];

const quality = formats.map((format) => {
  const clubs = SEEDS.map((seed) => syntheticClub(seed, format.players, format.matches, format.doubles));
  const byRule = Object.entries(rules).map(([rule, options]) => {
    let loss = 0;
    let tau = 0;
    for (const club of clubs) {
      const result = replay(club.matches, options);
      loss += logLoss(
        club.matches,
        result.steps.map((s) => s.expectedA),
      );
      tau += kendallTau(club.strengths, result.ratings);
    }
    return { rule, logLoss: +(loss / clubs.length).toFixed(4), kendallTau: +(tau / clubs.length).toFixed(4) };
  });
  const baseline = byRule[0]!;
  return {
    format: format.name,
    clubs: clubs.length,
    rules: byRule.map((r) => ({
      ...r,
      logLossRatio: +(r.logLoss / baseline.logLoss).toFixed(4),
      tauRatio: +(r.kendallTau / baseline.kendallTau).toFixed(4),
    })),
  };
});

const big = syntheticClub(99, 120, 30_000, true);
const times: number[] = [];
for (let i = 0; i < 7; i++) {
  const start = performance.now();
  replay(big.matches);
  times.push(performance.now() - start);
}
times.sort((a, b) => a - b);
const skillTimes: number[] = [];
for (let i = 0; i < 7; i++) {
  const start = performance.now();
  rateMatches(big.matches);
  skillTimes.push(performance.now() - start);
}
skillTimes.sort((a, b) => a - b);
const split = timeSplit();

const result = {
  date: new Date().toISOString(),
  loadAverage: loadavg().map((l) => +l.toFixed(2)),
  note: "log loss: lower is better; Kendall tau: higher is better; ratios against plain Elo K=32 in the same run",
  quality,
  replay30000: { medianMs: +times[3]!.toFixed(1), maxMs: +times[6]!.toFixed(1) },
  skillReplay30000: { medianMs: +skillTimes[3]!.toFixed(1), maxMs: +skillTimes[6]!.toFixed(1) },
  timeSplit: split,
};
const out = path.resolve(import.meta.dirname, "../results/rating.json");
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
for (const q of quality) {
  console.log(q.format);
  for (const r of q.rules)
    console.log(
      `  ${r.rule.padEnd(46)} log loss ${r.logLoss} (${r.logLossRatio}x)  tau ${r.kendallTau} (${r.tauRatio}x)`,
    );
}
console.log(`replay of 30,000 matches: ${result.replay30000.medianMs} ms median`);
console.log(`skill filter, 30,000 matches: ${result.skillReplay30000.medianMs} ms median`);
for (const r of split.results) {
  console.log(r.data);
  for (const m of r.models)
    console.log(
      `  ${m.model.padEnd(38)} log loss ${m.logLoss} (${m.logLossRatio}x)  Brier ${m.brier} (${m.brierRatio}x)  accuracy ${m.accuracy}`,
    );
}
