// What membership changes at registration (decision 039): the member's price, decided with the
// place (and, while a lapse is being applied, after it); members-only sessions refusing anyone
// else, guests too; and registration opening the plan's days early for its members.
import { and, eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicClubEndpoints } from "../../../shared/contracts/clubs-endpoints.js";
import { membershipsEndpoints } from "../../../shared/contracts/memberships-endpoints.js";
import { sessionsEndpoints } from "../../../shared/contracts/sessions-endpoints.js";
import { organizationMembers } from "../../db/schema/members.js";
import { planMemberships } from "../../db/schema/memberships.js";
import { payments } from "../../db/schema/sessions.js";
import { makeClub, makeSessions, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { connectSandboxPayouts } from "../../test/payouts.js";
import { adultPlan } from "../../test/plans.js";
import { until } from "../../test/until.js";

let t: TestApp;
const clock = new Date("2026-12-01T12:00:00Z");
let owner: TestUser;
let alice: TestUser;
let ben: TestUser;
let cara: TestUser;
let orgId: string;
let slug: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  owner = await makeUser(t, "owner@prices.example", "Olive Owner");
  alice = await makeUser(t, "alice@prices.example", "Alice Abbott");
  ben = await makeUser(t, "ben@prices.example", "Ben Brooks");
  cara = await makeUser(t, "cara@prices.example", "Cara Cole");
  ({ id: orgId, slug } = await makeClub(t, owner, [
    [alice, "member"],
    [ben, "member"],
    [cara, "member"],
  ]));
  await connectSandboxPayouts(t, orgId, owner.cookie);
  // Alice and Cara are on the adult plan (half off, members-only sessions, two days early);
  // Ben is in the club and on no plan.
  const plan = await t.call(
    membershipsEndpoints.createPlan,
    { params: { orgId }, body: adultPlan },
    { cookie: owner.cookie },
  );
  for (const member of [alice, cara]) {
    const bought = await t.call(
      membershipsEndpoints.buy,
      { params: { orgId }, body: { planId: plan.body.id } },
      { cookie: member.cookie },
    );
    expect(bought.body.membership?.status).toBe("active");
  }
});
afterAll(async () => {
  await t?.close();
});

const night = { startsAt: "2026-12-10T23:00:00Z", endsAt: "2026-12-11T01:00:00Z" };
const paidNight = async (extra: Record<string, unknown> = {}) =>
  (
    await makeSessions(t, orgId, owner, {
      name: "Paid Night",
      ...night,
      paymentRequired: true,
      paymentAmount: "10.00",
      ...extra,
    })
  )[0]!.id;
const register = (sessionId: string, who: TestUser) =>
  t.call(sessionsEndpoints.register, { params: { orgId, sessionId } }, { cookie: who.cookie });
const amountOf = async (registrationId: string) => {
  const [row] = await t.db
    .select({ amount: payments.amount })
    .from(payments)
    .where(eq(payments.registrationId, registrationId));
  return row?.amount;
};
const membershipOf = (who: TestUser) =>
  and(eq(planMemberships.organizationId, orgId), eq(planMemberships.userId, who.id));

