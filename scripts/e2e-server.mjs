// The server the end-to-end tests talk to: the built app on a fresh embedded PostgreSQL in a
// temporary DATA_DIR, with the local mailbox (no SMTP) and the demo club, removed again when
// it stops.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const dataDir = mkdtempSync(path.join(tmpdir(), "courtside-e2e-"));
const port = process.env.PORT ?? "3210";
const server = spawn(process.execPath, [path.join(root, "dist/server/server/main.js")], {
  cwd: root,
  // Its log is kept here, not shown: a server that stops mid-run says why on stderr (below).
  stdio: ["ignore", "pipe", "inherit"],
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    SMTP_URL: "",
    PORT: port,
    // The address the browser uses (playwright.config.ts): passkeys are bound to it.
    APP_URL: `http://localhost:${port}`,
    LOG_LEVEL: "warn",
    // The demo club is built at start, as `npm run demo` does: e2e/demo.spec.ts signs in to it.
    SEED_DEMO: "1",
    // Every account the suite opens comes from this machine's one address, well past the 60 in
    // 15 minutes a real address gets.
    SIGN_UPS_PER_ADDRESS: "1000",
  },
});
// The last lines the server logged (warnings and worse: LOG_LEVEL above), for a stop nobody asked for.
const KEPT_LINES = 80;
const lastLines = [];
server.stdout.on("data", (chunk) => {
  lastLines.push(...String(chunk).split("\n").filter(Boolean));
  lastLines.splice(0, Math.max(0, lastLines.length - KEPT_LINES));
});
let asked = false;
for (const signal of ["SIGINT", "SIGTERM"])
  process.on(signal, () => {
    asked = true;
    server.kill(signal);
  });
server.on("exit", (code, signal) => {
  // Playwright shows this process's stderr: a server gone mid-run fails every test after it
  // with a refused connection, and only its log says why.
  if (!asked)
    process.stderr.write(
      `e2e server stopped on its own (${signal ?? `exit code ${code}`}); its last log lines:\n${lastLines.join("\n")}\n`,
    );
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
