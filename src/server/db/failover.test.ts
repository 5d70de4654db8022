// A failover, again and again: every connection of the app terminated while writers are busy,
// twenty times, and a 30 s outage behind a proxy. After each, a signed-in read (session
// look-up included) must answer 2xx within 5 s of the database accepting connections again:
// a client that died or timed out must never be lent out a second time.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionCache } from "../platform/auth/current-user.js";
import { makeClub, makeUser, type TestUser } from "../test/factories.js";
import { createTestApp, type TestApp } from "../test/harness.js";
import { startTcpProxy, type TcpProxy } from "../test/tcp-proxy.js";
import { connectDatabase, DATABASE_TIMEOUTS } from "./database.js";
import { IDLE_CHECK_AFTER_MS } from "./pool-guard.js";
import { sessions } from "./schema/sessions.js";

const WRITERS = 8;
const ROUNDS = 20;
const RECOVERY_MS = 5_000;

let t: TestApp;
let owner: TestUser;
let players: TestUser[];
let orgId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeUser(t, "owner@failover.example");
  players = await Promise.all(
    Array.from({ length: WRITERS }, (_, i) => makeUser(t, `w${i}@failover.example`)),
  );
  orgId = (
    await makeClub(
      t,
      owner,
      players.map((p) => [p, "member"]),
    )
  ).id;
});
afterAll(async () => {
  await t?.close();
});

async function newSession(app: TestApp) {
  const startsAt = new Date(Date.now() + 86_400_000);
  const [session] = await app.db
    .insert(sessions)
    .values({
      organizationId: orgId,
      name: "Failover Night",
      startsAt,
      endsAt: new Date(startsAt.getTime() + 7_200_000),
    })
    .returning();
  return session!.id;
}

/** A signed-in read that asks the database for the session too (nothing kept from before). */
async function freshRead(app: TestApp, cookie: string) {
  sessionCache(app.deps.auth).clear();
  return app.request({ method: "GET", url: "/api/me", cookie });
}

