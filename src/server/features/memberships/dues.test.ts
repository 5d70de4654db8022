// Membership dues through the sandbox: buying a plan, renewals paid and failed, grace, lapse and
// coming back, cancellation at period end, switching plans, plan versions, and the dues events
// applied once whatever their order (decision 039). Prices at registration are prices.test.ts's.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicClubEndpoints } from "../../../shared/contracts/clubs-endpoints.js";
import type { PlanBody } from "../../../shared/contracts/memberships.js";
import { membershipsEndpoints as endpoints } from "../../../shared/contracts/memberships-endpoints.js";
import { foldDues } from "../../../shared/domain/dues-state.js";
import { duesEvents, planMemberships } from "../../db/schema/memberships.js";
import { makeClub, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { connectSandboxPayouts } from "../../test/payouts.js";
import { adultPlan } from "../../test/plans.js";
import { applyDuesEvent, type IncomingDuesEvent } from "./dues-events.js";

let t: TestApp;
let clock = new Date("2026-12-01T12:00:00Z");
let owner: TestUser;
let admin: TestUser;
let alice: TestUser;
let ben: TestUser;
let orgId: string;
let slug: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  owner = await makeUser(t, "owner@dues.example", "Olive Owner");
  admin = await makeUser(t, "admin@dues.example", "Adam Admin");
  alice = await makeUser(t, "alice@dues.example", "Alice Abbott");
  ben = await makeUser(t, "ben@dues.example", "Ben Brooks");
  const club = await makeClub(t, owner, [
    [admin, "admin"],
    [alice, "member"],
    [ben, "member"],
  ]);
  orgId = club.id;
  slug = club.slug;
  await connectSandboxPayouts(t, orgId, owner.cookie);
});
afterAll(async () => {
  await t?.close();
});

const DAY = 86_400_000;
const later = (days: number) => {
  clock = new Date(clock.getTime() + days * DAY);
};

const createPlan = (body: PlanBody, who = admin) =>
  t.call(endpoints.createPlan, { params: { orgId }, body }, { cookie: who.cookie });
const mine = (who: TestUser) => t.call(endpoints.mine, { params: { orgId } }, { cookie: who.cookie });
const buy = (planId: string, who: TestUser) =>
  t.call(endpoints.buy, { params: { orgId }, body: { planId } }, { cookie: who.cookie });
const renewal = (outcome: "paid" | "failed", who: TestUser) =>
  t.call(endpoints.sandboxRenewal, { params: { orgId }, body: { outcome } }, { cookie: who.cookie });
const roster = (status?: "active" | "past_due" | "lapsed" | "cancelled" | "none") =>
  t.call(endpoints.roster, { params: { orgId }, query: status ? { status } : {} }, { cookie: admin.cookie });

describe("plans", () => {
  it("refuses a plan that cannot be sold, with every reason, and makes nothing", async () => {
    const bad = await createPlan({
      ...adultPlan,
      name: "",
      code: "too long!",
      price: "0.30",
      kind: "household",
      interval: "season",
      discountValue: "0",
    });
    expect(bad.status).toBe(400);
    // Every reason in one answer, each on its field.
    const said = (bad.error!.issues as Array<{ path: string[]; message: string }>).map((i) => [
      i.path.join("."),
      i.message,
    ]);
    expect(said).toEqual([
      ["body.name", "A plan needs a name"],
      ["body.code", "A code is 1 to 6 letters or digits"],
      [
        "body.price",
        "A plan costs at least $0.50 (the least a card processor charges), in dollars and cents",
      ],
      ["body.householdSize", "A household plan covers 2 to 10 people"],
      ["body.seasonEndsOn", "A season needs its first and last day, the last after the first"],
      ["body.discountValue", "A percent off is a whole number from 1 to 100"],
    ]);
    const amountOff = await createPlan({ ...adultPlan, discount: "amount", discountValue: "-5" });
    expect(amountOff.error?.issues).toEqual([
      expect.objectContaining({ message: "An amount off is more than $0 and less than $10,000" }),
    ]);
    const members = await t.call(endpoints.plans, { params: { orgId } }, { cookie: admin.cookie });
    expect(members.body.plans).toEqual([]);
  });

  it("a new price is a new version: members keep theirs, buyers get the new one", async () => {
    const made = await createPlan({ ...adultPlan, name: "Versioned", code: "VER" });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      code: "VER",
      priceCents: 3000,
      version: 1,
      discount: { kind: "percent", value: 50 },
    });
    expect((await buy(made.body.id, ben)).body.membership).toMatchObject({
      status: "active",
      plan: { priceCents: 3000 },
    });

    const raised = await t.call(
      endpoints.updatePlan,
      {
        params: { orgId, planId: made.body.id },
        body: { ...adultPlan, name: "Versioned Plus", code: "VER", price: "35.00" },
      },
      { cookie: admin.cookie },
    );
    expect(raised.status).toBe(200);
    expect(raised.body).toMatchObject({ version: 2, priceCents: 3500, familyId: made.body.id, members: 1 });
    // Ben keeps the price he bought, under the plan's new name; a buyer sees only the new price.
    const bens = (await mine(ben)).body;
    expect(bens.membership?.plan).toMatchObject({
      id: made.body.id,
      priceCents: 3000,
      name: "Versioned Plus",
    });
    expect(bens.plans.filter((p) => p.code === "VER").map((p) => p.priceCents)).toEqual([3500]);
    // The old version is not for sale.
    expect((await buy(made.body.id, alice)).error?.code).toBe("PLAN_NOT_OFFERED");
    // The club's public page says the plan at its new price, with its benefits in words.
    const publicPage = async () =>
      (await t.call(publicClubEndpoints.page, { params: { slug } })).body.plans.filter((p) =>
        p.name.startsWith("Versioned"),
      );
    expect(await publicPage()).toEqual([
      {
        id: raised.body.id,
        name: "Versioned Plus",
        price: "$35.00 a month",
        benefits: ["50% off paid sessions", "Members-only sessions", "Registration 2 days early"],
      },
    ]);

    // A change that is not money stays on the version: no third one.
    const renamed = await t.call(
      endpoints.updatePlan,
      {
        params: { orgId, planId: made.body.id },
        body: { ...adultPlan, name: "Versioned", code: "VER", price: "35.00", visible: false },
      },
      { cookie: admin.cookie },
    );
    expect(renamed.body).toMatchObject({ version: 2, visible: false });
    expect((await mine(alice)).body.plans.some((p) => p.code === "VER")).toBe(false);
    // Hidden, it is off the public page at once: the page's kept copy followed the change.
    expect(await publicPage()).toEqual([]);

    await t.call(endpoints.retirePlan, { params: { orgId, planId: made.body.id } }, { cookie: admin.cookie });
    const listed = await t.call(endpoints.plans, { params: { orgId } }, { cookie: admin.cookie });
    expect(listed.body.plans.some((p) => p.code === "VER")).toBe(false);
    // Retired, the plan's member keeps it to the end of what he paid for.
    expect((await mine(ben)).body.membership?.status).toBe("active");
    // And it renews no more: the period's end is its end.
    const renewed = (await renewal("paid", ben)).body;
    expect(renewed.membership?.status).toBe("cancelled");
    expect(renewed.history[0]?.kind).toBe("ended");
    await t.db.delete(planMemberships).where(eq(planMemberships.userId, ben.id));
  });
});