describe("the member's price", () => {
  it("is the session's price less the plan's discount, for members only", async () => {
    const sessionId = await paidNight();
    const alices = await register(sessionId, alice);
    expect(alices.status).toBe(201);
    expect(await amountOf(alices.body.registration.id)).toBe(500);
    const bens = await register(sessionId, ben);
    expect(await amountOf(bens.body.registration.id)).toBe(1000);
  });

  it("is not a lapsed member's", async () => {
    await t.db
      .update(planMemberships)
      .set({ status: "past_due", graceEndsAt: new Date(clock.getTime() - 1000) })
      .where(membershipOf(cara));
    const sessionId = await paidNight();
    const caras = await register(sessionId, cara);
    expect(await amountOf(caras.body.registration.id)).toBe(1000);
    await t.db.update(planMemberships).set({ status: "active", graceEndsAt: null }).where(membershipOf(cara));
  });

  it("waits for a lapse being applied at that moment, and is decided after it", async () => {
    const sessionId = await paidNight();
    // Another connection applies Alice's lapse and holds it uncommitted.
    const lapse = new pg.Client({ connectionString: t.deps.database.url });
    await lapse.connect();
    try {
      await lapse.query("begin");
      await lapse.query(
        "update plan_memberships set status = 'lapsed' where organization_id = $1 and user_id = $2",
        [orgId, alice.id],
      );
      const registering = register(sessionId, alice);
      // The registration is waiting on Alice's membership row, not done before the lapse.
      await until(
        async () =>
          (
            await lapse.query<{ n: number }>(
              "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
            )
          ).rows[0]!.n,
        (waiting) => waiting > 0,
        "the registration to wait on the membership",
      );
      await lapse.query("commit");
      const alices = await registering;
      expect(alices.status).toBe(201);
      expect(await amountOf(alices.body.registration.id)).toBe(1000);
    } finally {
      await lapse.end();
      await t.db.update(planMemberships).set({ status: "active" }).where(membershipOf(alice));
    }
  });
});

describe("members-only sessions", () => {
  it("take the plan's members, and refuse anyone else and any guest, saying why", async () => {
    const sessionId = (
      await makeSessions(t, orgId, owner, { name: "Members Night", ...night, membersOnly: true })
    )[0]!.id;
    const details = await t.call(
      sessionsEndpoints.details,
      { params: { orgId, sessionId } },
      { cookie: ben.cookie },
    );
    expect(details.body.session.membersOnly).toBe(true);

    const bens = await register(sessionId, ben);
    expect(bens.status).toBe(403);
    expect(bens.error).toMatchObject({
      code: "MEMBERS_ONLY",
      message: "This session is for members on one of the club's membership plans.",
    });
    expect((await register(sessionId, alice)).status).toBe(201);
    const guest = await t.call(
      sessionsEndpoints.bringGuest,
      { params: { orgId, sessionId }, body: { name: "Gus Guest" } },
      { cookie: alice.cookie },
    );
    expect(guest.error).toMatchObject({
      code: "MEMBERS_ONLY",
      message: "A members-only session is for members themselves: guests are not brought to it.",
    });
    const list = await t.call(
      sessionsEndpoints.details,
      { params: { orgId, sessionId } },
      { cookie: alice.cookie },
    );
    expect(list.body.session.registeredCount).toBe(1);
    // At the door the organizer sees her plan's code beside her name; members see no codes.
    expect(list.body.planCodes).toBeNull();
    const door = await t.call(
      sessionsEndpoints.details,
      { params: { orgId, sessionId } },
      { cookie: owner.cookie },
    );
    expect(door.body.planCodes).toEqual({ [alice.id]: "ADULT" });
  });
});

describe("a members-only waitlist", () => {
  it("passes over someone whose membership lapsed while they waited, keeping their turn", async () => {
    const sessionId = (
      await makeSessions(t, orgId, owner, {
        name: "Members Doubles",
        ...night,
        membersOnly: true,
        capacity: 1,
      })
    )[0]!.id;
    const dana = await makeUser(t, "dana@prices.example", "Dana Dunn");
    await t.db.insert(organizationMembers).values({ organizationId: orgId, userId: dana.id });
    const [plan] = (await t.call(membershipsEndpoints.plans, { params: { orgId } }, { cookie: owner.cookie }))
      .body.plans;
    await t.call(
      membershipsEndpoints.buy,
      { params: { orgId }, body: { planId: plan!.id } },
      { cookie: dana.cookie },
    );
    const alices = await register(sessionId, alice);
    expect(alices.body.registration.status).toBe("registered");
    expect((await register(sessionId, cara)).body.registration.status).toBe("waitlisted");
    expect((await register(sessionId, dana)).body.registration.status).toBe("waitlisted");
    // Cara's membership lapses while she waits; Alice gives her place up.
    await t.db
      .update(planMemberships)
      .set({ status: "past_due", graceEndsAt: new Date(clock.getTime() - 1000) })
      .where(membershipOf(cara));
    try {
      await t.call(
        sessionsEndpoints.cancelRegistration,
        { params: { orgId, sessionId, registrationId: alices.body.registration.id } },
        { cookie: alice.cookie },
      );
      const list = await t.call(
        sessionsEndpoints.details,
        { params: { orgId, sessionId } },
        { cookie: owner.cookie },
      );
      const statusOf = (name: string) => list.body.registrations.find((r) => r.name === name)?.status;
      expect(statusOf("Dana Dunn")).toBe("registered");
      expect(statusOf("Cara Cole")).toBe("waitlisted");
    } finally {
      await t.db
        .update(planMemberships)
        .set({ status: "active", graceEndsAt: null })
        .where(membershipOf(cara));
    }
  });
});

