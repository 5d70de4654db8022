// Time-split comparison: every model replays each data set in time order, its constants are
// tuned (small grid, log loss) on the first 60% of the matches only, and it is scored on the
// last 40%, still updating through them, as the ladder would. Scores are log loss and Brier
// (lower is better) and accuracy, with ratios to plain Elo K=32 scored the same way.
import { loadavg } from "node:os";
import type { MatchInput } from "../../src/shared/rating/index.js";
import { loadAtpDoubles } from "./atp.js";
import { models, type Params } from "./models.js";
import { brier, logLoss, syntheticClub } from "./synthetic.js";

const TRAIN = 0.6;
type DataSet = { name: string; runs: MatchInput[][] };

const round = (x: number) => +x.toFixed(4);
const split = (matches: MatchInput[]) => Math.floor(matches.length * TRAIN);

function tune(model: (typeof models)[number], data: DataSet): Params {
  let best = { loss: Number.POSITIVE_INFINITY, params: model.grid[0]! };
  for (const params of model.grid) {
    let loss = 0;
    for (const run of data.runs) {
      const train = run.slice(0, split(run));
      loss += logLoss(train, model.predict(train, params));
    }
    if (loss < best.loss) best = { loss, params };
  }
  return best.params;
}

function score(model: (typeof models)[number], data: DataSet, params: Params) {
  let loss = 0;
  let squared = 0;
  let right = 0;
  let count = 0;
  for (const run of data.runs) {
    const at = split(run);
    const predicted = model.predict(run, params).slice(at);
    const later = run.slice(at);
    loss += logLoss(later, predicted) * later.length;
    squared += brier(later, predicted) * later.length;
    later.forEach((m, i) => {
      if (predicted[i]! > 0.5 === (m.winner === "A")) right++;
    });
    count += later.length;
  }
  return { logLoss: loss / count, brier: squared / count, accuracy: right / count };
}

function compare(data: DataSet) {
  const rows = models.map((model) => {
    const started = performance.now();
    const params = tune(model, data);
    const s = score(model, data, params);
    return { model: model.name, ...s, tuned: params, seconds: (performance.now() - started) / 1000 };
  });
  const base = rows[0]!;
  return {
    data: data.name,
    scoredMatches: data.runs.reduce((n, run) => n + run.length - split(run), 0),
    models: rows.map((r) => ({
      model: r.model,
      logLoss: round(r.logLoss),
      brier: round(r.brier),
      accuracy: round(r.accuracy),
      logLossRatio: round(r.logLoss / base.logLoss),
      brierRatio: round(r.brier / base.brier),
      tuned: r.tuned,
      tuneAndScoreSeconds: +r.seconds.toFixed(1),
    })),
  };
}

export function timeSplit() {
  const sets: DataSet[] = [];
  const atp = loadAtpDoubles();
  if ("missing" in atp) console.log(`ATP doubles skipped: ${atp.missing}`);
  else sets.push({ name: `ATP doubles 2000-2020 (${atp.matches.length} matches)`, runs: [atp.matches] });
  sets.push({
    name: "synthetic clubs: 5 seeds, 24 players, 1500 doubles matches, 8 a day",
    runs: [1, 2, 3, 4, 5].map((seed) => syntheticClub(seed, 24, 1500, true).matches),
  });
  const results = sets.map(compare);
  return {
    note: "tuned on the first 60% by time, scored on the last 40%; log loss and Brier: lower is better; ratios against plain Elo K=32",
    loadAverage: loadavg().map((l) => +l.toFixed(2)),
    results,
  };
}

// Run alone (tsx bench/rating/run-split.ts) to see the table without the rest of run.ts.
if (import.meta.url === `file://${process.argv[1]}`) {
  const out = timeSplit();
  for (const r of out.results) {
    console.log(r.data);
    for (const m of r.models)
      console.log(
        `  ${m.model.padEnd(38)} LL ${m.logLoss} (${m.logLossRatio}x) Brier ${m.brier} (${m.brierRatio}x) acc ${m.accuracy} ${JSON.stringify(m.tuned)}`,
      );
  }
}
