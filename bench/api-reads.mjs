// API benchmark: the signed-in reads a club makes all day (and its writes), at 50 connections,
// as ratios against a bare Fastify + pg route on the same database measured in the same run
// (bench/baseline-server.mjs): machines are shared and noisy, so only ratios compare across
// runs. The app runs built (`npm run build` first) and as in production (NODE_ENV=production)
// with the demo club seeded (24 members, sessions, open play running on 4 courts, six weeks of
// matches) and, beside it, the big club of `npm run seed:big` (five years: 2,000 members,
// 5,000 sessions, 20,000 ladder matches, open play on 8 courts): every read and write is
// measured on both, and the report sets their ratios side by side. Then one organizer scores
// 200 games one at a time on each (the latency of each score). Every target is warmed up
// before it is measured, and measured in slices alternating with its baseline's: its ratio is
// to the baseline of the same minute. A route's demo and big-club targets are measured in the
// same rounds, so the big club's figure against the demo's is of the same minute as well. The
// demo's board is read again after 1,000 more finished games in its live session, and the
// writes run after those.
//
// Uses the PostgreSQL in BENCH_DATABASE_URL (default: the local one), in a database of its own
// made fresh for each run. Results: bench/results/api-reads.json.
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { freshDatabase, waitFor } from "./support.mjs";

const root = path.resolve(import.meta.dirname, "..");
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const WARM_UP_SECONDS = 2;
/** Each target's seconds are split into this many slices, each after a slice of its baseline. */
const ROUNDS = 2;
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const LONG_SESSION_GAMES = 1000;
/** The big club's slug (src/server/tools/seed-big.ts). */
const BIG_SLUG = "lakeside-big-club";
/** Scores an organizer enters one after another, on each club, after 10 not counted. */
const SCORES = 200;
const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const appPort = 3300;
const basePort = 3301;
const app = `http://127.0.0.1:${appPort}`;
const bare = `http://127.0.0.1:${basePort}`;

const databaseUrl = await freshDatabase(serverUrl, "courtside_bench");
const loadBefore = loadavg();
const children = [];
const start = (file, env) => {
  const child = spawn(process.execPath, [file], { env: { ...process.env, ...env }, stdio: "inherit" });
  children.push(child);
  return child;
};

