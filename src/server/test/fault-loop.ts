// Durability under "kill -9": the real server runs as a child process, takes concurrent
// session writes, and is killed without warning at a random moment. Every write it answered
// 2xx must then be in PostgreSQL; a lost one means the server acknowledged before commit.
// Used by kill-loop.test.ts (a short run) and bench/faults/run.ts (a long one).
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../platform/net/free-port.js";
import { serverCommand } from "./compiled-server.js";
import { admin, withDatabase } from "./global-setup.js";
import { firstLink, startSmtpPeer } from "./smtp-peer.js";

/** Writes kept in flight at once while the server lives. */
const IN_FLIGHT = 8;
const KILL_AFTER_MS = { min: 200, max: 1500 };
// Bounds on every wait, so a wedged server fails the run instead of hanging it. Start-up is
// generous: two cores are shared with other work (and outside the suite tsx compiles the server
// on each start).
const START_TIMEOUT_MS = 60_000;
const EXIT_TIMEOUT_MS = 10_000;
const REQUEST_TIMEOUT_MS = 10_000;
const HEALTH_POLL_MS = 100;
/** Lines of the child's output kept for the error when it fails to start or dies. */
const OUTPUT_LINES = 40;

const repoRoot = path.resolve(import.meta.dirname, "../../..");

export type KillLoopOptions = {
  cycles: number;
  /**
   * A PostgreSQL server (any database on it): a fresh database is made there for the run.
   * "embedded": the server runs on its default, the embedded PostgreSQL in its DATA_DIR, which
   * a kill -9 leaves running without its parent (the next start must deal with it).
   */
  databaseUrl: string | "embedded";
  log?: (line: string) => void;
};

export type CycleResult = {
  acknowledged: number;
  lost: number;
  /** Writes the live server answered with something other than 2xx. */
  rejected: number;
  /** From spawning the server to its first healthy answer; cycle 0's start also migrates. */
  startMs: number;
  killAfterMs: number;
};

export type KillLoopResult = {
  cycles: number;
  acknowledged: number;
  lost: number;
  rejected: number;
  /** Each restart after a kill, from spawning the server to its first healthy answer. */
  durationsMs: number[];
  perCycle: CycleResult[];
  /** Names of the acknowledged sessions missing after a kill. */
  lostNames: string[];
};

type Server = { child: ChildProcess; baseUrl: string; output: string[]; exited: Promise<void> };

