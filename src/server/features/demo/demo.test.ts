// The demo club: `npm run demo` (the server started with SEED_DEMO=1) twice gives one club you
// can sign in to, with its ladder, its sessions and open play running on 4 courts; the
// dashboard's button builds one for a newcomer, and neither exists in production.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { demoEndpoints, meEndpoints } from "../../../shared/contracts/account-endpoints.js";
import { authEndpoints } from "../../../shared/contracts/auth-endpoints.js";
import { billingEndpoints, paymentEndpoints } from "../../../shared/contracts/billing-endpoints.js";
import { dashboardEndpoints, recordEndpoints } from "../../../shared/contracts/board-endpoints.js";
import { ladderEndpoints } from "../../../shared/contracts/ladder-endpoints.js";
import { membersEndpoints } from "../../../shared/contracts/members-endpoints.js";
import { membershipsEndpoints } from "../../../shared/contracts/memberships-endpoints.js";
import { sessionsEndpoints } from "../../../shared/contracts/sessions-endpoints.js";
import { organizationMembers, userRoles } from "../../db/schema/members.js";
import { makeClub, makeUser } from "../../test/factories.js";
import { admin, withDatabase } from "../../test/global-setup.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { startServerProcess } from "../../test/server-process.js";
import { callHttp } from "../../test/typed-client.js";
import { until } from "../../test/until.js";
import { DEMO_OWNER } from "./seed.js";

