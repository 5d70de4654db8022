// No-shows at check-in: after the start an organizer (or the job, at the release time) gives
// the places of registered players not checked in to the waitlist in order, each told; once
// per session; a strike for each no-show and half for a late drop, seen by admins only; and
// refused clearly before the start, twice, or for another club.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreateSessionBody } from "../../../shared/contracts/session-form.js";
import { sessionsEndpoints } from "../../../shared/contracts/sessions-endpoints.js";
import { organizationMembers, userRoles } from "../../db/schema/members.js";
import { pushSubscriptions } from "../../db/schema/notifications.js";
import { payments, sessionRegistrations } from "../../db/schema/sessions.js";
import { makeClub, makeSessions, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { connectSandboxPayouts } from "../../test/payouts.js";
import { releaseNoShows } from "./no-shows.js";

let t: TestApp;
let clock = new Date("2026-12-01T12:00:00Z");
let owner: TestUser;
let organizer: TestUser;
let players: TestUser[];
let orgId: string;
let otherOrgId: string;

const START = "2026-12-10T23:00:00.000Z";
const body = (extra: Partial<CreateSessionBody> = {}) => ({
  startsAt: START,
  endsAt: "2026-12-11T01:00:00Z",
  capacity: 3,
  noShowReleaseMinutes: 10,
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  owner = await makeUser(t, "owner@no-shows.example", "Olive Owner");
  organizer = await makeUser(t, "organizer@no-shows.example", "Oscar Organizer");
  players = [];
  for (let i = 0; i < 5; i++) players.push(await makeUser(t, `p${i}@no-shows.example`, `Player ${i}`));
  orgId = (
    await makeClub(t, owner, [
      [organizer, "organizer"],
      ...players.map((p) => [p, "member"] as [TestUser, "member"]),
    ])
  ).id;
  otherOrgId = (await makeClub(t, await makeUser(t, "rival@no-shows.example", "Rival"))).id;
});
afterAll(async () => {
  await t?.close();
});

const register = (who: TestUser, sessionId: string) =>
  t.call(sessionsEndpoints.register, { params: { orgId, sessionId } }, { cookie: who.cookie });
const details = (who: TestUser, sessionId: string) =>
  t.call(sessionsEndpoints.details, { params: { orgId, sessionId } }, { cookie: who.cookie });
const cancelPlace = (who: TestUser, sessionId: string, registrationId: string) =>
  t.call(
    sessionsEndpoints.cancelRegistration,
    { params: { orgId, sessionId, registrationId } },
    { cookie: who.cookie },
  );
const attendance = (who: TestUser) =>
  t.call(sessionsEndpoints.attendance, { params: { orgId } }, { cookie: who.cookie });
const release = (sessionId: string, who = organizer, club = orgId) =>
  t.call(sessionsEndpoints.releaseNoShows, { params: { orgId: club, sessionId } }, { cookie: who.cookie });
const statusOf = async (sessionId: string) =>
  new Map(
    (
      await t.db
        .select({ userId: sessionRegistrations.userId, status: sessionRegistrations.status })
        .from(sessionRegistrations)
        .where(eq(sessionRegistrations.sessionId, sessionId))
    ).map((r) => [r.userId, r.status]),
  );

describe("releasing no-shows", () => {
  let sessionId: string;

  it("gives the places not checked in to the waitlist in order, once, each told", async () => {
    clock = new Date("2026-12-01T12:00:00Z");
    sessionId = (await makeSessions(t, orgId, organizer, body()))[0]!.id;
    for (const p of players) {
      const res = await register(p, sessionId);
      expect(res.status, res.response.text).toBe(201);
    }
    // Player 0 is at the door; players 1 and 2 are not; players 3 and 4 wait, in that order.
    const list = (await details(organizer, sessionId)).body;
    const p0 = list.registrations.find((r) => r.userId === players[0]!.id);
    clock = new Date("2026-12-10T22:45:00Z");
    const checkIn = await t.call(
      sessionsEndpoints.checkIn,
      { params: { orgId, sessionId, registrationId: p0!.id } },
      { cookie: organizer.cookie },
    );
    expect(checkIn.status, checkIn.response.text).toBe(204);

    // Before the start: refused, with why.
    const early = await release(sessionId);
    expect(early.status).toBe(409);
    expect(early.error).toMatchObject({ code: "NOT_STARTED" });
    // The job at its time before the release time does nothing.
    clock = new Date("2026-12-10T23:05:00Z");
    expect(await releaseNoShows(t.deps, orgId, sessionId, "job")).toEqual({ released: 0, promoted: 0 });

    // Player 3 has a phone that takes calls: moved up, it hears at once.
    const [device] = await t.db
      .insert(pushSubscriptions)
      .values({
        userId: players[3]!.id,
        endpoint: "https://push.example/p3",
        p256dh: "k",
        auth: "a",
        label: "Phone",
      })
      .returning({ id: pushSubscriptions.id });
    const res = await release(sessionId);
    expect(res.status, res.response.text).toBe(200);
    expect(res.body).toEqual({ released: 2, promoted: 2 });
    const pushes = await t.db.execute<{ data: { subscriptionId: string; payload: { title: string } } }>(
      sql`select data from pgboss.job where name = 'send-push'`,
    );
    expect(pushes.rows.map((r) => [r.data.subscriptionId, r.data.payload.title])).toEqual([
      [device!.id, "You're in: Open Play"],
    ]);
    const now = await statusOf(sessionId);
    expect(now.get(players[0]!.id)).toBe("registered");
    expect(now.get(players[1]!.id)).toBe("cancelled");
    expect(now.get(players[2]!.id)).toBe("cancelled");
    expect(now.get(players[3]!.id)).toBe("registered");
    expect(now.get(players[4]!.id)).toBe("registered");
    await t.smtp.waitForMail(players[1]!.email, /^Your place was released: Open Play$/);
    await t.smtp.waitForMail(players[3]!.email, /^You're in: Open Play$/);

    // Once: the organizer again, or the job at its time, change nothing more.
    const again = await release(sessionId);
    expect(again.status).toBe(409);
    expect(again.error?.code).toBe("NO_SHOWS_RELEASED");
    clock = new Date("2026-12-10T23:10:00Z");
    expect(await releaseNoShows(t.deps, orgId, sessionId, "job")).toEqual({ released: 0, promoted: 0 });
    expect((await statusOf(sessionId)).get(players[3]!.id)).toBe("registered");
    // Player 3's place came inside the refund cut-off: giving it back is no late drop.
    const mine = (await details(players[3]!, sessionId)).body.mine;
    const gaveBack = await cancelPlace(players[3]!, sessionId, mine!.id);
    expect(gaveBack.status, gaveBack.response.text).toBeLessThan(300);
  });

  it("the job releases at the release time on its own", async () => {
    clock = new Date("2026-12-01T12:00:00Z");
    const [session] = await makeSessions(
      t,
      orgId,
      organizer,
      body({ startsAt: "2026-12-12T23:00:00Z", endsAt: "2026-12-13T01:00:00Z", capacity: 1 }),
    );
    for (const p of players.slice(0, 2)) await register(p, session!.id);
    clock = new Date("2026-12-12T23:10:00Z");
    expect(await releaseNoShows(t.deps, orgId, session!.id, "job")).toEqual({ released: 1, promoted: 1 });
    expect((await statusOf(session!.id)).get(players[1]!.id)).toBe("registered");
  });

  it("counts a strike per no-show and half for a late drop, for admins only", async () => {
    clock = new Date("2026-12-01T12:00:00Z");
    const [late] = await makeSessions(
      t,
      orgId,
      organizer,
      body({ startsAt: "2026-12-14T23:00:00Z", endsAt: "2026-12-15T01:00:00Z" }),
    );
    const placed = (await register(players[2]!, late!.id)).body;
    // Within the 24 hours before the start: a late drop.
    clock = new Date("2026-12-14T12:00:00Z");
    const cancel = await cancelPlace(players[2]!, late!.id, placed.registration.id);
    expect(cancel.status, cancel.response.text).toBeLessThan(300);
    // In time: nothing counted.
    const [early] = await makeSessions(
      t,
      orgId,
      organizer,
      body({ startsAt: "2026-12-20T23:00:00Z", endsAt: "2026-12-21T01:00:00Z" }),
    );
    const kept = (await register(players[0]!, early!.id)).body;
    await cancelPlace(players[0]!, early!.id, kept.registration.id);

    const view = await attendance(owner);
    expect(view.status, view.response.text).toBe(200);
    const byName = new Map(view.body.members.map((m) => [m.name, m]));
    expect(view.body.days).toBe(60);
    // Player 1 missed the first night; Player 0 the job's night (and gave up in time here).
    expect(byName.get("Player 1")).toMatchObject({ noShows: 1, lateDrops: 0, strikes: 1 });
    expect(byName.get("Player 0")).toMatchObject({ noShows: 1, lateDrops: 0, strikes: 1 });
    expect(byName.get("Player 2")).toMatchObject({ noShows: 1, lateDrops: 1, strikes: 1.5 });
    expect(view.body.members[0]!.name).toBe("Player 2");
    expect(byName.has("Player 3")).toBe(false);
    // Organizers and members do not see it; another club's admin finds no such club.
    expect((await attendance(organizer)).status).toBe(403);
    expect((await attendance(players[0]!)).status).toBe(403);
  });

  it("refuses members, and another club's session is not found", async () => {
    expect((await release(sessionId, players[0]!)).status).toBe(403);
    // An organizer of both clubs, asking through the other club: the session is not found there.
    const both = await makeUser(t, "both@no-shows.example", "Organizer Of Both");
    for (const club of [orgId, otherOrgId]) {
      await t.db.insert(organizationMembers).values({ organizationId: club, userId: both.id });
      await t.db.insert(userRoles).values({ organizationId: club, userId: both.id, role: "organizer" });
    }
    const across = await release(sessionId, both, otherOrgId);
    expect(across.status).toBe(404);
    expect(across.error?.message).toBe("Session not found");
  });

  it("refuses a release time out of range with the field named", async () => {
    const res = await t.call(
      sessionsEndpoints.create,
      { params: { orgId }, body: { name: "Open Play", ...body({ noShowReleaseMinutes: 500 }) } },
      { cookie: organizer.cookie },
    );
    expect(res.status).toBe(400);
    expect(res.response.text).toContain(
      "Release places 0 to 240 minutes after the start, or leave it empty.",
    );
  });

  it("follows the club's own strike rule, and refunds a paid no-show when the club says so", async () => {
    clock = new Date("2026-12-01T12:00:00Z");
    const rules = await t.call(
      sessionsEndpoints.updateAccessRules,
      {
        params: { orgId },
        body: {
          guestsAllowed: false,
          guestsPerMonth: 2,
          guestPrice: "",
          strikeLimit: 1,
          strikeDays: 30,
          refundNoShows: true,
        },
      },
      { cookie: owner.cookie },
    );
    expect(rules.status, rules.response.text).toBe(200);
    await connectSandboxPayouts(t, orgId, owner.cookie);
    const paula = await makeUser(t, "paula@no-shows.example", "Paula Payer");
    await t.db.insert(organizationMembers).values({ organizationId: orgId, userId: paula.id });
    const [paid] = await makeSessions(
      t,
      orgId,
      organizer,
      body({
        startsAt: "2026-12-16T23:00:00Z",
        endsAt: "2026-12-17T01:00:00Z",
        paymentRequired: true,
        paymentAmount: "10",
      }),
    );
    const held = (await register(paula, paid!.id)).body;
    // The sandbox checkout page has no definition: confirmed as its form posts it.
    const pay = await t.request({
      method: "POST",
      url: `${new URL(held.checkoutUrl!).pathname}/confirm`,
      cookie: paula.cookie,
    });
    expect(pay.statusCode).toBe(303);
    // She does not come: released, a strike, and her money back by the club's choice.
    clock = new Date("2026-12-16T23:15:00Z");
    expect((await release(paid!.id)).body).toEqual({ released: 1, promoted: 0 });
    const [payment] = await t.db
      .select({ status: payments.status })
      .from(payments)
      .where(eq(payments.registrationId, held.registration.id));
    expect(payment!.status).not.toBe("paid");
    expect(["refund_pending", "refunded"]).toContain(payment!.status);

    // One strike is the club's limit: the next early window is not hers.
    const strikes = (await attendance(owner)).body;
    expect(strikes.days).toBe(30);
    const [next] = await makeSessions(
      t,
      orgId,
      organizer,
      body({
        startsAt: "2026-12-22T23:00:00Z",
        endsAt: "2026-12-23T01:00:00Z",
        earlyOpensAt: "2026-12-17T14:00:00Z",
        registrationOpensAt: "2026-12-18T14:00:00Z",
      }),
    );
    clock = new Date("2026-12-17T15:00:00Z");
    const early = await register(paula, next!.id);
    expect(early.status).toBe(409);
    expect(early.error?.message).toBe(
      "Registration opens Friday, December 18 at 9:00 AM for you: the early window is for members with no missed places in 30 days.",
    );
    // Player 3 has none: the early window is hers.
    expect((await register(players[3]!, next!.id)).status).toBe(201);
  });
});
