// The database goes away and the app lives on: connections killed in the middle of writes,
// a database that stops answering (a partition), and the realtime listener's connection
// dropped. Every request gets an answer (503 while the database is away, never a 500 or a
// hang), and everything works again once it is back.
import type { AddressInfo } from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { type HubEvent, startRealtimeHub } from "../platform/realtime/hub.js";
import { makeClub, makeUser, type TestUser } from "../test/factories.js";
import { createTestApp, type TestApp } from "../test/harness.js";
import { startTcpProxy, type TcpProxy } from "../test/tcp-proxy.js";
import { sessions } from "./schema/sessions.js";

let t: TestApp;
let owner: TestUser;
let players: TestUser[];
let orgId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeUser(t, "owner@outage.example");
  players = await Promise.all(Array.from({ length: 6 }, (_, i) => makeUser(t, `p${i}@outage.example`)));
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

async function newSession(name: string) {
  const startsAt = new Date(Date.now() + 86_400_000);
  const [session] = await t.db
    .insert(sessions)
    .values({ organizationId: orgId, name, startsAt, endsAt: new Date(startsAt.getTime() + 7_200_000) })
    .returning();
  return session!.id;
}

const register = (player: TestUser, sessionId: string) =>
  t.request({
    method: "POST",
    url: `/api/orgs/${orgId}/sessions/${sessionId}/registrations`,
    cookie: player.cookie,
  });

/** Terminates every connection of the app's database but `except`'s, as an administrator would. */
async function terminateAppConnections(except?: number, filter = "true") {
  let terminated = 0;
  await t.admin(async (client) => {
    const { rows } = await client.query<{ pid: number }>(
      `select pg_terminate_backend(pid) as done, pid from pg_stat_activity
        where datname = $1 and pid <> coalesce($2, 0) and ${filter}`,
      [t.databaseName, except ?? null],
    );
    terminated = rows.length;
  });
  return terminated;
}

async function eventually(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("the database drops connections", () => {
  it("killing the app's connections in the middle of open transactions answers 503, then works again", async () => {
    const sessionId = await newSession("Killed Mid-Write");
    // Hold the session's row so every registration waits inside its transaction.
    const holder = new pg.Client({ connectionString: t.deps.database.url });
    holder.on("error", () => {});
    await holder.connect();
    await holder.query("begin");
    await holder.query("select id from sessions where id = $1 for update", [sessionId]);
    const holderPid = (await holder.query<{ pid: number }>("select pg_backend_pid() as pid")).rows[0]!.pid;

    const inFlight = players.map((player) => register(player, sessionId));
    await eventually(
      async () => {
        let waiting = 0;
        await t.admin(async (client) => {
          const { rows } = await client.query(
            "select 1 from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'",
            [t.databaseName],
          );
          waiting = rows.length;
        });
        return waiting >= players.length;
      },
      10_000,
      "registrations waiting on the row lock",
    );
    expect(await terminateAppConnections(holderPid)).toBeGreaterThanOrEqual(players.length);
    const answers = await Promise.all(inFlight);
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(503);
      expect(answer.headers["retry-after"]).toBeDefined();
      expect(answer.json().error.code).toBe("UNAVAILABLE");
    }
    await holder.query("rollback");
    await holder.end();

    // The pool makes new connections: the same writes now succeed, and none was half-done.
    for (const player of players) expect((await register(player, sessionId)).statusCode).toBe(201);
    const listed = await t.request({
      method: "GET",
      url: `/api/orgs/${orgId}/sessions/${sessionId}`,
      cookie: owner.cookie,
    });
    expect(listed.json().registrations).toHaveLength(players.length);
  });

  it("idle connections killed between requests are replaced, and the job queue keeps sending", async () => {
    await terminateAppConnections();
    const me = await t.request({ method: "GET", url: "/api/me", cookie: owner.cookie });
    expect([200, 503]).toContain(me.statusCode);
    await eventually(
      async () =>
        (await t.request({ method: "GET", url: "/api/me", cookie: owner.cookie })).statusCode === 200,
      5_000,
      "/api/me answering again",
    );
    await t.deps.jobs.sendEmail({
      to: "after@outage.example",
      subject: "After the outage",
      text: "-",
      html: "-",
    });
    expect((await t.smtp.waitForMail("after@outage.example", /After the outage/, 20_000)).subject).toBe(
      "After the outage",
    );
  });
});