describe("a year of dues in the sandbox", () => {
  it("buys, renews, fails into grace, lapses, comes back on payment, and ends when cancelled", async () => {
    const plan = (await createPlan(adultPlan)).body;
    expect((await mine(alice)).body).toMatchObject({ membership: null, sandbox: true });

    const bought = await buy(plan.id, alice);
    expect(bought.status).toBe(200);
    expect(bought.body.membership).toMatchObject({
      status: "active",
      currentPeriodEnd: "2027-01-01T12:00:00.000Z",
      cancelAtPeriodEnd: false,
      plan: { code: "ADULT", priceCents: 3000 },
    });
    expect((await buy(plan.id, alice)).error?.code).toBe("ALREADY_ON_PLAN");

    // A renewal paid moves the period on a month.
    later(30);
    expect((await renewal("paid", alice)).body.membership?.currentPeriodEnd).toBe("2027-02-01T12:00:00.000Z");

    // The next fails, played a day before the period's end: past due, a member still for the
    // plan's 7 days of grace, counted from the end of what she paid for.
    later(31);
    const failed = (await renewal("failed", alice)).body.membership;
    expect(failed).toMatchObject({ status: "past_due", graceEndsAt: "2027-02-08T12:00:00.000Z" });
    expect((await roster("past_due")).body.members.map((m) => m.name)).toEqual(["Alice Abbott"]);
    later(7);
    expect((await mine(alice)).body.membership?.status).toBe("past_due");

    // Grace runs out with no event: lapsed, read as of now.
    later(2);
    expect((await mine(alice)).body.membership?.status).toBe("lapsed");
    expect((await roster("lapsed")).body.members.map((m) => m.name)).toEqual(["Alice Abbott"]);

    // A payment brings her back.
    const back = (await renewal("paid", alice)).body.membership;
    expect(back).toMatchObject({ status: "active", graceEndsAt: null });

    // Cancelled at period end: a member to the end of what she paid for, then not.
    const cancelled = await t.call(endpoints.cancel, { params: { orgId } }, { cookie: alice.cookie });
    expect(cancelled.body.membership).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    expect((await roster("active")).body.members.find((m) => m.name === "Alice Abbott")?.renewsOn).toBeNull();
    const resumed = await t.call(endpoints.resume, { params: { orgId } }, { cookie: alice.cookie });
    expect(resumed.body.membership?.cancelAtPeriodEnd).toBe(false);
    await t.call(endpoints.cancel, { params: { orgId } }, { cookie: alice.cookie });
    const ended = (await renewal("paid", alice)).body;
    expect(ended.membership?.status).toBe("cancelled");
    expect(ended.history.map((h) => h.kind)).toEqual([
      "ended",
      "cancel_requested",
      "cancel_withdrawn",
      "cancel_requested",
      "paid",
      "payment_failed",
      "paid",
      "paid",
    ]);
    // Nothing left to cancel or renew.
    expect(
      (await t.call(endpoints.cancel, { params: { orgId } }, { cookie: alice.cookie })).error?.code,
    ).toBe("NO_MEMBERSHIP");
    // The roster: cancelled Alice, and the rest on no plan; its CSV says the same.
    expect((await roster("cancelled")).body.members.map((m) => m.name)).toEqual(["Alice Abbott"]);
    expect((await roster("none")).body.members.map((m) => m.name).sort()).toEqual([
      "Adam Admin",
      "Ben Brooks",
      "Olive Owner",
    ]);
    // The treasurer reads her history too; nobody's outside the club.
    const hers = await t.call(
      endpoints.memberDues,
      { params: { orgId, userId: alice.id } },
      { cookie: admin.cookie },
    );
    expect(hers.body.history.map((h) => h.kind)).toEqual(ended.history.map((h) => h.kind));
    const stranger = await makeUser(t, "stranger@dues.example", "Stan Stranger");
    expect(
      (
        await t.call(
          endpoints.memberDues,
          { params: { orgId, userId: stranger.id } },
          { cookie: admin.cookie },
        )
      ).status,
    ).toBe(404);
    const csv = await t.call(
      endpoints.rosterCsv,
      { params: { orgId }, query: { status: "cancelled" } },
      { cookie: admin.cookie },
    );
    expect(csv.response.text.split("\r\n").slice(0, 2)).toEqual([
      "\ufeffName,Email,Plan code,Plan,Status,Period ends,Renews",
      `Alice Abbott,alice@dues.example,ADULT,Adult,cancelled,${ended.membership!.currentPeriodEnd.slice(0, 10)},`,
    ]);
  });

  it("switches plans, and buys again after a membership ended", async () => {
    const family = (
      await createPlan({ ...adultPlan, name: "Family", code: "FAM", price: "60.00", interval: "year" })
    ).body;
    const switched = await buy(family.id, alice);
    expect(switched.body.membership).toMatchObject({ status: "active", plan: { code: "FAM" } });
    expect(new Date(switched.body.membership!.currentPeriodEnd).getUTCFullYear()).toBe(
      clock.getUTCFullYear() + 1,
    );
  });

  it("sells a season until its last day, and not after", async () => {
    const season = (
      await createPlan({
        ...adultPlan,
        name: "Summer",
        code: "SUM",
        interval: "season",
        seasonStartsOn: "2027-04-01",
        seasonEndsOn: "2027-09-30",
      })
    ).body;
    const bought = await buy(season.id, ben);
    expect(bought.body.membership?.currentPeriodEnd).toBe("2027-10-01T00:00:00.000Z");
    await t.db.delete(planMemberships).where(eq(planMemberships.userId, ben.id));
    const saved = clock;
    clock = new Date("2027-10-02T00:00:00Z");
    expect((await buy(season.id, ben)).error?.code).toBe("SEASON_OVER");
    clock = saved;
  });
});

