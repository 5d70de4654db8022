// `npm start`: build what is missing or out of date, then run the server (which starts the
// embedded PostgreSQL and applies migrations when DATABASE_URL is unset).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const serverEntry = path.join(root, "dist/server/server/main.js");
const webEntry = path.join(root, "dist/web/index.html");

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const built = existsSync(serverEntry) && existsSync(webEntry);
const stale =
  built &&
  newestSource(path.join(root, "src")) > Math.min(statSync(serverEntry).mtimeMs, statSync(webEntry).mtimeMs);
if (!built || stale) {
  console.log(built ? "Sources changed since the last build: building..." : "Building Courtside...");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// `npm run demo` is `npm start` that also builds the demo club (once) and prints how to sign in.
const demo = process.argv.includes("--demo");
const server = spawn(process.execPath, ["--enable-source-maps", serverEntry], {
  cwd: root,
  stdio: "inherit",
  env: demo ? { ...process.env, SEED_DEMO: "1" } : process.env,
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