try {
  const server = start(path.join(root, "dist/server/server/main.js"), {
    NODE_ENV: "production",
    // Production as the benchmark measures it, on the stand-ins chosen on purpose (no keys here).
    PAYMENTS: "sandbox",
    MAIL: "mailbox",
    DATABASE_URL: databaseUrl,
    SMTP_URL: "",
    PORT: String(appPort),
    APP_URL: app,
    LOG_LEVEL: "warn",
    LOG_FORMAT: "json",
    SEED_DEMO: "1",
    DEMO: "1",
    REDIS_URL: "",
  });
  start(path.join(root, "bench/baseline-server.mjs"), { DATABASE_URL: databaseUrl, PORT: String(basePort) });
  await waitFor(`${app}/api/health`);
  await waitFor(`${bare}/read`);

  const cookie = await signIn("owner@demo.courtside.local", "courtside-demo");
  // The big club beside the demo, owned by the same person: five years of a busy club
  // (npm run seed:big, built), with open play running on its eight courts.
  const seeded = performance.now();
  await run(path.join(root, "dist/server/server/tools/seed-big.js"), {
    NODE_ENV: "production",
    PAYMENTS: "sandbox",
    MAIL: "mailbox",
    DATABASE_URL: databaseUrl,
    DEMO: "1",
    LOG_LEVEL: "warn",
    BIG_CLUB_SCALE: process.env.BIG_CLUB_SCALE ?? "1",
  });
  const seedSeconds = Math.round((performance.now() - seeded) / 1000);
  const me = await get("/api/me", cookie);
  const demo = await clubTargets(
    "demo",
    me.organizations.find((c) => c.slug !== BIG_SLUG),
    cookie,
  );
  const big = await clubTargets(
    "big",
    me.organizations.find((c) => c.slug === BIG_SLUG),
    cookie,
  );
  const prefs = await get("/api/me/notification-preferences", cookie);

  const reads = [
    { name: "bare Fastify + one 5-row SELECT (baseline)", url: `${bare}/read` },
    { name: "GET /api/health", url: `${app}/api/health` },
    { name: "GET /api/me", url: `${app}/api/me`, cookie },
    ...sideBySideTargets(demo.reads, big.reads),
  ];
  const writes = [
    { name: "bare Fastify + one INSERT (baseline)", url: `${bare}/write`, method: "POST" },
    {
      name: "PUT /api/me/notification-preferences",
      url: `${app}/api/me/notification-preferences`,
      method: "PUT",
      cookie,
      body: JSON.stringify(prefs),
    },
  ];

  const load = (target, duration) =>
    autocannon({
      url: target.url,
      method: target.method ?? "GET",
      connections,
      duration,
      headers: {
        ...(target.cookie ? { cookie: target.cookie } : {}),
        ...(target.method && target.method !== "GET" ? { origin: app } : {}),
        ...(target.body ? { "content-type": "application/json" } : {}),
      },
      ...(target.body ? { body: target.body } : {}),
      ...(target.requests ? { requests: target.requests } : {}),
    });
  // Each target is warmed up first (its code compiled, its connections and statements made), so
  // the figure is of the steady state, not of a cold start. It is then measured in slices that
  // alternate with its baseline's (baseline, target, baseline, target): on a shared machine the
  // speed moves by half within minutes, and a ratio of runs taken minutes apart measured the
  // machine as much as the route. A route's demo and big-club targets are measured side by side
  // in the same rounds (baseline, demo, big, baseline, big, demo), so the big club's figure
  // against the demo's is of the same minute too: measured minutes apart, one read's came out
  // 0.66 in one run and 0.83 in the next. Latencies are the worse slice's.
  const measureAlongside = async (baseline, targets) => {
    for (const target of targets) {
      await target.beforeEachRun?.();
      await load(target, WARM_UP_SECONDS);
    }
    const baselineRuns = [];
    const runs = targets.map(() => []);
    for (let round = 0; round < ROUNDS; round++) {
      baselineRuns.push(await load(baseline, seconds / ROUNDS));
      // Each round in the other order, so neither target always runs first after the baseline.
      const order = targets.map((_, i) => i);
      if (round % 2 === 1) order.reverse();
      for (const i of order) {
        await targets[i].beforeEachRun?.();
        runs[i].push(await load(targets[i], seconds / ROUNDS));
      }
    }
    const rate = (list) => list.reduce((sum, run) => sum + run.requests.total, 0) / seconds;
    const baselineRate = Math.round(rate(baselineRuns));
    const results = targets.map((target, i) => ({
      name: target.name,
      requestsPerSecond: Math.round(rate(runs[i])),
      latencyP50Ms: Math.max(...runs[i].map((run) => run.latency.p50)),
      latencyP99Ms: Math.max(...runs[i].map((run) => run.latency.p99)),
      non2xx: runs[i].reduce((sum, run) => sum + run.non2xx, 0),
      errors: runs[i].reduce((sum, run) => sum + run.errors, 0),
      baselineRequestsPerSecond: baselineRate,
      ratioToBaseline: +(rate(runs[i]) / rate(baselineRuns)).toFixed(3),
    }));
    return { baselineRate, results };
  };
  /** A baseline, then targets: each alone, or a list measured side by side (measureAlongside). */
  const measureGroup = async ([baseline, ...entries]) => {
    await load(baseline, WARM_UP_SECONDS);
    const results = [];
    const baselineRuns = [];
    for (const entry of entries) {
      const measured = await measureAlongside(baseline, [entry].flat());
      baselineRuns.push(measured.baselineRate);
      results.push(...measured.results);
    }
    const average = Math.round(baselineRuns.reduce((a, b) => a + b, 0) / baselineRuns.length);
    return [
      { name: baseline.name, requestsPerSecond: average, baselineRuns, ratioToBaseline: 1 },
      ...results,
    ];
  };
  const readResults = await measureGroup(reads);
  // Later in a long evening: 1,000 more finished games in the demo's live session, then its
  // board again, against the same baseline (the writes below run after them too).
  await addFinishedGames(databaseUrl, demo.orgId, demo.live.id, LONG_SESSION_GAMES);
  const [, ...laterResults] = await measureGroup([
    reads[0],
    {
      name: `demo: GET /api/orgs/:orgId/board (after ${LONG_SESSION_GAMES} more games)`,
      url: `${app}/api/orgs/${demo.orgId}/board`,
      cookie,
    },
  ]);
  // Made after the reads: the sessions these writes need would lengthen the sessions list.
  writes.push(
    [
      await registrationWrites("demo", demo.orgId, cookie),
      await registrationWrites("big", big.orgId, cookie),
    ],
    [await boardActionWrites("demo", demo.orgId, cookie), await boardActionWrites("big", big.orgId, cookie)],
  );
  const writeResults = await measureGroup(writes);
  // An organizer scoring court after court, one at a time: every score is a board transaction
  // and, the players being members, a ladder result at the end of the club's history.
  // Beside them, the bare route's INSERT posted one at a time in the same minute: a score's
  // milliseconds on a machine that runs this slower or faster than another day's.
  const scoring = {
    bareInsertOneByOne: await bareWritesOneByOne(SCORES),
    demo: await scoreOneByOne(demo.orgId, cookie, SCORES),
    big: await scoreOneByOne(big.orgId, cookie, SCORES),
  };
  const memory = residentMegabytes(server.pid);

  const ratioOf = (results, name) => results.find((r) => r.name === name)?.ratioToBaseline;
  const sideBySide = (results) =>
    results
      .filter((r) => r.name.startsWith("demo: "))
      .map((r) => {
        const name = r.name.slice("demo: ".length);
        const bigRatio = ratioOf(results, `big: ${name}`);
        return {
          name,
          demo: r.ratioToBaseline,
          big: bigRatio ?? null,
          bigToDemo: bigRatio ? +(bigRatio / r.ratioToBaseline).toFixed(3) : null,
        };
      })
      .filter((row) => row.big !== null);

  const report = {
    date: new Date().toISOString(),
    machine: {
      cpus: (await import("node:os")).cpus().length,
      loadAverageBefore: loadBefore,
      loadAverageAfter: loadavg(),
    },
    seconds,
    connections,
    clubs: {
      demo: `the demo club (24 members, 8 sessions, 72 matches, open play on 4 courts); the later board read and the writes after ${LONG_SESSION_GAMES} more finished games`,
      big: `the big club (npm run seed:big, scale ${process.env.BIG_CLUB_SCALE ?? "1"}: ${big.counts}; open play on 8 courts), written in ${seedSeconds} s before the run`,
    },
    serverMemoryMb: memory,
    ratiosSideBySide: { reads: sideBySide(readResults), writes: sideBySide(writeResults) },
    scoringOneOrganizer: scoring,
    reads: [...readResults, ...laterResults],
    writes: writeResults,
  };
  mkdirSync(path.join(root, "bench/results"), { recursive: true });
  writeFileSync(path.join(root, "bench/results/api-reads.json"), `${JSON.stringify(report, null, 2)}\n`);
  console.table(report.reads);
  console.table(report.writes);
  console.table(report.ratiosSideBySide.reads);
  console.table(report.ratiosSideBySide.writes);
  console.log(JSON.stringify(report.scoringOneOrganizer));
  console.log(
    `server memory: ${JSON.stringify(memory)} MB; load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
} finally {
  for (const child of children) child.kill("SIGTERM");
  await Promise.all(
    children.map(
      (child) => new Promise((resolve) => (child.exitCode !== null ? resolve() : child.on("exit", resolve))),
    ),
  );
}

/**
 * Registering for a session and cancelling, alternately, as many players at once as there are
 * connections. One person may hold one place per session, so the owner registers for sessions
 * made for the run (one per connection, plus spares): each register takes a free session and
 * its cancel gives it back. Both halves are writes through the whole use case (capacity and
 * waitlist rules, the outbox, the queue refresh); each counts as one request.
 */
async function registrationWrites(label, orgId, cookie) {
  const sessionIds = [];
  const day = 24 * 3600 * 1000;
  for (let i = 0; i < connections + 10; i++) {
    const startsAt = new Date(Date.now() + (30 + i) * day);
    const res = await fetch(`${app}/api/orgs/${orgId}/sessions`, {
      method: "POST",
      headers: { cookie, origin: app, "content-type": "application/json" },
      body: JSON.stringify({
        name: `Bench play ${i + 1}`,
        startsAt: startsAt.toISOString(),
        endsAt: new Date(startsAt.getTime() + 2 * 3600 * 1000).toISOString(),
        capacity: 16,
      }),
    });
    if (!res.ok) throw new Error(`creating a session: ${res.status} ${await res.text()}`);
    sessionIds.push((await res.json()).sessions[0].id);
  }
  const path = (sessionId) => `/api/orgs/${orgId}/sessions/${sessionId}/registrations`;
  // Sessions not being registered for right now. A run stops with some registers unanswered
  // or uncancelled: before each run every place is given back and every session is free.
  const free = [];
  const beforeEachRun = async () => {
    for (const sessionId of sessionIds) {
      const { mine } = await get(`/api/orgs/${orgId}/sessions/${sessionId}`, cookie);
      if (mine) {
        const res = await fetch(`${app}${path(sessionId)}/${mine.id}`, {
          method: "DELETE",
          headers: { cookie, origin: app },
        });
        if (!res.ok) throw new Error(`cancelling a place: ${res.status} ${await res.text()}`);
      }
    }
    free.splice(0, free.length, ...sessionIds);
  };
  return {
    beforeEachRun,
    name: `${label}: POST then DELETE a registration (alternating)`,
    url: app,
    method: "POST",
    cookie,
    requests: [
      {
        method: "POST",
        setupRequest: (request, context) => {
          context.sessionId = free.shift();
          return context.sessionId ? { ...request, path: path(context.sessionId) } : null;
        },
        onResponse: (status, body, context) => {
          if (status === 201) context.registrationId = JSON.parse(body).registration.id;
          else free.push(context.sessionId);
        },
      },
      {
        method: "DELETE",
        setupRequest: (request, context) =>
          context.registrationId
            ? { ...request, path: `${path(context.sessionId)}/${context.registrationId}` }
            : null,
        onResponse: (_status, _body, context) => free.push(context.sessionId),
      },
    ],
  };
}

/**
 * A board action an organizer takes all session: sending a waiting player to the back of the
 * line. Each is a whole board transaction (the board's row lock, the queue brought in line with
 * check-in, the change, the courts filled, up-next emails, the version bumped, the notice).
 */
async function boardActionWrites(label, orgId, cookie) {
  const board = await get(`/api/orgs/${orgId}/board`, cookie);
  const waiting = board.queue[0];
  if (!waiting) throw new Error(`the ${label} club's board has nobody waiting`);
  return {
    name: `${label}: POST /api/orgs/:orgId/board/players/:id (skip)`,
    url: `${app}/api/orgs/${orgId}/board/players/${waiting.registrationId}`,
    method: "POST",
    cookie,
    body: JSON.stringify({ action: "skip" }),
  };
}

/**
 * Adds `count` finished games to the live session, as a long evening of play leaves them: on
 * the club's courts in turn, four of the queue's players each, a quarter of an hour apart.
 * Written directly (a board action each would take minutes at the rate measured below).
 */
async function addFinishedGames(databaseUrl, orgId, sessionId, count) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query(
      `insert into games (organization_id, session_id, court_id, team_a, team_b, status,
         score_a, score_b, started_at, ended_at)
       select $1, $2, c.ids[1 + g % array_length(c.ids, 1)],
         array[p.ids[1 + g % p.n], p.ids[1 + (g + 1) % p.n]],
         array[p.ids[1 + (g + 2) % p.n], p.ids[1 + (g + 3) % p.n]],
         'finished', 11, 5 + g % 6,
         now() - make_interval(mins => 15 * ($3 - g + 1)), now() - make_interval(mins => 15 * ($3 - g))
       from generate_series(1, $3::int) g,
         (select array_agg(id) ids from courts where organization_id = $1) c,
         (select array_agg(registration_id::text) ids, count(*)::int n from queue_players
           where organization_id = $1 and session_id = $2) p
       where p.n >= 4`,
      [orgId, sessionId, count],
    );
    if (rowCount !== count)
      throw new Error(`added ${rowCount} games, not ${count}: the live session needs 4 players in its queue`);
  } finally {
    await client.end();
  }
}

