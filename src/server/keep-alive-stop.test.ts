// SIGTERM under keep-alive traffic: 50 clients keep requests going on kept-alive connections
// while the server stops. Every request that reached a connection gets an HTTP answer, a
// normal one or our 503 with Retry-After; none is cut off with ECONNRESET or a hang-up. Only a
// connection opened after the listener closed may be refused (nothing was sent on it). The
// process then exits 0 within the bound. See platform/web/draining.ts.
import { randomBytes } from "node:crypto";
import http from "node:http";
import { tmpdir } from "node:os";
import pg from "pg";
import { afterAll, expect, inject, it } from "vitest";
import { admin, withDatabase } from "./test/global-setup.js";
import { type ServerProcess, startServerProcess } from "./test/server-process.js";

const CLIENTS = 50;
/** Answers each client has had before the signal: every connection is open and reused. */
const WARM_UP_ANSWERS = 3;
/** Bounds, so the test stops by itself whatever the server does. */
const MAX_REQUESTS_PER_CLIENT = 500;
const CLIENT_RUN_MS = 40_000;
const REQUEST_TIMEOUT_MS = 10_000;
const EXIT_BOUND_MS = 15_000;
/** A pause of up to this between a client's requests: some connections are idle at any moment. */
const MAX_THINK_MS = 30;

const { serverUrl, template } = inject("testDatabase");
const running: ServerProcess[] = [];
afterAll(() => {
  for (const server of running) server.child.kill("SIGKILL");
});

type Outcome =
  | { status: number; retryAfter?: string; connection?: string; code?: string; reused: boolean }
  | { error: string; reused: boolean };

type Sent = { afterSignal: boolean; outcome: Outcome };

/** One GET on the shared keep-alive agent: its answer (status, headers, error code) or its error. */
function get(agent: http.Agent, url: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent, timeout: REQUEST_TIMEOUT_MS }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        body += chunk;
      });
      response.on("end", () => {
        let code: string | undefined;
        try {
          code = (JSON.parse(body) as { error?: { code?: string } }).error?.code;
        } catch {
          code = undefined;
        }
        resolve({
          status: response.statusCode ?? 0,
          retryAfter: response.headers["retry-after"],
          connection: response.headers.connection,
          code,
          reused: request.reusedSocket,
        });
      });
      response.on("error", (error: NodeJS.ErrnoException) =>
        resolve({ error: error.code ?? error.message, reused: request.reusedSocket }),
      );
    });
    request.on("timeout", () => request.destroy(new Error("timed out")));
    request.on("error", (error: NodeJS.ErrnoException) =>
      resolve({ error: error.code ?? error.message, reused: request.reusedSocket }),
    );
  });
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function withOwnDatabase(run: (databaseUrl: string) => Promise<void>) {
  const name = `t_${process.pid}_keepalive_${randomBytes(3).toString("hex")}`;
  await admin(serverUrl, async (client) => {
    await client.query(`create database ${name} template ${template}`);
  });
  try {
    await run(withDatabase(serverUrl, name));
  } finally {
    await admin(serverUrl, async (client) => {
      await client.query(`drop database if exists ${name} with (force)`);
    });
  }
}

it("answers every request sent on a kept-alive connection during a stop, and exits in time", async () => {
  await withOwnDatabase(async (databaseUrl) => {
    const setup = new pg.Client({ connectionString: databaseUrl });
    await setup.connect();
    await setup.query(
      "insert into organizations (name, slug, trial_ends_at) values ('Keep Club', 'keep-club', now() + interval '30 days')",
    );
    await setup.end();

    const server = await startServerProcess({ DATABASE_URL: databaseUrl, DATA_DIR: tmpdir() });
    running.push(server);
    let exitCode: number | string | undefined;
    void server.exited.then((code) => {
      exitCode = code;
    });
    // Half the requests read the database, so some are still running when the signal comes.
    const urls = [`${server.url}/api/health`, `${server.url}/api/public/clubs/keep-club`];
    const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
    const sent: Sent[] = [];
    const answersBefore = Array<number>(CLIENTS).fill(0);
    let signalled = false;
    const stopBy = Date.now() + CLIENT_RUN_MS;

    const client = async (index: number) => {
      for (let n = 0; n < MAX_REQUESTS_PER_CLIENT && Date.now() < stopBy; n++) {
        const afterSignal = signalled;
        const outcome = await get(agent, urls[n % urls.length]!);
        sent.push({ afterSignal, outcome });
        if ("error" in outcome) {
          // Refused: the listener is closed, and no later request would be sent anywhere.
          if (outcome.error === "ECONNREFUSED") return;
        } else if (!signalled) {
          answersBefore[index]!++;
        }
        if (exitCode !== undefined) return;
        await sleep(Math.random() * MAX_THINK_MS);
      }
    };

    try {
      const clients = Array.from({ length: CLIENTS }, (_, index) => client(index));
      const warmBy = Date.now() + 30_000;
      while (answersBefore.some((count) => count < WARM_UP_ANSWERS) && Date.now() < warmBy) await sleep(20);
      expect(Math.min(...answersBefore), server.output()).toBeGreaterThanOrEqual(WARM_UP_ANSWERS);

      const signalledAt = Date.now();
      signalled = true;
      server.child.kill("SIGTERM");
      const code = await Promise.race([server.exited, sleep(EXIT_BOUND_MS).then(() => "still running")]);
      const stopMs = Date.now() - signalledAt;
      await Promise.all(clients);

      const failures = sent.filter(({ outcome }) => {
        if ("error" in outcome) return !(outcome.error === "ECONNREFUSED" && !outcome.reused);
        if (outcome.status >= 200 && outcome.status < 300) return false;
        return !(outcome.status === 503 && outcome.retryAfter && outcome.code === "UNAVAILABLE");
      });
      const afterSignal = sent.filter((request) => request.afterSignal).map(({ outcome }) => outcome);
      const counts = new Map<string, number>();
      for (const outcome of afterSignal) {
        const key = "error" in outcome ? outcome.error : String(outcome.status);
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      const summary = `${sent.length} requests; after the signal: ${JSON.stringify(Object.fromEntries(counts))}; stopped in ${stopMs} ms`;

      expect(failures, summary).toEqual([]);
      expect(code, `${summary}\n${server.output()}`).toBe(0);
      expect(server.output()).toContain('"msg":"stopped"');
      // Every answer given during the stop told its client to close the connection.
      for (const outcome of afterSignal)
        if ("status" in outcome && outcome.status === 503) expect(outcome.connection).toBe("close");
      // Requests came on open connections after the stop began: the drain had work to do.
      expect(
        afterSignal.filter((outcome) => "status" in outcome && outcome.status === 503).length,
        summary,
      ).toBeGreaterThan(0);
    } finally {
      agent.destroy();
    }
  });
}, 120_000);
