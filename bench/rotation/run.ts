// Rotation engine benchmark: time to decide one freed court against player and court counts,
// as a ratio against sorting the same players (a baseline measured in the same run), and the
// fairness figures of simulated sessions. Writes bench/results/rotation.json.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { decide } from "../../src/shared/rotation/decide.js";
import { fairOrder } from "../../src/shared/rotation/fair.js";
import { SessionSim } from "../../src/shared/rotation/simulate.js";

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

/** A session mid-evening: everyone has played a few games, every court is busy but one. */
function midSession(players: number, courts: number) {
  const sim = new SessionSim(courts);
  for (let i = 0; i < players; i++) sim.arrive(`p${i}`);
  for (let r = 0; r < 4; r++) sim.round();
  sim.fill();
  const first = [...sim.playing.keys()][0];
  if (first) sim.finish(first);
  return sim.input();
}

const timing = [];
for (const courts of [2, 8, 30]) {
  for (const players of [8, 16, 50, 100, 200]) {
    if (players < courts * 4 && courts > 2) continue;
    const input = midSession(players, courts);
    const decisions = timeIt(() => decide(input), 200);
    const baseline = timeIt(() => fairOrder(input.players), 200);
    const p50 = percentile(decisions, 50);
    timing.push({
      players,
      courts,
      p50Ms: +p50.toFixed(3),
      p95Ms: +percentile(decisions, 95).toFixed(3),
      maxMs: +decisions[decisions.length - 1]!.toFixed(3),
      baselineSortP50Ms: +percentile(baseline, 50).toFixed(4),
      ratioToSort: +(p50 / Math.max(percentile(baseline, 50), 1e-6)).toFixed(1),
    });
  }
}

function summary(sim: SessionSim, waits: number[]) {
  const all = [...sim.players.values()];
  const partners = new Map<string, number>();
  for (const game of sim.finished) {
    for (const team of game.teams) {
      const key = [...team].sort().join("|");
      partners.set(key, (partners.get(key) ?? 0) + 1);
    }
  }
  return {
    players: all.length,
    courts: sim.courts.length,
    gamesFinished: sim.finished.length,
    gamesPlayedSpread:
      Math.max(...all.map((p) => p.gamesPlayed)) - Math.min(...all.map((p) => p.gamesPlayed)),
    sitOutsSpread: Math.max(...all.map((p) => p.sitOuts)) - Math.min(...all.map((p) => p.sitOuts)),
    partnerRepeats: [...partners.values()].reduce((s, n) => s + n - 1, 0),
    averageWaitMinutes: +(waits.reduce((s, w) => s + w, 0) / Math.max(1, waits.length)).toFixed(1),
    longestWaitMinutes: Math.max(0, ...waits),
  };
}

/** Every court starts and ends together; a round lasts 12 minutes. */
function equalRounds(players: number, courts: number, rounds: number) {
  const sim = new SessionSim(courts);
  for (let i = 0; i < players; i++) sim.arrive(`p${i}`);
  const lastPlayed = new Map<string, number>();
  const waits: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const { assignments } = sim.round();
    for (const id of assignments.flatMap((a) => a.teams.flat())) {
      waits.push((r - (lastPlayed.get(id) ?? r)) * 12);
      lastPlayed.set(id, r + 1);
    }
  }
  return summary(sim, waits);
}

/** Courts free one at a time as games of 10 to 14 minutes end. */
function unevenGames(players: number, courts: number, rounds: number) {
  const sim = new SessionSim(courts);
  for (let i = 0; i < players; i++) sim.arrive(`p${i}`);
  let clock = 0;
  const ends = new Map<string, number>();
  const lastOff = new Map<string, number>();
  const waits: number[] = [];
  const record = (assignments: ReturnType<SessionSim["fill"]>["assignments"]) => {
    for (const a of assignments) {
      for (const id of a.teams.flat()) waits.push(clock - (lastOff.get(id) ?? 0));
      // Games last 10-14 minutes when uneven, 12 otherwise (a fixed pattern, so runs compare).
      ends.set(a.courtId, clock + 10 + ((a.courtId.length + waits.length) % 5));
    }
  };
  record(sim.fill(clock).assignments);
  for (let g = 0; g < rounds * courts; g++) {
    const [courtId, end] = [...ends.entries()].sort((a, b) => a[1] - b[1])[0]!;
    clock = end;
    ends.delete(courtId);
    const game = sim.playing.get(courtId)!;
    sim.finish(courtId, g % 3 !== 0);
    for (const id of game.teams.flat()) lastOff.set(id, clock);
    record(sim.fill(clock).assignments);
  }
  return summary(sim, waits);
}

const report = {
  date: new Date().toISOString(),
  node: process.version,
  timing,
  fairness: {
    equalRounds: [
      equalRounds(8, 2, 7),
      equalRounds(9, 2, 9),
      equalRounds(13, 3, 8),
      equalRounds(40, 8, 10),
      equalRounds(200, 30, 8),
    ],
    unevenGames: [unevenGames(9, 2, 9), unevenGames(24, 4, 10), unevenGames(200, 30, 6)],
  },
};
const out = path.resolve(import.meta.dirname, "../results/rotation.json");
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
console.table(timing);
console.table([...report.fairness.equalRounds, ...report.fairness.unevenGames]);
