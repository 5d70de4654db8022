// WebSocket fan-out: one board change, announced to 1,000 viewers split across two app
// instances that share a database; the notice crosses instances through LISTEN/NOTIFY, then
// (a second run) through Redis pub/sub, the Redis in BENCH_REDIS_URL or the local one.
// Latency is from sending the action to each viewer's notice (the notice often beats the
// HTTP answer); the baseline is the same measurement with a single viewer, in the same run. Writes bench/results/realtime.json.
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import pino from "pino";
import WebSocket from "ws";
import { buildApp } from "../../src/server/app.js";
import { composeDeps } from "../../src/server/compose.js";
import { loadConfig } from "../../src/server/config.js";
import { startEmbeddedPostgres } from "../../src/server/db/embedded-postgres.js";
import { sessions } from "../../src/server/db/schema/sessions.js";
import { createOrganization } from "../../src/server/features/members/service.js";

const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 1000);
const ROUNDS = 5;
const log = pino({ level: "silent" });

async function database() {
  if (process.env.TEST_DATABASE_URL) {
    const name = `bench_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    return { url: url.toString(), stop: async () => {} };
  }
  const dir = mkdtempSync(path.join(tmpdir(), "courtside-bench-"));
  const embedded = await startEmbeddedPostgres(dir, { info: () => {}, warn: () => {} });
  return {
    url: embedded.url,
    stop: async () => {
      await embedded.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

const REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";

async function main() {
  const transports = {
    "LISTEN/NOTIFY": await run(""),
    "Redis pub/sub": await run(REDIS_URL),
  };
  const report = {
    date: new Date().toISOString(),
    loadAverage: loadavg(),
    instances: 2,
    rounds: ROUNDS,
    transports,
  };
  const out = path.resolve(import.meta.dirname, "../results/realtime.json");
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  console.log(JSON.stringify(report, null, 2));
}

async function run(redisUrl: string) {
  const db = await database();
  const config = loadConfig({
    SESSION_SECRET: randomBytes(32).toString("hex"),
    APP_URL: "http://localhost:3000",
    LOG_LEVEL: "silent",
    SMTP_URL: "smtp://127.0.0.1:1",
    REDIS_URL: redisUrl,
  });
  const instances = [];
  for (let i = 0; i < 2; i++) {
    const deps = await composeDeps(config, db.url, log);
    const app = await buildApp(deps, { logger: log });
    await app.listen({ port: 0, host: "127.0.0.1" });
    instances.push({ deps, app, base: `127.0.0.1:${(app.server.address() as AddressInfo).port}` });
  }
  const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
  // An owner, signed in through better-auth itself, and an active session to act on.
  const context = await a.deps.auth.$context;
  const user = await context.internalAdapter.createUser(
    { email: "bench@example.com", name: "Bench Owner", emailVerified: true },
    { method: "admin" },
  );
  await context.internalAdapter.linkAccount({
    userId: user.id,
    providerId: "credential",
    accountId: user.id,
    password: await context.password.hash("bench-password"),
  });
  const signIn = await a.deps.auth.api.signInEmail({
    body: { email: "bench@example.com", password: "bench-password" },
    asResponse: true,
  });
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const { organization } = await createOrganization(
    a.deps.database.db,
    user,
    { name: "Bench Club", courtsCount: 2, timeZone: "UTC" },
    new Date(),
  );
  const startsAt = new Date();
  await a.deps.database.db.insert(sessions).values({
    organizationId: organization.id,
    name: "Bench Night",
    startsAt,
    endsAt: new Date(startsAt.getTime() + 3_600_000),
    status: "active",
  });

  async function measure(count: number) {
    const received: number[][] = Array.from({ length: ROUNDS }, () => []);
    const sockets = await Promise.all(
      Array.from(
        { length: count },
        (_, i) =>
          new Promise<WebSocket>((resolve, reject) => {
            const target = i % 2 === 0 ? a : b;
            const socket = new WebSocket(`ws://${target.base}/api/orgs/${organization.id}/board/ws`, {
              headers: { cookie },
            });
            socket.on("message", (data) => {
              const message = JSON.parse(String(data)) as { type: string; version: number };
              if (message.type === "changed")
                received[(socket as unknown as { round: number }).round]?.push(performance.now());
            });
            socket.once("open", () => resolve(socket));
            socket.once("error", reject);
          }),
      ),
    );
    const latencies: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const s of sockets) (s as unknown as { round: number }).round = round;
      const sent = performance.now();
      const response = await fetch(`http://${a.base}/api/orgs/${organization.id}/board/fill`, {
        method: "POST",
        headers: { cookie, origin: "http://localhost:3000" },
      });
      if (!response.ok) throw new Error(`fill failed: ${response.status}`);
      const deadline = Date.now() + 10_000;
      while (received[round]!.length < count && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 5));
      if (received[round]!.length < count)
        throw new Error(`round ${round}: only ${received[round]!.length} of ${count} viewers heard`);
      latencies.push(...received[round]!.map((t) => t - sent));
    }
    for (const s of sockets) s.close();
    latencies.sort((x, y) => x - y);
    return {
      viewers: count,
      p50Ms: +percentile(latencies, 50).toFixed(2),
      p95Ms: +percentile(latencies, 95).toFixed(2),
      p99Ms: +percentile(latencies, 99).toFixed(2),
    };
  }

  const baseline = await measure(1);
  const fanout = await measure(VIEWERS);
  const result = {
    baseline,
    fanout,
    ratios: {
      p50: +(fanout.p50Ms / Math.max(baseline.p50Ms, 0.01)).toFixed(1),
      p99: +(fanout.p99Ms / Math.max(baseline.p50Ms, 0.01)).toFixed(1),
    },
  };
  for (const instance of instances) {
    await instance.app.close();
    await instance.deps.close();
  }
  await db.stop();
  return result;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
