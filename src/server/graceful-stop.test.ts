// SIGTERM with requests in flight: the server stops accepting, answers every request it
// already has (and finishes the work of those whose client hung up), and exits 0, with
// DATABASE_URL and with its embedded PostgreSQL alike.
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { admin, withDatabase } from "./test/global-setup.js";
import { type ServerProcess, spawnServerProcess, startServerProcess } from "./test/server-process.js";

const { serverUrl, template } = inject("testDatabase");
const running: ServerProcess[] = [];
afterAll(() => {
  for (const server of running) server.child.kill("SIGKILL");
});

/** A GET on a connection of its own: its status (or the network error's code), or hang up. */
function get(url: string) {
  let request: http.ClientRequest | undefined;
  const status = new Promise<number | string>((resolve) => {
    request = http
      .get(url, { agent: false }, (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      })
      .on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
  return { status, hangUp: () => request?.destroy() };
}
const statusOf = (url: string) => get(url).status;

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const IN_FLIGHT = 8;

/**
 * Holds a lock that every read of a club waits behind, so the requests are truly in flight
 * inside the server when SIGTERM arrives; then lets them through and expects every one
 * answered and the process to exit 0.
 */
async function stopWithRequestsInFlight(
  server: ServerProcess,
  databaseUrl: string,
  { clientsHangUp = false } = {},
) {
  const holder = new pg.Client({ connectionString: databaseUrl });
  const watcher = new pg.Client({ connectionString: databaseUrl });
  // Once the requests are answered the server may stop its embedded database before these two
  // have hung up: that ends them (57P01), which is expected here, not a crash of the test.
  for (const client of [holder, watcher]) client.on("error", () => {});
  await Promise.all([holder.connect(), watcher.connect()]);
  try {
    await holder.query(
      "insert into organizations (name, slug, trial_ends_at) values ('Stop Club', 'stop-club', now() + interval '30 days')",
    );
    await holder.query("begin");
    await holder.query("lock table organizations in access exclusive mode");
    const inFlight = Array.from({ length: IN_FLIGHT }, () => get(`${server.url}/api/public/clubs/stop-club`));
    // Watched from a connection outside the holder's transaction, whose statistics views
    // would show one frozen snapshot.
    await waitUntil(
      async () =>
        (
          await watcher.query(
            "select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
          )
        ).rows.length >= IN_FLIGHT,
      10_000,
      "requests waiting on the lock",
    );

    if (clientsHangUp) for (const request of inFlight) request.hangUp();
    server.child.kill("SIGTERM");
    // It takes no new requests once told to stop, and keeps going while the held ones wait...
    await waitUntil(
      async () => (await statusOf(`${server.url}/api/health`)) === "ECONNREFUSED",
      10_000,
      "the server to stop listening",
    );
    expect(server.child.exitCode, server.output()).toBeNull();
    // ...and answers them all once the database lets them through.
    await holder.query("commit");
    const statuses = await Promise.all(inFlight.map((request) => request.status));
    expect(statuses).toEqual(Array(IN_FLIGHT).fill(clientsHangUp ? "ECONNRESET" : 200));
  } finally {
    await Promise.all([holder.end().catch(() => {}), watcher.end().catch(() => {})]);
  }
  expect(await server.exited, server.output()).toBe(0);
  expect(server.output()).toContain('"msg":"stopped"');
  // Every request's work ran to its end on an open pool, whether or not anyone still waited.
  expect(server.output()).not.toContain("database unavailable");
}

/** A server on a database of its own (DATABASE_URL), stopped with requests in flight. */
async function stopOnOwnDatabase(options: { clientsHangUp: boolean }) {
  const name = `t_${process.pid}_stop_${randomBytes(3).toString("hex")}`;
  await admin(serverUrl, async (client) => {
    await client.query(`create database ${name} template ${template}`);
  });
  const databaseUrl = withDatabase(serverUrl, name);
  try {
    const server = await startServerProcess({ DATABASE_URL: databaseUrl, DATA_DIR: tmpdir() });
    running.push(server);
    await stopWithRequestsInFlight(server, databaseUrl, options);
  } finally {
    await admin(serverUrl, async (client) => {
      await client.query(`drop database if exists ${name} with (force)`);
    });
  }
}

describe("graceful stop", () => {
  it("with DATABASE_URL: answers every request in flight, then exits 0", async () => {
    await stopOnOwnDatabase({ clientsHangUp: false });
  }, 90_000);

  it("finishes the work of requests whose clients hung up before closing the pool", async () => {
    await stopOnOwnDatabase({ clientsHangUp: true });
  }, 90_000);

  it("with the embedded PostgreSQL: answers every request in flight, stops the database last, exits 0", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "courtside-stop-"));
    try {
      const server = await startServerProcess({ DATA_DIR: dataDir }, 120_000);
      running.push(server);
      // The embedded server's port is the fourth line of its postmaster.pid.
      const postmaster = path.join(dataDir, "postgres", "postmaster.pid");
      const port = readFileSync(postmaster, "utf8").split("\n")[3];
      await stopWithRequestsInFlight(server, `postgres://postgres:courtside@127.0.0.1:${port}/courtside`);
      // We stopped the database ourselves, after the requests: nothing is left running.
      expect(existsSync(postmaster)).toBe(false);
      expect(existsSync(path.join(dataDir, "courtside.pid"))).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 150_000);

  it("a start that fails part way (the port is taken) stops the embedded PostgreSQL it started", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "courtside-failed-start-"));
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    try {
      const server = spawnServerProcess({ DATA_DIR: dataDir }, (taken.address() as AddressInfo).port);
      running.push(server);
      const code = await Promise.race([
        server.exited,
        new Promise((resolve) => setTimeout(() => resolve("still running"), 120_000)),
      ]);
      expect(code, server.output()).toBe(1);
      expect(server.output()).toContain("EADDRINUSE");
      expect(existsSync(path.join(dataDir, "postgres", "PG_VERSION")), server.output()).toBe(true);
      expect(existsSync(path.join(dataDir, "postgres", "postmaster.pid")), server.output()).toBe(false);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 150_000);
});