/**
 * What is read of one club, named "<label>: <route>": the reads a club makes all day, and the
 * lists that grow with its years (past sessions, matches, the ladder, a regular's page).
 */
async function clubTargets(label, club, cookie) {
  const orgId = club.id;
  const { sessions } = await get(`/api/orgs/${orgId}/sessions`, cookie);
  const live = sessions.find((s) => s.status === "active") ?? sessions[0];
  const ladder = await get(`/api/orgs/${orgId}/ladder?format=doubles`, cookie);
  const { total: members } = await get(`/api/orgs/${orgId}/members`, cookie);
  // The club's busiest player, whose page is the heaviest to read.
  const regular = ladder.summary?.busiest;
  const target = (route, url) => ({ name: `${label}: GET ${route}`, url: `${app}${url}`, cookie });
  const reads = [
    target("/api/orgs/:orgId/sessions", `/api/orgs/${orgId}/sessions`),
    target("/api/orgs/:orgId/sessions/:id", `/api/orgs/${orgId}/sessions/${live.id}`),
    target("/api/orgs/:orgId/members", `/api/orgs/${orgId}/members`),
    target("/api/orgs/:orgId/board", `/api/orgs/${orgId}/board`),
    target("/api/public/clubs/:slug (signed in)", `/api/public/clubs/${club.slug}`),
    target("/api/orgs/:orgId/ladder", `/api/orgs/${orgId}/ladder?format=doubles`),
    target("/api/orgs/:orgId/matches", `/api/orgs/${orgId}/matches`),
    target("/api/orgs/:orgId/sessions?scope=past", `/api/orgs/${orgId}/sessions?scope=past`),
    ...(regular
      ? [target("/api/orgs/:orgId/players/:userId", `/api/orgs/${orgId}/players/${regular.userId}`)]
      : []),
  ];
  const counts = `${members} members, the busiest player with ${regular?.games ?? 0} matches`;
  return { label, orgId, live, reads, counts };
}