describe("npm run demo", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "courtside-demo-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const signInAsOwner = async (url: string) => {
    const signedIn = await callHttp(url, authEndpoints.signIn, {
      body: { email: DEMO_OWNER.email, password: DEMO_OWNER.password },
    });
    expect(signedIn.status).toBe(200);
    return signedIn.response.cookies;
  };

  it("run twice on a fresh DATA_DIR gives one demo club, running now on 4 courts, whose owner can sign in", async () => {
    for (let run = 1; run <= 2; run++) {
      const server = await startServerProcess({ DATA_DIR: dataDir, SEED_DEMO: "1" }, 120_000);
      try {
        // The sign-in is the last line of the start (after the address), so it is what a person
        // sees at the bottom of the terminal; the made-up players' mail is summed up, not listed.
        const signInLine = `Sign in at ${server.url} as ${DEMO_OWNER.email} with the password ${DEMO_OWNER.password}`;
        const printed = await until(
          async () => server.output(),
          (text) => text.includes(signInLine),
          "the sign-in line",
        );
        expect(printed.indexOf(signInLine)).toBeGreaterThan(printed.indexOf("Courtside is running at"));
        expect(printed).toContain(run === 1 ? "Demo club built" : "The demo club is already here");
        expect(printed).not.toMatch(/mail to player\d+@demo\.courtside\.local/);
        const cookie = await signInAsOwner(server.url);
        const me = (await callHttp(server.url, meEndpoints.me, {}, { cookie })).body;
        expect(me.organizations).toHaveLength(1);
        const orgId = me.organizations[0]!.id;
        const dashboard = (
          await callHttp(server.url, dashboardEndpoints.dashboard, { params: { orgId } }, { cookie })
        ).body;
        expect(dashboard.live).toMatchObject({ courtsPlaying: 4, checkedIn: 18 });
        expect(dashboard.upcoming).toHaveLength(3);
        const ladder = (
          await callHttp(server.url, ladderEndpoints.standings, { params: { orgId }, query: {} }, { cookie })
        ).body;
        expect(ladder.rows).toHaveLength(24);
        const members = (
          await callHttp(server.url, membersEndpoints.members, { params: { orgId }, query: {} }, { cookie })
        ).body;
        // Its membership, as a treasurer meets it: most regulars on a plan, one card failed this
        // week, one membership lapsed, the rest on none.
        const roster = (
          await callHttp(
            server.url,
            membershipsEndpoints.roster,
            { params: { orgId }, query: {} },
            { cookie },
          )
        ).body.members;
        const count = (status: string) => roster.filter((m) => m.status === status).length;
        // The family's child is a member of the club too, on the family's plan.
        expect(members.members).toHaveLength(26);
        expect([count("active"), count("past_due"), count("lapsed"), count("none")]).toEqual([14, 1, 1, 10]);
      } finally {
        server.child.kill("SIGTERM");
        expect(await server.exited).toBe(0);
      }
    }
    // Two starts of the real server with an embedded PostgreSQL, each bounded by 120 s.
  }, 300_000);

  it("refuses to build it in production unless DEMO=1", async () => {
    // A database of its own, cloned from the migrated template: the server's shared "postgres"
    // database keeps whatever migrations other checkouts applied to it.
    const { serverUrl, template } = inject("testDatabase");
    const name = `t_${process.pid}_demo_prod_${randomBytes(3).toString("hex")}`;
    await admin(serverUrl, async (client) => {
      await client.query(`create database ${name} template ${template}`);
    });
    const server = startServerProcess({
      DATABASE_URL: withDatabase(serverUrl, name),
      DATA_DIR: tmpdir(),
      SEED_DEMO: "1",
      NODE_ENV: "production",
      PAYMENTS: "sandbox",
      MAIL: "mailbox",
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
    expect((await t.call(demoEndpoints.availability, {}, { cookie: newcomer.cookie })).body).toEqual({
      available: true,
    });
    const first = await t.call(demoEndpoints.start, {}, { cookie: newcomer.cookie });
    expect(first.status, first.response.text).toBe(201);
    const demoId = first.body.organizationId;
    const me = await t.call(meEndpoints.me, {}, { cookie: newcomer.cookie });
    expect(me.body.organizations).toEqual([
      expect.objectContaining({
        id: demoId,
        name: "Riverside Pickleball Club",
        role: "owner",
      }),
    ]);
    const again = await t.call(demoEndpoints.start, {}, { cookie: newcomer.cookie });
    expect(again.status).toBe(409);

    // Its dashboard shows the club's own life: next sessions, the live board, results, movers.
    const dashboard = await t.call(
      dashboardEndpoints.dashboard,
      { params: { orgId: demoId } },
      { cookie: newcomer.cookie },
    );
    expect(dashboard.status).toBe(200);
    const view = dashboard.body;
    expect(view.upcoming).toHaveLength(3);
    // The next weekday evening's open play is among the next three whatever today is (a
    // Saturday's social may come first), with the regulars who signed up for it.
    expect(view.upcoming.find((s: { name: string }) => s.name === "Evening Open Play")).toMatchObject({
      name: "Evening Open Play",
      registeredCount: 10,
      placesLeft: 14,
    });
    expect(view.live).toMatchObject({
      name: "Drop-in Open Play",
      checkedIn: 18,
      courtsPlaying: 4,
      courtsTotal: 4,
      waiting: 2,
    });
    expect(view.live?.checkedInNames).toHaveLength(8);
    expect(view.results).toHaveLength(5);
    expect(view.results[0]?.score).toMatch(/^11-\d+$/);
    expect(view.movers.length).toBeGreaterThan(0);
    expect(view.movers.every((m: { change: number }) => m.change > 0)).toBe(true);
    expect(view.pendingJoinRequests).toBe(0);

    // It runs 4 courts, so it is on the plan that allows them, even after a refresh.
    for (const definition of [billingEndpoints.subscription, billingEndpoints.refreshSubscription]) {
      const check = await t.call(definition, { params: { orgId: demoId } }, { cookie: newcomer.cookie });
      expect(check.body).toMatchObject({ subscribed: true, plan: "pro", trial_expired: false });
    }

    // Its paid clinic stands on a payout account that takes charges, as every paid session must:
    // the sandbox's, connected as its owner would in one click.
    const payouts = await t.call(
      paymentEndpoints.payoutAccount,
      { params: { orgId: demoId } },
      { cookie: newcomer.cookie },
    );
    expect(payouts.body).toEqual({ connected: true, details_submitted: true, charges_enabled: true });
    const list = await t.call(
      sessionsEndpoints.list,
      { params: { orgId: demoId }, query: {} },
      { cookie: newcomer.cookie },
    );
    expect(list.body.sessions.find((s: { name: string }) => s.name === "Beginners Clinic")).toMatchObject({
      paymentRequired: true,
      paymentAmount: 1500,
    });
    // Its past nights were played: each record has who came, the games with their scores, all
    // within the night, and a fairness report of those games.
    const past = await t.call(
      sessionsEndpoints.list,
      { params: { orgId: demoId }, query: { scope: "past" } },
      { cookie: newcomer.cookie },
    );
    const nights = past.body.sessions;
    expect(nights).toHaveLength(4);
    for (const night of nights) {
      const response = await t.call(
        recordEndpoints.record,
        { params: { orgId: demoId, sessionId: night.id } },
        { cookie: newcomer.cookie },
      );
      expect(response.status).toBe(200);
      const record = response.body;
      expect(record.totals.checkedIn).toBeGreaterThanOrEqual(16);
      expect(record.totals.checkedIn).toBeLessThanOrEqual(20);
      expect(record.totals.games).toBeGreaterThanOrEqual(20);
      for (const game of record.games) {
        expect(Math.max(game.scoreA ?? 0, game.scoreB ?? 0)).toBe(11);
        expect(game.winner).toBe((game.scoreA ?? 0) > (game.scoreB ?? 0) ? "A" : "B");
        expect(Date.parse(game.startedAt)).toBeGreaterThanOrEqual(Date.parse(night.startsAt));
        expect(Date.parse(game.startedAt)).toBeLessThan(Date.parse(night.endsAt));
      }
      expect(record.fairness.gamesFinished).toBe(record.totals.games);
      expect(record.fairness.players).toHaveLength(record.totals.checkedIn);
      expect(record.fairness.gamesPlayedSpread).toBeLessThanOrEqual(1);
    }

    // Two presses at once build one club.
    const eager = await makeUser(t, "demo-eager@example.com", "Eddie Eager");
    const presses = await Promise.all(
      [1, 2].map(() => t.call(demoEndpoints.start, {}, { cookie: eager.cookie })),
    );
    expect(presses.map((r) => r.status).sort()).toEqual([201, 201]);
    expect(presses[0]!.body.organizationId).toBe(presses[1]!.body.organizationId);
    const eagerMe = await t.call(meEndpoints.me, {}, { cookie: eager.cookie });
    expect(eagerMe.body.organizations).toHaveLength(1);

    const owner = await makeUser(t, "demo-owner-of-real@example.com");
    await makeClub(t, owner);
    expect((await t.call(demoEndpoints.start, {}, { cookie: owner.cookie })).status).toBe(409);
    expect((await t.call(demoEndpoints.start)).status).toBe(401);
    // Seeding six weeks of play for 24 players: slow on a busy two-core machine.
  }, 120_000);

  it("is subscribed to Pro at the sandbox provider, so re-reading the provider keeps the plan", async () => {
    const owner = await makeUser(t, "demo-subscriber@example.com", "Sam Subscriber");
    const built = await t.call(demoEndpoints.start, {}, { cookie: owner.cookie });
    expect(built.status, built.response.text).toBe(201);
    const orgId = built.body.organizationId;
    const member = await makeUser(t, "demo-member@example.com", "Mo Member");
    await t.db.insert(organizationMembers).values({ organizationId: orgId, userId: member.id });
    await t.db.insert(userRoles).values({ organizationId: orgId, userId: member.id, role: "member" });
    const stillPro = async () => {
      for (const who of [owner, member]) {
        const refreshed = await t.call(
          billingEndpoints.refreshSubscription,
          { params: { orgId } },
          { cookie: who.cookie },
        );
        expect(refreshed.body, who.email).toMatchObject({
          subscribed: true,
          plan: "pro",
          trial_expired: false,
        });
      }
    };
    await stillPro();

    // The provider knows the subscription: "Choose a plan" says there is one already (it asks
    // the provider first), and the billing portal opens on it.
    const checkout = await t.call(
      billingEndpoints.checkout,
      { params: { orgId }, body: { plan: "basic" } },
      { cookie: owner.cookie },
    );
    expect(checkout.status, checkout.response.text).toBe(409);
    expect(checkout.error?.code).toBe("ALREADY_SUBSCRIBED");
    await stillPro();
    const portal = await t.call(billingEndpoints.portal, { params: { orgId } }, { cookie: owner.cookie });
    expect(portal.status, portal.response.text).toBe(200);
    const page = await t.request({
      method: "GET",
      url: new URL(portal.body.url).pathname,
      cookie: owner.cookie,
    });
    expect(page.body).toMatch(/<dt>Plan<\/dt><dd>Pro<\/dd>/);
  }, 120_000);
});