async function msUntilRead(app: TestApp, cookie: string, limitMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    const answer = await freshRead(app, cookie);
    if (answer.statusCode === 200) return Date.now() - started;
    expect(answer.statusCode, answer.body).toBe(503);
    if (Date.now() - started > limitMs) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Each writer registers and cancels its place over and over until told to stop. */
function startWriters(sessionId: string) {
  let running = true;
  const statuses = new Map<number, number>();
  const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
  const path = `/api/orgs/${orgId}/sessions/${sessionId}/registrations`;
  const loops = players.map(async (player) => {
    while (running) {
      const registered = await t.request({ method: "POST", url: path, cookie: player.cookie });
      count(registered.statusCode);
      const id = registered.statusCode === 201 ? registered.json().registration.id : undefined;
      if (id)
        count(
          (await t.request({ method: "DELETE", url: `${path}/${id}`, cookie: player.cookie })).statusCode,
        );
      else await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
  return {
    statuses,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

describe("every connection terminated under writers, twenty times", () => {
  it("answers a signed-in read within 5 s after each round, and never a 500", async () => {
    const sessionId = await newSession(t);
    const writers = startWriters(sessionId);
    const recoveries: number[] = [];
    try {
      for (let round = 0; round < ROUNDS; round++) {
        // Let the writers get going on fresh connections, then pull them all.
        await new Promise((resolve) => setTimeout(resolve, 150));
        await t.admin(async (client) => {
          await client.query(
            "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
            [t.databaseName],
          );
        });
        recoveries.push(await msUntilRead(t, owner.cookie, RECOVERY_MS + 1_000));
      }
    } finally {
      await writers.stop();
    }
    for (const [round, ms] of recoveries.entries())
      expect(ms, `round ${round + 1} recovered in ${ms} ms`).toBeLessThan(RECOVERY_MS);
    expect(writers.statuses.get(500) ?? 0).toBe(0);
    // With every request answered, no client is still out on loan: a BEGIN that met a killed
    // connection gave its slot back.
    const { pool } = t.deps.database;
    expect(pool.totalCount - pool.idleCount, "clients still lent out").toBe(0);
    // The writers really wrote between the rounds.
    expect(writers.statuses.get(201) ?? 0).toBeGreaterThan(ROUNDS);
  }, 180_000);
});

describe("failovers behind a proxy", () => {
  let proxy: TcpProxy;
  let cut: TestApp;
  let person: TestUser;

  beforeAll(async () => {
    const direct = new URL(t.deps.database.url);
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    cut = await createTestApp({ routeDatabase: (url) => proxy.url(url) });
    person = await makeUser(cut, "person@outage30.example");
  });
  afterAll(async () => {
    proxy?.unblock();
    await cut?.close();
    await proxy?.close();
  });

  /** Fills the pool with idle connections, then leaves them hanging, as the old primary's
   *  sockets do when a new one takes over: no reset, no answer. New connections get through. */
  async function failOver(quietMs: number) {
    await Promise.all(Array.from({ length: 10 }, () => freshRead(cut, person.cookie)));
    await new Promise((resolve) => setTimeout(resolve, quietMs));
    proxy.strandOpenConnections();
  }

  it("lends no silent connection after a failover in a quiet moment: a read answers within 5 s", async () => {
    await failOver(IDLE_CHECK_AFTER_MS + 200);
    expect(await msUntilRead(cut, person.cookie, RECOVERY_MS * 3)).toBeLessThan(RECOVERY_MS);
    for (let i = 0; i < 5; i++) expect((await freshRead(cut, person.cookie)).statusCode).toBe(200);
  }, 60_000);

  it("after a failover mid-traffic, one read waits out the read timeout and the rest get new connections", async () => {
    // The connection just used is not pinged again: the first read meets its silence and waits
    // for the read timeout (5 s); that failure retires every other old connection at once.
    await failOver(0);
    const ms = await msUntilRead(cut, person.cookie, RECOVERY_MS * 3);
    expect(ms).toBeLessThan(DATABASE_TIMEOUTS.query_timeout + 1_500);
    for (let i = 0; i < 5; i++) expect((await freshRead(cut, person.cookie)).statusCode).toBe(200);
  }, 60_000);

  it("answers a signed-in read within 5 s after a 30 s outage", async () => {
    expect((await freshRead(cut, person.cookie)).statusCode).toBe(200);
    proxy.block();
    // Requests keep arriving through the whole outage, as a club's phones keep polling.
    const until = Date.now() + 30_000;
    const during: number[] = [];
    while (Date.now() < until) {
      const answers = await Promise.all(Array.from({ length: 4 }, () => freshRead(cut, person.cookie)));
      for (const answer of answers) during.push(answer.statusCode);
    }
    expect(new Set(during)).toEqual(new Set([503]));
    proxy.unblock();
    const ms = await msUntilRead(cut, person.cookie, RECOVERY_MS + 5_000);
    expect(ms).toBeLessThan(RECOVERY_MS);
  }, 90_000);
});

describe("a transaction whose BEGIN meets a dead connection", () => {
  it("gives its pool slot back: the pool lends again at once, and ends without waiting", async () => {
    const direct = new URL(t.deps.database.url);
    const line = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const slots = 2;
    const database = connectDatabase(line.url(t.deps.database.url), { max: slots });
    try {
      // Both slots hold a connection used a moment ago (so none is pinged before it is lent),
      // then every one of them goes silent: each BEGIN waits out the read timeout and fails.
      await Promise.all(
        Array.from({ length: slots }, () =>
          database.db.transaction((tx) => tx.execute(sql`select pg_sleep(0.05)`)),
        ),
      );
      line.strandOpenConnections();
      const stranded = await Promise.allSettled(
        Array.from({ length: slots }, () => database.db.transaction((tx) => tx.execute(sql`select 1`))),
      );
      expect(stranded.map((outcome) => outcome.status)).toEqual(["rejected", "rejected"]);
      // Had each failed BEGIN kept its client, the pool would be full for good: this would wait
      // out the connection timeout and fail.
      const started = Date.now();
      const answer = await database.db.transaction((tx) => tx.execute(sql`select 1 as one`));
      expect(answer.rows).toEqual([{ one: 1 }]);
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(database.pool.totalCount).toBe(1);
    } finally {
      // A pool still lending a client out waits for it before it ends.
      const ended = await Promise.race([
        database.pool.end().then(() => true),
        new Promise<false>((resolve) => setTimeout(() => resolve(false), 2_000)),
      ]);
      await line.close();
      expect(ended, "the pool ended within 2 s").toBe(true);
    }
  }, 30_000);
});
