// `npm run bench`: every benchmark, one after the other in one process tree; results land in
// bench/results/, and a short table of the headline ratios is printed at the end.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const steps = [
  ["npx", ["tsx", "bench/rotation/run.ts"]],
  ["npx", ["tsx", "bench/rating/run.ts"]],
  ["npx", ["tsx", "bench/rating/store.ts"]],
  ["npx", ["tsx", "bench/realtime/fanout.ts"]],
  ["npm", ["run", "build"]],
  ["node", ["bench/api-reads.mjs"]],
  ["node", ["bench/lighthouse.mjs"]],
];
for (const [command, args] of steps) {
  console.log(`\n> ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const read = (name) => JSON.parse(readFileSync(path.join(root, "bench/results", name), "utf8"));
const api = read("api-reads.json");
const realtime = read("realtime.json");
const lighthouse = read("lighthouse.json");
const rows = [
  ...[...api.reads, ...api.writes]
    .filter((r) => !r.name.includes("baseline"))
    .map((r) => ({
      benchmark: r.name,
      figure: `${r.ratioToBaseline} of baseline, p99 ${r.latencyP99Ms} ms`,
    })),
  { benchmark: "server memory under load", figure: `${api.serverMemoryMb?.peak} MB peak` },
  ...Object.entries(realtime.transports).map(([transport, r]) => ({
    benchmark: `1,000 viewers over ${transport}`,
    figure: `p99 ${r.fanout.p99Ms} ms (${r.ratios.p99}x one viewer's p50)`,
  })),
  ...lighthouse.results.map((r) => ({
    benchmark: `Lighthouse ${r.page}`,
    figure: `${r.performance}/${r.accessibility}/${r.bestPractices}/${r.seo}, LCP ${r.largestContentfulPaintMs} ms`,
  })),
];
console.log(
  `\nload average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
console.table(rows);