describe("dues events", () => {
  it("applies each once, in the order they happened, however often and late they arrive", async () => {
    const plan = (await createPlan({ ...adultPlan, name: "Replay", code: "RPL" })).body;
    const [row] = await t.db
      .insert(planMemberships)
      .values({
        organizationId: orgId,
        userId: owner.id,
        planId: plan.id,
        status: "active",
        currentPeriodEnd: new Date("2027-01-01T00:00:00Z"),
        provider: "stripe",
      })
      .returning();
    const at = (day: number) => new Date(Date.UTC(2026, 11, day));
    const events: IncomingDuesEvent[] = [
      { providerEventId: "evt_1", kind: "paid", occurredAt: at(1), planId: plan.id, periodEnd: at(31) },
      { providerEventId: "evt_2", kind: "payment_failed", occurredAt: at(31), graceDays: 7 },
      {
        providerEventId: "evt_3",
        kind: "paid",
        occurredAt: at(2 + 31),
        planId: plan.id,
        periodEnd: at(31 + 31),
      },
      { providerEventId: "evt_4", kind: "cancel_requested", occurredAt: at(40) },
    ];
    const expected = foldDues(events);
    // Delivered out of order, each one to five times over.
    const deliveries = [3, 1, 0, 2, 3, 2, 0, 0, 1, 3, 3, 2].map((i) => events[i]!);
    let applied = 0;
    for (const event of deliveries) {
      if (await t.db.transaction((tx) => applyDuesEvent(tx, row!.id, event))) applied += 1;
    }
    expect(applied).toBe(4);
    expect(await t.db.select().from(duesEvents).where(eq(duesEvents.membershipId, row!.id))).toHaveLength(4);
    const [stored] = await t.db.select().from(planMemberships).where(eq(planMemberships.id, row!.id));
    expect(stored).toMatchObject({
      status: expected!.status,
      currentPeriodEnd: expected!.currentPeriodEnd,
      graceEndsAt: expected!.graceEndsAt,
      cancelAtPeriodEnd: true,
    });
    expect(stored!.status).toBe("active");
  });
});