describe("the realtime listener loses its connection", () => {
  it("reconnects, tells its viewers to resync, and delivers notices again", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    const received: Array<{ type: string; version?: number }> = [];
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/orgs/${orgId}/board/ws`, {
      headers: { cookie: owner.cookie },
    });
    socket.on("message", (data) => received.push(JSON.parse(String(data))));
    await new Promise((resolve, reject) => {
      socket.once("open", resolve);
      socket.once("error", reject);
    });
    await eventually(async () => received.some((m) => m.type === "hello"), 3_000, "hello");

    // The earlier tests killed every connection: the listener may still be on its way back,
    // and its resync for that must not count as the one this test waits for.
    await t.deps.realtime.ready();
    received.length = 0;
    await eventually(
      async () => (await terminateAppConnections(undefined, "query ilike 'listen %'")) === 1,
      10_000,
      "the listening connection, killed",
    );
    await eventually(async () => received.some((m) => m.type === "resync"), 10_000, "a resync notice");
    await t.deps.realtime.publish({ organizationId: orgId, sessionId: orgId, version: 4242 });
    await eventually(
      async () => received.some((m) => m.type === "changed" && m.version === 4242),
      3_000,
      "a notice after the reconnect",
    );
    socket.close();
  });
});

describe("the database stops answering (a partition)", () => {
  let proxy: TcpProxy;
  let cut: TestApp;
  let person: TestUser;

  beforeAll(async () => {
    const direct = new URL(t.deps.database.url);
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    cut = await createTestApp({ routeDatabase: (url) => proxy.url(url) });
    person = await makeUser(cut, "person@partition.example");
  });
  afterAll(async () => {
    proxy?.unblock();
    await cut?.close();
    await proxy?.close();
  });

  it("answers 503 within the bound instead of hanging, and recovers when the line is back", async () => {
    expect((await cut.request({ method: "GET", url: "/api/me", cookie: person.cookie })).statusCode).toBe(
      200,
    );
    proxy.block();
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => cut.request({ method: "GET", url: "/api/me", cookie: person.cookie })),
    );
    const elapsed = Date.now() - started;
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(503);
    // The bound: 5 s for an answer on a connection, or for a new connection.
    expect(elapsed).toBeLessThan(8_000);

    proxy.unblock();
    await eventually(
      async () =>
        (await cut.request({ method: "GET", url: "/api/me", cookie: person.cookie })).statusCode === 200,
      15_000,
      "/api/me answering after the partition",
    );
  }, 40_000);
});

describe("the realtime listener's connection goes silent", () => {
  it("finds out with its heartbeat, reconnects and tells viewers to resync", async () => {
    const direct = new URL(t.deps.database.url);
    const proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const hub = await startRealtimeHub(proxy.url(t.deps.database.url), t.deps.database.pool, t.app.log, {
      heartbeatMs: 300,
    });
    try {
      const events: HubEvent[] = [];
      hub.subscribe(orgId, (event) => events.push(event));
      proxy.block();
      // No error arrives from a silent line: only the heartbeat's timeout (5 s) can tell.
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      expect(events).toEqual([]);
      proxy.unblock();
      await eventually(async () => events.some((e) => e.type === "resync"), 15_000, "a resync");
      await hub.ready();
      await hub.publish({ organizationId: orgId, sessionId: orgId, version: 77 });
      await eventually(
        async () => events.some((e) => e.type === "changed" && e.version === 77),
        3_000,
        "a notice through the new connection",
      );
    } finally {
      await hub.close();
      await proxy.close();
    }
  }, 40_000);
});