/** Scores the games on court one at a time, as one organizer does: each POST's latency. */
async function scoreOneByOne(orgId, cookie, count) {
  const times = [];
  for (let i = 0; i < count + 10; i++) {
    const board = await get(`/api/orgs/${orgId}/board`, cookie);
    const game = board.courts.map((c) => c.game).find(Boolean);
    if (!game) throw new Error("no game on court to score");
    const started = performance.now();
    const res = await fetch(`${app}/api/orgs/${orgId}/board/games/${game.id}/score`, {
      method: "POST",
      headers: { cookie, origin: app, "content-type": "application/json" },
      body: JSON.stringify({ scoreA: 11, scoreB: i % 10 }),
    });
    const ms = performance.now() - started;
    if (!res.ok) throw new Error(`scoring: ${res.status} ${await res.text()}`);
    if (i >= 10) times.push(ms);
  }
  return latencies(times);
}

/** The bare route's INSERT posted one after another: each POST's latency, as scoreOneByOne. */
async function bareWritesOneByOne(count) {
  const times = [];
  for (let i = 0; i < count + 10; i++) {
    const started = performance.now();
    const res = await fetch(`${bare}/write`, { method: "POST" });
    const ms = performance.now() - started;
    if (!res.ok) throw new Error(`bare write: ${res.status}`);
    await res.arrayBuffer();
    if (i >= 10) times.push(ms);
  }
  return latencies(times);
}

