// API benchmark: requests per second and latency of the signed-in reads the dashboard makes,
// reported as ratios against GET /api/health measured in the same run (machines are shared
// and noisy, so only ratios compare across runs). Needs `npm run build` first.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";

const root = path.resolve(import.meta.dirname, "..");
const port = 3300;
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), "courtside-bench-"));
const seconds = Number(process.env.BENCH_SECONDS ?? 5);

const server = spawn(process.execPath, [path.join(root, "dist/server/server/main.js")], {
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    SMTP_URL: "",
    PORT: String(port),
    APP_URL: base,
    LOG_LEVEL: "error",
  },
  stdio: "inherit",
});

try {
  await waitFor(`${base}/api/health`);
  const cookie = await signedInCookie();
  const club = await post("/api/orgs", { name: "Bench Club", courtsCount: 4, timeZone: "UTC" }, cookie);
  const targets = [
    { name: "health (baseline)", path: "/api/health" },
    { name: "me", path: "/api/me", cookie },
    { name: "subscription check", path: `/api/orgs/${club.organization.id}/subscription`, cookie },
  ];
  const results = [];
  for (const target of targets) {
    const run = await autocannon({
      url: `${base}${target.path}`,
      connections: 20,
      duration: seconds,
      headers: target.cookie ? { cookie: target.cookie } : {},
    });
    results.push({
      name: target.name,
      requestsPerSecond: run.requests.average,
      latencyP50Ms: run.latency.p50,
      latencyP99Ms: run.latency.p99,
      non2xx: run.non2xx,
    });
  }
  const baseline = results[0];
  const report = {
    date: new Date().toISOString(),
    seconds,
    connections: 20,
    results: results.map((r) => ({
      ...r,
      throughputVsBaseline: +(r.requestsPerSecond / baseline.requestsPerSecond).toFixed(3),
    })),
  };
  mkdirSync(path.join(root, "bench/results"), { recursive: true });
  writeFileSync(path.join(root, "bench/results/api-reads.json"), `${JSON.stringify(report, null, 2)}\n`);
  console.table(report.results);
} finally {
  server.kill("SIGTERM");
  await new Promise((resolve) => server.on("exit", resolve));
  rmSync(dataDir, { recursive: true, force: true });
}

async function waitFor(url) {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not come up`);
}

async function post(p, body, cookie) {
  const res = await fetch(`${base}${p}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
  return res.json();
}

// Signs up through the API and follows the confirmation link from the local mailbox.
async function signedInCookie() {
  await post("/api/auth/sign-up/email", {
    name: "Bench Runner",
    email: "bench@example.com",
    password: "bench-password",
  });
  for (let i = 0; i < 40; i++) {
    const html = await (await fetch(`${base}/dev/mailbox`)).text();
    const link = html.match(/href="([^"]*verify-email[^"]*)"/)?.[1]?.replaceAll("&#38;", "&");
    if (link) {
      const res = await fetch(link, { redirect: "manual" });
      return res.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("no confirmation mail");
}
