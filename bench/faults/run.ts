// Durability under "kill -9": the real server is killed at random moments under concurrent
// session writes, CYCLES times (100 by default), and every write it acknowledged is looked for
// in PostgreSQL afterwards. Also the median time from a kill to a healthy server again. Uses
// the server in TEST_DATABASE_URL (a database of its own, dropped after), then the same
// cycles on the embedded default, whose PostgreSQL each kill leaves running. Writes
// bench/results/faults.json.
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { runKillLoop } from "../../src/server/test/fault-loop.js";

const CYCLES = Number(process.env.CYCLES ?? 100);
// The first cycle's start also migrates the new database: restarts are timed from the second.
if (!Number.isInteger(CYCLES) || CYCLES < 2) throw new Error("CYCLES must be a whole number of 2 or more");
const databaseUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const summary = (result: Awaited<ReturnType<typeof runKillLoop>>) => ({
  cycles: result.cycles,
  acknowledged: result.acknowledged,
  lost: result.lost,
  rejected: result.rejected,
  medianRestartMs: Math.round(median(result.durationsMs)),
  maxRestartMs: Math.max(...result.durationsMs),
});
const log = (line: string) => console.log(line);
const result = await runKillLoop({ cycles: CYCLES, databaseUrl, log });
// The same cycles on the default a newcomer runs: each kill leaves the embedded PostgreSQL
// running without its parent, and each restart must stop it and start again.
const embedded = await runKillLoop({ cycles: CYCLES, databaseUrl: "embedded", log });
const report = {
  date: new Date().toISOString(),
  node: process.version,
  ...summary(result),
  embedded: summary(embedded),
  // Restarts compile the server under tsx on shared cores: the load says how busy they were.
  loadAverage: os.loadavg().map((load) => +load.toFixed(2)),
};
const out = path.resolve(import.meta.dirname, "../results/faults.json");
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
console.table([report]);
if (result.lost + embedded.lost > 0) {
  console.error(`Lost acknowledged writes: ${[...result.lostNames, ...embedded.lostNames].join(", ")}`);
  process.exitCode = 1;
}