describe("registration opening early for members", () => {
  it("opens the plan's days ahead for its members, and when it opens for everyone else", async () => {
    // Opens for everyone tomorrow; the plan's members (two days ahead) may register today.
    const opens = new Date(clock.getTime() + 86_400_000).toISOString();
    const sessionId = (
      await makeSessions(t, orgId, owner, { name: "Busy Night", ...night, registrationOpensAt: opens })
    )[0]!.id;
    expect((await register(sessionId, alice)).status).toBe(201);
    const bens = await register(sessionId, ben);
    expect(bens.error?.code, JSON.stringify([bens.status, bens.body])).toBe("REGISTRATION_NOT_OPEN");
  });
});

describe("guests a month by plan", () => {
  it("lets a plan's members bring its number of guests a month, and others the club's", async () => {
    await t.call(
      sessionsEndpoints.updateAccessRules,
      {
        params: { orgId },
        body: {
          guestsAllowed: true,
          guestsPerMonth: 2,
          guestPrice: "",
          strikeLimit: 3,
          strikeDays: 60,
          refundNoShows: false,
        },
      },
      { cookie: owner.cookie },
    );
    const [plan] = (await t.call(membershipsEndpoints.plans, { params: { orgId } }, { cookie: owner.cookie }))
      .body.plans;
    // A bad number is refused on its field and changes nothing.
    const bad = await t.call(
      membershipsEndpoints.updatePlan,
      { params: { orgId, planId: plan!.id }, body: { ...adultPlan, guestsPerMonth: "50" } },
      { cookie: owner.cookie },
    );
    expect(bad.error?.issues).toEqual([
      expect.objectContaining({
        message: "Guests a month is a whole number from 0 to 20, or empty for the club's own number",
      }),
    ]);
    const changed = await t.call(
      membershipsEndpoints.updatePlan,
      { params: { orgId, planId: plan!.id }, body: { ...adultPlan, guestsPerMonth: "1" } },
      { cookie: owner.cookie },
    );
    expect(changed.body.guestsPerMonth).toBe(1);
    const page = await t.call(publicClubEndpoints.page, { params: { slug } }, {});
    expect(page.body.plans[0]?.benefits).toContain("1 guest a month");

    const sessionId = await paidNight({ name: "Guest Night" });
    const bring = (who: TestUser, name: string) =>
      t.call(
        sessionsEndpoints.bringGuest,
        { params: { orgId, sessionId }, body: { name } },
        { cookie: who.cookie },
      );
    expect((await bring(alice, "Gus Guest")).status).toBe(201);
    expect((await bring(alice, "Gia Guest")).error).toMatchObject({
      code: "GUEST_LIMIT",
      message:
        "You have brought 1 guest to December's sessions, your plan's limit for a month: give a place back, or bring them another month.",
    });
    // Ben, on no plan, brings the club's two.
    expect((await bring(ben, "Bo Guest")).status).toBe(201);
    expect((await bring(ben, "Bea Guest")).status).toBe(201);
    expect((await bring(ben, "Bix Guest")).error?.message).toContain("the club's limit for a month");
  });
});
