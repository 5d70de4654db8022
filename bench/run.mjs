// `npm run bench`: every benchmark, one after the other; results land in bench/results/.
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const steps = [
  ["npx", ["tsx", "bench/rotation/run.ts"]],
  ["npx", ["tsx", "bench/rating/run.ts"]],
  ["npx", ["tsx", "bench/rating/store.ts"]],
  ["npx", ["tsx", "bench/realtime/fanout.ts"]],
  ["npm", ["run", "build"]],
  ["node", ["bench/api-reads.mjs"]],
];
for (const [command, args] of steps) {
  console.log(`\n> ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