/** The middle, the 99th percentile and the slowest of `times` (ms). */
function latencies(times) {
  times.sort((a, b) => a - b);
  const at = (q) => +times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
  return { count: times.length, p50Ms: at(0.5), p99Ms: at(0.99), maxMs: at(1) };
}

/** Each of the demo's targets beside the big club's of the same route, to be measured together. */
function sideBySideTargets(demoTargets, bigTargets) {
  return demoTargets.map((target) => {
    const route = target.name.slice("demo: ".length);
    const twin = bigTargets.find((b) => b.name === `big: ${route}`);
    return twin ? [target, twin] : target;
  });
}

/** Runs a script to its end; throws if it fails. */
function run(file, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [file], { env: { ...process.env, ...env }, stdio: "inherit" });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${file} exited with ${code}`))));
  });
}

/** The server's resident memory now and at its peak (Linux /proc), in MB. */
function residentMegabytes(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (field) => Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? 0);
    return { now: Math.round(kb("VmRSS") / 1024), peak: Math.round(kb("VmHWM") / 1024) };
  } catch {
    return null;
  }
}

async function get(p, cookie) {
  const res = await fetch(`${app}${p}`, { headers: cookie ? { cookie } : {} });
  if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
  return res.json();
}

async function signIn(email, password) {
  const res = await fetch(`${app}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: app },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}
