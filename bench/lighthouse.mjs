// Lighthouse (npm `lighthouse`, its default mobile settings: a mid-range phone on a slow 4G
// link, simulated) on the built app's public pages, in Debian's Chromium. The app runs as in
// production on a fresh database of the local PostgreSQL with the demo club, so /club/:slug
// has a real club. Results: bench/results/lighthouse.json. Needs `npm run build` first.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_FLAGS, freshDatabase, waitFor } from "./support.mjs";

const root = path.resolve(import.meta.dirname, "..");
const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const port = 3320;
const base = `http://127.0.0.1:${port}`;
const pages = ["/", "/pricing", "/club/riverside-demo"];

const databaseUrl = await freshDatabase(serverUrl, "courtside_lighthouse");
const server = spawn(process.execPath, [path.join(root, "dist/server/server/main.js")], {
  env: {
    ...process.env,
    DATABASE_URL: databaseUrl,
    SMTP_URL: "",
    PORT: String(port),
    APP_URL: base,
    LOG_LEVEL: "warn",
    LOG_FORMAT: "json",
    SEED_DEMO: "1",
    DEMO: "1",
  },
  stdio: "inherit",
});
const profile = mkdtempSync(path.join(tmpdir(), "courtside-lighthouse-"));
let chrome;
try {
  await waitFor(`${base}/api/health`);
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS],
    userDataDir: profile,
  });
  const results = [];
  // On a loaded machine an audit now and then ends in an error and without its figure (the
  // layout shift, once): such a page is audited again, and after three tries the run fails.
  const timings = [
    "first-contentful-paint",
    "largest-contentful-paint",
    "total-blocking-time",
    "cumulative-layout-shift",
  ];
  const audit = async (page) => {
    for (let attempt = 1; ; attempt++) {
      const run = await lighthouse(`${base}${page}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
      });
      const missing = timings.filter((id) => typeof run.lhr.audits[id]?.numericValue !== "number");
      if (missing.length === 0) return run.lhr;
      if (attempt === 3) throw new Error(`${page}: no figure for ${missing.join(", ")} in three runs`);
      console.log(`${page}: no figure for ${missing.join(", ")}; auditing it again`);
    }
  };
  for (const page of pages) {
    const { categories, audits } = await audit(page);
    const score = (name) => Math.round((categories[name]?.score ?? 0) * 100);
    results.push({
      page,
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      firstContentfulPaintMs: Math.round(audits["first-contentful-paint"].numericValue),
      largestContentfulPaintMs: Math.round(audits["largest-contentful-paint"].numericValue),
      totalBlockingTimeMs: Math.round(audits["total-blocking-time"].numericValue),
      cumulativeLayoutShift: +audits["cumulative-layout-shift"].numericValue.toFixed(3),
      failing: Object.values(audits)
        .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === "binary")
        .map((a) => a.id),
    });
  }
  const report = {
    date: new Date().toISOString(),
    loadAverage: loadavg(),
    settings: "lighthouse defaults: mobile form factor, simulated slow 4G and 4x CPU slowdown",
    lighthouse: (await import("lighthouse/package.json", { with: { type: "json" } })).default.version,
    results,
  };
  mkdirSync(path.join(root, "bench/results"), { recursive: true });
  writeFileSync(path.join(root, "bench/results/lighthouse.json"), `${JSON.stringify(report, null, 2)}\n`);
  console.table(results.map(({ failing, ...rest }) => rest));
  for (const r of results)
    if (r.failing.length) console.log(`${r.page} failing audits: ${r.failing.join(", ")}`);
} finally {
  await chrome?.kill();
  server.kill("SIGTERM");
  await new Promise((resolve) => (server.exitCode !== null ? resolve() : server.on("exit", resolve)));
  rmSync(profile, { recursive: true, force: true });
}