export async function runKillLoop(options: KillLoopOptions): Promise<KillLoopResult> {
  const log = options.log ?? (() => {});
  const embedded = options.databaseUrl === "embedded";
  const database = `fault_${randomBytes(4).toString("hex")}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "courtside-fault-"));
  // The embedded database's port is chosen at each start: read again after each one.
  let databaseUrl = embedded ? "" : withDatabase(options.databaseUrl, database);
  const sessionSecret = randomBytes(32).toString("hex");
  const smtp = await startSmtpPeer();
  let server: Server | undefined;
  // If this process exits mid-run (vitest tearing down a timed-out test's worker), the child
  // must not outlive it. Ctrl-C reaches the child itself: it shares the terminal's process group.
  const killOnExit = () => server?.child.kill("SIGKILL");
  process.once("exit", killOnExit);

  const start = async (): Promise<number> => {
    const began = performance.now();
    server = spawnServer({
      ...(embedded ? {} : { DATABASE_URL: databaseUrl }),
      PORT: String(await freePort()),
      SMTP_URL: smtp.url,
      SESSION_SECRET: sessionSecret,
      DATA_DIR: dataDir,
    });
    await waitHealthy(server);
    if (embedded) databaseUrl = embeddedDatabaseUrl(dataDir);
    return performance.now() - began;
  };

  try {
    if (!embedded)
      await admin(options.databaseUrl, async (client) => {
        await client.query(`create database ${database}`);
      });
    // The first start applies the migrations to the empty database; cycle 0 kills that server.
    const firstStartMs = await start();
    const { cookie, orgId } = await setUpClub(server!, smtp).catch((error: unknown) => {
      throw new Error(`Setting up the club failed (${error}); the server ${status(server!)}`, {
        cause: error,
      });
    });
    log(`club ${orgId} ready in ${database}`);

    const perCycle: CycleResult[] = [];
    const lostNames: string[] = [];
    for (let cycle = 0; cycle < options.cycles; cycle++) {
      let startMs = cycle === 0 ? firstStartMs : await start();
      const killAfterMs = KILL_AFTER_MS.min + Math.random() * (KILL_AFTER_MS.max - KILL_AFTER_MS.min);
      const writes = await writeUntilKilled(server!, { cookie, orgId, cycle, killAfterMs }).catch(
        async (error: unknown) => {
          // The free port was taken between choosing it and listening (tests run side by side),
          // and another server answered the health check: that is the machine, not a lost write.
          if (!server || alive(server) || !server.output.some((line) => line.includes("EADDRINUSE")))
            throw error;
          log(`cycle ${cycle}: the port was taken before the server listened; starting again`);
          startMs = await start();
          return writeUntilKilled(server!, { cookie, orgId, cycle, killAfterMs });
        },
      );
      const missing = await missingSessions(databaseUrl, writes.acknowledged);
      lostNames.push(...missing);
      const result = {
        acknowledged: writes.acknowledged.length,
        lost: missing.length,
        rejected: writes.rejected,
        startMs: Math.round(startMs),
        killAfterMs: Math.round(killAfterMs),
      };
      perCycle.push(result);
      log(
        `cycle ${cycle + 1}/${options.cycles}: started in ${result.startMs} ms, killed after ${result.killAfterMs} ms, ` +
          `${result.acknowledged} acknowledged, ${result.rejected} rejected, ${result.lost} lost`,
      );
    }
    return {
      cycles: perCycle.length,
      acknowledged: perCycle.reduce((sum, c) => sum + c.acknowledged, 0),
      lost: perCycle.reduce((sum, c) => sum + c.lost, 0),
      rejected: perCycle.reduce((sum, c) => sum + c.rejected, 0),
      durationsMs: perCycle.slice(1).map((c) => c.startMs),
      perCycle,
      lostNames,
    };
  } finally {
    try {
      if (server) await killServer(server);
    } finally {
      process.removeListener("exit", killOnExit);
      await smtp.close();
      if (embedded) await stopLeftoverPostgres(dataDir);
      else
        await admin(options.databaseUrl, async (client) => {
          await client.query(`drop database if exists ${database} with (force)`);
        });
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

function spawnServer(env: Record<string, string>): Server {
  const baseUrl = `http://127.0.0.1:${env.PORT}`;
  const child = spawn(process.execPath, serverCommand(), {
    cwd: repoRoot,
    env: { ...process.env, ...env, HOST: "127.0.0.1", APP_URL: baseUrl, LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(...chunk.toString().split("\n").filter(Boolean));
    output.splice(0, Math.max(0, output.length - OUTPUT_LINES));
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return { child, baseUrl, output, exited };
}

const alive = (server: Server) => server.child.exitCode === null && server.child.signalCode === null;

function status(server: Server): string {
  const { exitCode, signalCode } = server.child;
  // main.ts exits 0 only after its graceful stop, which only SIGTERM or SIGINT starts.
  const how =
    signalCode ?? (exitCode === 0 ? "code 0: something sent it SIGTERM or SIGINT" : `code ${exitCode}`);
  return `${alive(server) ? "still running" : `exited (${how})`}; last output:\n${server.output.join("\n")}`;
}

async function waitHealthy(server: Server): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (!alive(server)) throw new Error(`The server stopped while starting: ${status(server)}`);
    const ok = await fetch(`${server.baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ok) return;
    await sleep(HEALTH_POLL_MS);
  }
  throw new Error(`GET /api/health did not answer 200 within ${START_TIMEOUT_MS} ms: ${status(server)}`);
}

async function killServer(server: Server): Promise<void> {
  if (alive(server)) server.child.kill("SIGKILL");
  const timer = sleep(EXIT_TIMEOUT_MS).then(() => "timeout" as const);
  if ((await Promise.race([server.exited, timer])) === "timeout")
    throw new Error(
      `The server (pid ${server.child.pid}) did not exit within ${EXIT_TIMEOUT_MS} ms of SIGKILL`,
    );
}

/** A browser's same-origin JSON request, as the server requires for every write. */
function send(server: Server, method: string, url: string, body: unknown, cookie?: string) {
  return fetch(`${server.baseUrl}${url}`, {
    method,
    headers: {
      origin: server.baseUrl,
      "content-type": "application/json",
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
}

/** Signs an owner up through the mailed confirmation link and makes their club. */
async function setUpClub(server: Server, smtp: Awaited<ReturnType<typeof startSmtpPeer>>) {
  const email = `owner-${randomBytes(4).toString("hex")}@example.test`;
  const signUp = await send(server, "POST", "/api/auth/sign-up/email", {
    email,
    name: "Fault Owner",
    password: "correct horse battery",
    callbackURL: "/onboarding",
  });
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const link = firstLink(await smtp.waitForMail(email, /Confirm/));
  const verify = await fetch(link, { redirect: "manual", signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  const cookie = verify.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .join("; ");
  if (!cookie.includes("session_token")) throw new Error(`verification gave no session: ${verify.status}`);

  const club = await send(
    server,
    "POST",
    "/api/orgs",
    { name: "Fault Line Pickleball", courtsCount: 2, timeZone: "America/New_York" },
    cookie,
  );
  if (club.status !== 201) throw new Error(`club creation failed: ${club.status} ${await club.text()}`);
  const { organization } = (await club.json()) as { organization: { id: string } };
  return { cookie, orgId: organization.id };
}

/**
 * Keeps IN_FLIGHT session writes going until the server is killed `killAfterMs` from now,
 * and returns the names of the sessions it acknowledged.
 */
async function writeUntilKilled(
  server: Server,
  run: { cookie: string; orgId: string; cycle: number; killAfterMs: number },
) {
  const acknowledged: string[] = [];
  let rejected = 0;
  let next = 0;
  let killed = false;
  const startsAt = new Date(Date.now() + 7 * 24 * 3600_000);
  const body = (name: string) => ({
    name,
    startsAt: startsAt.toISOString(),
    endsAt: new Date(startsAt.getTime() + 2 * 3600_000).toISOString(),
  });

  const writer = async () => {
    while (!killed) {
      const name = `Fault ${run.cycle} ${next++}`;
      try {
        const response = await send(
          server,
          "POST",
          `/api/orgs/${run.orgId}/sessions`,
          body(name),
          run.cookie,
        );
        // Read the whole answer: a 2xx status alone could arrive before a body that never does.
        await response.arrayBuffer();
        if (response.ok) acknowledged.push(name);
        else if (!killed) rejected++;
      } catch {
        // Cut off by the kill: never acknowledged, so the server owes nothing for it. A failure
        // while the server lives is caught by the check below.
        if (!killed && alive(server)) rejected++;
      }
    }
  };

  const writers = Array.from({ length: IN_FLIGHT }, writer);
  // The random moment counts from the first acknowledged write: on a loaded machine the first
  // answers can take longer than the delay, and a cycle with nothing acknowledged proves nothing.
  const deadline = Date.now() + 30_000;
  while (acknowledged.length === 0 && alive(server) && Date.now() < deadline) await sleep(20);
  await sleep(run.killAfterMs);
  if (!alive(server)) throw new Error(`The server died before it was killed: ${status(server)}`);
  killed = true;
  await killServer(server);
  await Promise.all(writers);
  return { acknowledged, rejected };
}

async function missingSessions(databaseUrl: string, names: string[]): Promise<string[]> {
  let found = new Set<string>();
  await admin(databaseUrl, async (client) => {
    const { rows } = await client.query<{ name: string }>(
      "select name from sessions where name = any($1::text[])",
      [names],
    );
    found = new Set(rows.map((row) => row.name));
  });
  return names.filter((name) => !found.has(name));
}

/** The embedded database of a server started in `dataDir`: its port is line 4 of postmaster.pid. */
function embeddedDatabaseUrl(dataDir: string): string {
  const port = readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[3];
  return `postgres://postgres:courtside@127.0.0.1:${port}/courtside`;
}

/** The last kill left the embedded PostgreSQL running: stop it (fast shutdown) before removing its folder. */
async function stopLeftoverPostgres(dataDir: string): Promise<void> {
  let pid: number;
  try {
    pid = Number(readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]);
  } catch {
    return;
  }
  const running = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!running()) return;
  process.kill(pid, "SIGINT");
  for (let waited = 0; running() && waited < EXIT_TIMEOUT_MS; waited += 50) await sleep(50);
  if (running()) process.kill(pid, "SIGKILL");
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
