// The demo club: `npm run demo` (the server started with SEED_DEMO=1) twice gives one club you
// can sign in to, with its ladder, its sessions and open play running on 4 courts; the
// dashboard's button builds one for a newcomer, and neither exists in production.
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import { and, count, eq, like } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { games, organizationMembers, organizations, playerRatings, sessions } from "../../db/schema.js";
import { makeClub, makeUser } from "../../test/factories.js";
import { admin, withDatabase } from "../../test/global-setup.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { startServerProcess } from "../../test/server-process.js";
import { DEMO_OWNER } from "./seed.js";

describe("npm run demo", () => {
  const { serverUrl, template } = inject("testDatabase");
  const name = `t_${process.pid}_demo_${randomBytes(3).toString("hex")}`;
  const databaseUrl = withDatabase(serverUrl, name);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const db = drizzle(pool);

  beforeAll(async () => {
    await admin(serverUrl, async (client) => {
      await client.query(`create database ${name} template ${template}`);
    });
  });
  afterAll(async () => {
    await pool.end();
    await admin(serverUrl, async (client) => {
      await client.query(`drop database if exists ${name} with (force)`);
    });
  });

  it("run twice gives one demo club, running now on 4 courts, whose owner can sign in", async () => {
    for (let run = 1; run <= 2; run++) {
      const server = await startServerProcess({
        DATABASE_URL: databaseUrl,
        DATA_DIR: tmpdir(),
        SEED_DEMO: "1",
        DEMO: "1",
      });
      expect(server.output()).toContain(
        `Sign in as ${DEMO_OWNER.email} with the password ${DEMO_OWNER.password}`,
      );
      expect(server.output()).toContain(run === 1 ? "Demo club built" : "The demo club is already here");
      const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: server.url },
        body: JSON.stringify({ email: DEMO_OWNER.email, password: DEMO_OWNER.password }),
      });
      expect(signIn.status).toBe(200);
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
    }
    const clubs = await db.select().from(organizations).where(like(organizations.slug, "riverside-demo%"));
    expect(clubs).toHaveLength(1);
    const organizationId = clubs[0]!.id;
    const [members] = await db
      .select({ n: count() })
      .from(organizationMembers)
      .where(eq(organizationMembers.organizationId, organizationId));
    expect(members!.n).toBe(25);
    const rated = await db
      .select()
      .from(playerRatings)
      .where(eq(playerRatings.organizationId, organizationId));
    expect(rated.length).toBeGreaterThanOrEqual(20);
    const byStatus = await db
      .select({ status: sessions.status, n: count() })
      .from(sessions)
      .where(eq(sessions.organizationId, organizationId))
      .groupBy(sessions.status);
    expect(Object.fromEntries(byStatus.map((r) => [r.status, r.n]))).toEqual({
      completed: 4,
      active: 1,
      scheduled: 4,
    });
    const playing = await db
      .select()
      .from(games)
      .where(and(eq(games.organizationId, organizationId), eq(games.status, "playing")));
    expect(playing).toHaveLength(4);
  });

  it("refuses to build it in production unless DEMO=1", async () => {
    const server = startServerProcess({
      DATABASE_URL: databaseUrl,
      DATA_DIR: tmpdir(),
      SEED_DEMO: "1",
      NODE_ENV: "production",
    });
    await expect(server).rejects.toThrow(/the demo club is not built in production/);
  });
});

describe("the dashboard's demo button", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("builds a demo club owned by a newcomer, once; not for someone who has a club", async () => {
    const newcomer = await makeUser(t, "demo-newcomer@example.com", "Nia Newcomer");
    expect((await t.request({ method: "GET", url: "/api/demo", cookie: newcomer.cookie })).json()).toEqual({
      available: true,
    });
    const first = await t.request({ method: "POST", url: "/api/demo", cookie: newcomer.cookie });
    expect(first.statusCode, first.body).toBe(201);
    const me = await t.request({ method: "GET", url: "/api/me", cookie: newcomer.cookie });
    expect(me.json().organizations).toEqual([
      expect.objectContaining({
        id: first.json().organizationId,
        name: "Riverside Pickleball Club",
        role: "owner",
      }),
    ]);
    const again = await t.request({ method: "POST", url: "/api/demo", cookie: newcomer.cookie });
    expect(again.statusCode).toBe(409);

    // Its dashboard shows the club's own life: next sessions, the live board, results, movers.
    const dashboard = await t.request({
      method: "GET",
      url: `/api/orgs/${first.json().organizationId}/dashboard`,
      cookie: newcomer.cookie,
    });
    expect(dashboard.statusCode).toBe(200);
    const view = dashboard.json();
    expect(view.upcoming).toHaveLength(3);
    expect(view.upcoming[0]).toMatchObject({
      name: "Evening Open Play",
      registeredCount: 10,
      placesLeft: 14,
    });
    expect(view.live).toMatchObject({
      name: "Open Play Now",
      checkedIn: 18,
      courtsPlaying: 4,
      courtsTotal: 4,
      waiting: 2,
    });
    expect(view.live.checkedInNames).toHaveLength(8);
    expect(view.results).toHaveLength(5);
    expect(view.results[0].score).toMatch(/^11-\d+$/);
    expect(view.movers.length).toBeGreaterThan(0);
    expect(view.movers.every((m: { change: number }) => m.change > 0)).toBe(true);
    expect(view.pendingJoinRequests).toBe(0);

    const owner = await makeUser(t, "demo-owner-of-real@example.com");
    await makeClub(t, owner);
    expect((await t.request({ method: "POST", url: "/api/demo", cookie: owner.cookie })).statusCode).toBe(
      409,
    );
    expect((await t.request({ method: "POST", url: "/api/demo" })).statusCode).toBe(401);
  });
});
