// The live board end to end on the server: real WebSocket clients on two app instances that
// share one database, and organizers acting at the same moment. The same suite runs with each
// transport of the realtime bus: features/courts/live.test.ts (LISTEN/NOTIFY) and
// live-redis.test.ts (Redis).
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { games } from "../db/schema/courts.js";
import { sessions } from "../db/schema/sessions.js";
import { activeSessionWith, makeClub, makeUser, type TestUser } from "./factories.js";
import { APP_URL, createTestApp, type TestApp } from "./harness.js";
import { startRoundRobinProxy } from "./round-robin-proxy.js";

// How long a notice may take before the suite calls it lost. Only a failure waits this long.
const NOTICE_BOUND_MS = 15_000;

/** Resolves with the first notice about the club that the bus itself carries, read straight off it. */
export type TapBus = (
  databaseUrl: string,
  organizationId: string,
) => Promise<{ next: Promise<string>; close: () => Promise<void> }>;

/** The live-board suite, on app instances made with `env` (REDIS_URL or not). */
export function liveBoardSuite(transport: string, env: Record<string, string>, tapBus: TapBus, run = true) {
  if (!run) {
    describe.skip(`live board over ${transport} (its server is not reachable here)`, () => {
      it.todo("runs where its server answers");
    });
    return;
  }
  let t: TestApp;
  let second: Awaited<ReturnType<TestApp["secondInstance"]>>;
  let owner: TestUser;
  let admin: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  let leaver: TestUser;
  let orgId: string;
  const urls: string[] = [];

  async function listen(app: FastifyInstance) {
    await app.listen({ port: 0, host: "127.0.0.1" });
    return `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  }

  beforeAll(async () => {
    t = await createTestApp({ env });
    second = await t.secondInstance();
    owner = await makeUser(t, "owner@live.example");
    admin = await makeUser(t, "admin@live.example");
    member = await makeUser(t, "member@live.example");
    stranger = await makeUser(t, "stranger@live.example");
    leaver = await makeUser(t, "leaver@live.example");
    orgId = (
      await makeClub(
        t,
        owner,
        [
          [admin, "admin"],
          [member, "member"],
          [leaver, "member"],
        ],
        { courtsCount: 2 },
      )
    ).id;
    await makeClub(t, stranger, [], { name: "Stranger Club" });
    urls.push(await listen(t.app), await listen(second.app));
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  /** A connected viewer that records every message. */
  /**
   * Opens `watcher`, takes its right away (`revoke`), changes the board, and expects the socket
   * closed with 4404 having heard nothing of that change. A late notice of a change made before
   * (the session's start) may still have reached it.
   */
  async function expectClosedAtNextChange(watcher: ReturnType<typeof viewer>, revoke: () => Promise<void>) {
    await watcher.opened;
    const closed = new Promise<number>((resolve) => watcher.socket.once("close", (code) => resolve(code)));
    await revoke();
    const fill = await t.request({
      method: "POST",
      url: `/api/orgs/${orgId}/board/fill`,
      cookie: admin.cookie,
    });
    expect(fill.statusCode).toBe(200);
    expect(await closed).toBe(4404);
    const fillVersion = fill.json().version as number;
    expect(watcher.messages.filter((m) => m.type === "changed" && m.version >= fillVersion)).toEqual([]);
  }

  function viewer(base: string, cookie: string, options: { origin?: string; path?: string } = {}) {
    const messages: Array<{ type: string; version: number }> = [];
    const socket = new WebSocket(`${base}${options.path ?? `/api/orgs/${orgId}/board/ws`}`, {
      headers: { cookie, ...(options.origin ? { origin: options.origin } : {}) },
    });
    const opened = new Promise<void>((resolve, reject) => {
      socket.once("open", () => resolve());
      socket.once("unexpected-response", (_req, res) => reject(new Error(`refused with ${res.statusCode}`)));
      socket.once("error", reject);
    });
    socket.on("message", (data) => messages.push(JSON.parse(String(data))));
    /** Waits (bounded) for a notice of `version` or later and returns the first such notice. */
    const waitFor = async (version: number) => {
      await until(
        () => messages.some((m) => m.type === "changed" && m.version >= version),
        () => `notice of version ${version}; got ${JSON.stringify(messages)}`,
      );
      return messages.find((m) => m.type === "changed" && m.version >= version)!;
    };
    return { socket, messages, opened, waitFor };
  }

  /**
   * Polls `ok` until it holds; the bound only turns a lost notice into a failure. It is
   * generous because a busy machine delays notices without anything being wrong: how fast
   * they arrive is bench:realtime's question, not this suite's.
   */
  async function until(ok: () => boolean, what: () => string) {
    const deadline = Date.now() + NOTICE_BOUND_MS;
    while (!ok()) {
      if (Date.now() > deadline) throw new Error(`no ${what()}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  const sessionWith = (guests: number) => activeSessionWith(t, orgId, guests, [], "Live Night");

  describe(`live board over ${transport}`, () => {
    it("viewers on both instances hear of a change made through either, each of that very change", async () => {
      await sessionWith(8);
      const a = viewer(urls[0]!, member.cookie);
      const b = viewer(urls[1]!, owner.cookie);
      await Promise.all([a.opened, b.opened]);
      const fill = await t.request({
        method: "POST",
        url: `/api/orgs/${orgId}/board/fill`,
        cookie: admin.cookie,
      });
      expect(fill.statusCode).toBe(200);
      const version = fill.json().version as number;
      const heard = await Promise.all([a.waitFor(version), b.waitFor(version)]);
      // Each hears of this very change (none later has been made), not merely of some change.
      expect(heard).toEqual([
        { type: "changed", version },
        { type: "changed", version },
      ]);

      // And the other way round: an action on the second instance reaches the first's viewer.
      const [game] = await t.db.select().from(games).where(eq(games.organizationId, orgId));
      const score = await second.app.inject({
        method: "POST",
        url: `/api/orgs/${orgId}/board/games/${game!.id}/score`,
        headers: { cookie: admin.cookie, origin: "http://localhost:3000" },
        payload: { scoreA: 11, scoreB: 9 },
      });
      expect(score.statusCode).toBe(200);
      await a.waitFor(score.json().version);
      a.socket.close();
      b.socket.close();
    });

    it("a viewer refetching on another instance when the notice comes gets the new board, not that instance's copy", async () => {
      await sessionWith(8);
      const boardOnSecond = async () =>
        (
          await second.app.inject({
            method: "GET",
            url: `/api/orgs/${orgId}/board`,
            headers: { cookie: member.cookie },
          })
        ).json() as { version: number; courts: Array<{ game: unknown }>; session: { id: string } | null };
      const before = await boardOnSecond();
      const b = viewer(urls[1]!, member.cookie);
      await b.opened;
      const fill = await t.request({
        method: "POST",
        url: `/api/orgs/${orgId}/board/fill`,
        cookie: admin.cookie,
      });
      expect(fill.statusCode).toBe(200);
      await b.waitFor(fill.json().version);
      const after = await boardOnSecond();
      expect(after.version).toBe(fill.json().version);
      expect(after.version).toBeGreaterThan(before.version);
      expect(after.courts.filter((c) => c.game).length).toBeGreaterThan(0);

      // Completing the session is a change too: viewers hear it, and its board is gone at once.
      const complete = await t.request({
        method: "POST",
        url: `/api/orgs/${orgId}/sessions/${after.session!.id}/complete`,
        cookie: owner.cookie,
      });
      expect(complete.statusCode).toBe(204);
      await until(
        () => b.messages.some((m) => m.type === "changed" && m.version === 0),
        () => `notice of the end; got ${JSON.stringify(b.messages)}`,
      );
      expect((await boardOnSecond()).session?.id).not.toBe(after.session!.id);
      b.socket.close();
    });

    it("behind a round-robin load balancer, a viewer on one instance sees an action taken on the other", async () => {
      await sessionWith(8);
      const proxy = await startRoundRobinProxy(
        urls.map((url) => {
          const { hostname, port } = new URL(url);
          return { host: hostname, port: Number(port) };
        }),
      );
      try {
        const watcher = viewer(proxy.url.replace("http://", "ws://"), member.cookie);
        await watcher.opened;
        const fill = await fetch(`${proxy.url}/api/orgs/${orgId}/board/fill`, {
          method: "POST",
          headers: { cookie: admin.cookie, origin: APP_URL },
        });
        expect(fill.status).toBe(200);
        await watcher.waitFor(((await fill.json()) as { version: number }).version);
        // The socket and the action went to different instances.
        expect(proxy.served.map((s) => s.backend)).toEqual([0, 1]);
        watcher.socket.close();
      } finally {
        await proxy.close();
      }
    });

    it(`carries the notice over ${transport}`, async () => {
      await sessionWith(4);
      const tap = await tapBus(t.deps.database.url, orgId);
      try {
        const fill = await t.request({
          method: "POST",
          url: `/api/orgs/${orgId}/board/fill`,
          cookie: admin.cookie,
        });
        expect(fill.statusCode).toBe(200);
        const payload = await Promise.race([
          tap.next,
          new Promise<string>((_, reject) =>
            setTimeout(() => reject(new Error("nothing on the bus")), NOTICE_BOUND_MS).unref(),
          ),
        ]);
        expect(payload).toMatch(new RegExp(`^${orgId}:[0-9a-f-]+:\\d+$`));
      } finally {
        await tap.close();
      }
    });

    it("greets a (re)connecting viewer with the current version, so it can resynchronise", async () => {
      const board = await t.request({
        method: "GET",
        url: `/api/orgs/${orgId}/board`,
        cookie: member.cookie,
      });
      const c = viewer(urls[1]!, member.cookie);
      await c.opened;
      await until(
        () => c.messages.length > 0,
        () => "greeting",
      );
      expect(c.messages[0]).toEqual({ type: "hello", version: board.json().version });
      c.socket.close();
    });

    it("refuses a member of another club and an anonymous viewer before the upgrade", async () => {
      await expect(viewer(urls[0]!, stranger.cookie).opened).rejects.toThrow("refused with 404");
      await expect(viewer(urls[0]!, "").opened).rejects.toThrow("refused with 401");
    });

    it("refuses a socket opened by another site's page, even with the member's cookie", async () => {
      await expect(
        viewer(urls[0]!, member.cookie, { origin: "https://evil.example" }).opened,
      ).rejects.toThrow("refused with 403");
      const own = viewer(urls[0]!, member.cookie, { origin: APP_URL });
      await own.opened;
      own.socket.close();
    });

    it("a revoked TV link's open socket is closed at the next change and hears nothing more", async () => {
      await sessionWith(8);
      const created = await t.request({
        method: "POST",
        url: `/api/orgs/${orgId}/display-tokens`,
        cookie: owner.cookie,
      });
      const { token } = created.json();
      const tv = viewer(urls[0]!, "", { path: `/api/display/${token}/ws` });
      await expectClosedAtNextChange(tv, async () => {
        const revoke = await t.request({
          method: "DELETE",
          url: `/api/orgs/${orgId}/display-tokens/${token}`,
          cookie: owner.cookie,
        });
        expect(revoke.statusCode).toBe(204);
      });
    });

    it("a member removed from the club is closed at the next change and hears nothing more", async () => {
      await sessionWith(8);
      await expectClosedAtNextChange(viewer(urls[0]!, leaver.cookie), async () => {
        const removal = await t.request({
          method: "DELETE",
          url: `/api/orgs/${orgId}/members/${leaver.id}`,
          cookie: owner.cookie,
        });
        expect(removal.statusCode).toBe(204);
      });
    });

    it("two organizers filling at once never put a player on two courts", async () => {
      await sessionWith(8);
      const results = await Promise.all([
        t.request({ method: "POST", url: `/api/orgs/${orgId}/board/fill`, cookie: admin.cookie }),
        second.app.inject({
          method: "POST",
          url: `/api/orgs/${orgId}/board/fill`,
          headers: { cookie: owner.cookie, origin: "http://localhost:3000" },
        }),
      ]);
      expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(new Set(results.map((r) => r.json().version)).size).toBe(2);
      const session = (await t.db.select().from(sessions).where(eq(sessions.status, "active")))[0]!;
      const onCourt = await t.db.select().from(games).where(eq(games.sessionId, session.id));
      expect(onCourt).toHaveLength(2);
      const players = onCourt.flatMap((g) => [...g.teamA, ...g.teamB]);
      expect(new Set(players).size).toBe(8);
    });

    it("the same game scored twice at once counts once", async () => {
      const session = (await t.db.select().from(sessions).where(eq(sessions.status, "active")))[0]!;
      const [game] = await t.db.select().from(games).where(eq(games.sessionId, session.id));
      const score = (cookie: string) =>
        t.request({
          method: "POST",
          url: `/api/orgs/${orgId}/board/games/${game!.id}/score`,
          cookie,
          payload: { scoreA: 11, scoreB: 4 },
        });
      const results = await Promise.all([score(admin.cookie), score(owner.cookie)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 404]);
      const board = await t.request({
        method: "GET",
        url: `/api/orgs/${orgId}/board`,
        cookie: member.cookie,
      });
      const played = board.json().queue.map((q: { gamesPlayed: number }) => q.gamesPlayed);
      expect(Math.max(...played, 0)).toBeLessThanOrEqual(1);
    });
  });
}
