// Billing and payments on the sandbox provider, as a club without Stripe keys lives them:
// plan limits that follow the plan, the trial's end, the payout account's three states, and
// refunds on each side of the organizer's cut-off.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingEndpoints, paymentEndpoints } from "../../../shared/contracts/billing-endpoints.js";
import { boardEndpoints } from "../../../shared/contracts/board-endpoints.js";
import { clubsEndpoints } from "../../../shared/contracts/clubs-endpoints.js";
import { ladderEndpoints } from "../../../shared/contracts/ladder-endpoints.js";
import { sessionsEndpoints } from "../../../shared/contracts/sessions-endpoints.js";
import { renewalDate } from "../../../shared/domain/billing-dates.js";
import { courts } from "../../db/schema/clubs.js";
import { games } from "../../db/schema/courts.js";
import { payments, sessionRegistrations, sessions } from "../../db/schema/sessions.js";
import { sandboxCheckoutOpen } from "../../platform/payments/sandbox-provider.js";
import { activeSessionWith, makeClub, makeUser, type TestUser } from "../../test/factories.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { until } from "../../test/until.js";

let t: TestApp;
let clock = new Date();
let owner: TestUser;
let admin: TestUser;
let member: TestUser;
let other: TestUser;
let orgId: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  owner = await makeUser(t, "billing-owner@example.com", "Olive Owner");
  admin = await makeUser(t, "billing-admin@example.com", "Ada Admin");
  member = await makeUser(t, "billing-member@example.com", "Max Member");
  other = await makeUser(t, "billing-other@example.com", "Otto Other");
  orgId = (
    await makeClub(
      t,
      owner,
      [
        [admin, "admin"],
        [member, "member"],
        [other, "member"],
      ],
      { name: "Sandbox Club" },
    )
  ).id;
});
afterAll(async () => {
  await t?.close();
});

const formPost = (url: string, cookie: string, body = "") =>
  t.request({
    method: "POST",
    url,
    cookie,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: body,
  });

const subscription = async () =>
  (await t.call(billingEndpoints.subscription, { params: { orgId } }, { cookie: member.cookie })).body;

const addCourt = (name: string) =>
  t.call(clubsEndpoints.addCourt, { params: { orgId }, body: { name } }, { cookie: owner.cookie });

/** The owner opens the billing portal. */
const openPortal = () => t.call(billingEndpoints.portal, { params: { orgId } }, { cookie: owner.cookie });

describe("plans and their limits", () => {
  it("the trial has Basic limits: a third active court is refused with a reason", async () => {
    expect(await subscription()).toMatchObject({ subscribed: false, plan: "trial", trial_expired: false });
    const third = await addCourt("Court 3");
    expect(third.status).toBe(409);
    expect(third.error?.message).toBe(
      "Your trial (Basic plan limits) allows up to 2 active courts. Upgrade to Pro for unlimited courts.",
    );
  });

  it("only the owner opens the checkout, and only the owner can use its page", async () => {
    const byAdmin = await t.call(
      billingEndpoints.checkout,
      { params: { orgId }, body: { plan: "pro" } },
      { cookie: admin.cookie },
    );
    expect(byAdmin.status).toBe(403);
    // No such plan: a body the contract's type refuses, sent raw.
    const bad = await t.request({
      method: "POST",
      url: `/api/orgs/${orgId}/billing/checkout`,
      cookie: owner.cookie,
      payload: { plan: "gold" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe("Choose the Basic or Pro plan");

    const checkout = await t.call(
      billingEndpoints.checkout,
      { params: { orgId }, body: { plan: "pro" } },
      { cookie: owner.cookie },
    );
    expect(checkout.status).toBe(200);
    const page = new URL(checkout.body.url).pathname;
    expect((await t.request({ method: "GET", url: page, cookie: admin.cookie })).statusCode).toBe(404);
    expect((await formPost(`${page}/confirm`, admin.cookie)).statusCode).toBe(404);
    expect(await subscription()).toMatchObject({ plan: "trial" });

    const shown = await t.request({ method: "GET", url: page, cookie: owner.cookie });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain("Courtside Pro");
    expect(shown.body).toContain("$89.00");
    const paid = await formPost(`${page}/confirm`, owner.cookie);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe("http://localhost:3000/billing?checkout=success");
  });

  it("a club with a subscription cannot start a second one beside it", async () => {
    const again = await t.call(
      billingEndpoints.checkout,
      { params: { orgId }, body: { plan: "basic" } },
      { cookie: owner.cookie },
    );
    expect(again.status).toBe(409);
    expect(again.error?.code).toBe("ALREADY_SUBSCRIBED");
  });

  it("Pro lifts the limits at once, with a renewal date", async () => {
    const check = await subscription();
    expect(check).toMatchObject({
      subscribed: true,
      plan: "pro",
      product_id: "courtside_pro",
      trial_expired: false,
    });
    expect(new Date(check.subscription_end!).getTime()).toBeGreaterThan(clock.getTime() + 29 * 86_400_000);
    expect((await addCourt("Court 3")).status).toBe(201);
    expect((await addCourt("Court 4")).status).toBe(201);
  });

  it("a downgrade over the limits keeps every court and blocks adding more, with a message", async () => {
    const portal = await openPortal();
    expect(portal.status).toBe(200);
    const page = new URL(portal.body.url).pathname;
    const portalPage = (await t.request({ method: "GET", url: page, cookie: owner.cookie })).body;
    expect(portalPage).toContain("Switch to Basic");
    // The renewal is a date as the club reads dates ("Monday, March 2, 2026"), not a JavaScript
    // one: the very day the Billing page gives for the period's end (in the club's time zone).
    expect(portalPage).toMatch(/<dt>Renews<\/dt><dd>[A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, \d{4}<\/dd>/);
    const { subscription_end } = await subscription();
    expect(portalPage).toContain(
      `<dt>Renews</dt><dd>${renewalDate(subscription_end!, "America/New_York")}</dd>`,
    );
    expect((await formPost(`${page}/switch`, owner.cookie, "plan=basic")).statusCode).toBe(303);

    expect(await subscription()).toMatchObject({ subscribed: true, plan: "basic" });
    const active = await t.db
      .select()
      .from(courts)
      .where(and(eq(courts.organizationId, orgId), eq(courts.isActive, true)));
    expect(active).toHaveLength(4);
    const fifth = await addCourt("Court 5");
    expect(fifth.status).toBe(409);
    expect(fifth.error?.message).toBe(
      "Your Basic plan allows up to 2 active courts. Upgrade to Pro for unlimited courts.",
    );
  });

  it("cancelling in the portal returns the club to the trial's terms", async () => {
    const portal = await openPortal();
    const page = new URL(portal.body.url).pathname;
    expect((await formPost(`${page}/cancel`, owner.cookie)).statusCode).toBe(303);
    expect(await subscription()).toMatchObject({ subscribed: false, plan: "trial" });
  });
});

describe("the payout account in the sandbox", () => {
  const status = async () =>
    (await t.call(paymentEndpoints.refreshPayoutAccount, { params: { orgId } }, { cookie: owner.cookie }))
      .body;

  it("goes not connected -> details not submitted -> charges enabled", async () => {
    expect(await status()).toEqual({ connected: false, details_submitted: false, charges_enabled: false });
    const link = await t.call(
      paymentEndpoints.connectPayouts,
      { params: { orgId } },
      { cookie: owner.cookie },
    );
    expect(link.status).toBe(200);
    const page = new URL(link.body.url).pathname;
    expect(await status()).toEqual({ connected: true, details_submitted: false, charges_enabled: false });

    expect((await t.request({ method: "GET", url: page, cookie: member.cookie })).statusCode).toBe(404);
    const later = await formPost(`${page}/later`, owner.cookie);
    expect(later.headers.location).toBe("http://localhost:3000/settings?payouts=return");
    expect(await status()).toEqual({ connected: true, details_submitted: false, charges_enabled: false });

    expect((await formPost(`${page}/submit`, owner.cookie)).statusCode).toBe(303);
    expect(await status()).toEqual({ connected: true, details_submitted: true, charges_enabled: true });
  });
});

describe("session fees and refunds", () => {
  async function paidSession(name: string, startsInHours: number, refundCutoffHours = 24) {
    const startsAt = new Date(clock.getTime() + startsInHours * 3_600_000);
    const [row] = await t.db
      .insert(sessions)
      .values({
        organizationId: orgId,
        name,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 7_200_000),
        paymentRequired: true,
        paymentAmount: 1200,
        refundCutoffHours,
      })
      .returning();
    return row!;
  }

  const register = (person: TestUser, sessionId: string) =>
    t.call(sessionsEndpoints.register, { params: { orgId, sessionId } }, { cookie: person.cookie });

  async function registerAndPay(person: TestUser, sessionId: string) {
    const response = await register(person, sessionId);
    expect(response.status).toBe(201);
    const pay = await formPost(`${new URL(response.body.checkoutUrl!).pathname}/confirm`, person.cookie);
    expect(pay.statusCode).toBe(303);
    return response.body.registration.id;
  }

  const cancelPlace = (person: TestUser, sessionId: string, registrationId: string) =>
    t.call(
      sessionsEndpoints.cancelRegistration,
      { params: { orgId, sessionId, registrationId } },
      { cookie: person.cookie },
    );

  const paymentOf = async (registrationId: string) =>
    (await t.db.select().from(payments).where(eq(payments.registrationId, registrationId)))[0]!;

  it("a payment on a club with a payout account carries our fee by plan (3% on the trial's terms)", async () => {
    const session = await paidSession("Fee Check", 72);
    const registrationId = await registerAndPay(member, session.id);
    expect(await paymentOf(registrationId)).toMatchObject({
      status: "paid",
      applicationFee: 36,
      amount: 1200,
    });
  });

  it("cancelling before the cut-off refunds, says so, and mails it", async () => {
    const session = await paidSession("Refund Before", 72);
    const registrationId = await registerAndPay(other, session.id);
    const cancel = await cancelPlace(other, session.id, registrationId);
    expect(cancel.body).toEqual({
      refund: {
        amount: 1200,
        refunded: true,
        message: "Your $12.00 is being refunded to the card you paid with.",
      },
    });
    const payment = await until(
      () => paymentOf(registrationId),
      (p) => p.status === "refunded",
      "the refund job",
    );
    expect(payment.refundRef).toBe(`sbx_re_${payment.id}`);
    const mail = await t.smtp.waitForMail(other.email, /Refund on its way: Refund Before/);
    expect(mail.text).toContain("Your $12.00 is being refunded");
  });

  it("cancelling after the cut-off keeps the payment, says so, and mails it", async () => {
    const session = await paidSession("Refund After", 10, 24);
    const registrationId = await registerAndPay(other, session.id);
    const cancel = await cancelPlace(other, session.id, registrationId);
    expect(cancel.body.refund).toEqual({
      amount: 1200,
      refunded: false,
      message:
        "Places cancelled less than 24 hours before the start are not refunded, so your $12.00 stays with the club.",
    });
    const mail = await t.smtp.waitForMail(other.email, /Cancelled: Refund After/);
    expect(mail.text).toContain("not refunded");
    expect((await paymentOf(registrationId)).status).toBe("paid");
  });

  it("cancelling the session refunds everyone who paid, whatever the cut-off", async () => {
    const session = await paidSession("Rained Out", 2, 24);
    const first = await registerAndPay(member, session.id);
    const second = await registerAndPay(other, session.id);
    const cancel = await t.call(
      sessionsEndpoints.cancel,
      { params: { orgId, sessionId: session.id } },
      { cookie: admin.cookie },
    );
    expect(cancel.status).toBe(204);
    for (const registrationId of [first, second]) {
      await until(
        () => paymentOf(registrationId),
        (p) => p.status === "refunded",
        "both refunds",
      );
    }
    const mail = await t.smtp.waitForMail(member.email, /Cancelled: Rained Out/);
    expect(mail.text).toContain("$12.00 is being refunded in full");
  });

  it("a hold run out closes its checkout: the page still open in a tab takes no money for a place that is gone", async () => {
    const session = await paidSession("One Place", 72);
    await t.db.update(sessions).set({ capacity: 1 }).where(eq(sessions.id, session.id));
    const late = await register(member, session.id);
    const lateCheckout = new URL(late.body.checkoutUrl!).pathname;
    const lateId = late.body.registration.id;
    clock = new Date(clock.getTime() + 16 * 60_000);
    // Another takes the place once the hold has run out; the late payer's checkout is closed.
    await registerAndPay(other, session.id);
    const [payment] = await t.db.select().from(payments).where(eq(payments.registrationId, lateId));
    await until(
      () => sandboxCheckoutOpen(t.db, payment!.providerRef!),
      (open) => !open,
      "the run-out hold's checkout closing",
    );
    // Pay on the page still open in their tab: back to the page, which says it is closed.
    const paid = await formPost(`${lateCheckout}/confirm`, member.cookie);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(lateCheckout);
    const [after] = await t.db.select().from(payments).where(eq(payments.registrationId, lateId));
    expect(after!.status).toBe("expired");
    const [registration] = await t.db
      .select()
      .from(sessionRegistrations)
      .where(eq(sessionRegistrations.id, lateId));
    expect(registration!.status).toBe("cancelled");
  });

  it("a price of 0 makes a free session", async () => {
    const response = await t.call(
      sessionsEndpoints.create,
      {
        params: { orgId },
        body: {
          name: "Free Night",
          startsAt: new Date(clock.getTime() + 86_400_000).toISOString(),
          endsAt: new Date(clock.getTime() + 90_000_000).toISOString(),
          paymentRequired: true,
          paymentAmount: "0.00",
        },
      },
      { cookie: admin.cookie },
    );
    expect(response.status).toBe(201);
    expect(response.body.sessions[0]).toMatchObject({ paymentRequired: false, paymentAmount: null });
  });
});

describe("after the trial", () => {
  it("reads and registrations go on; creating, starting and filling courts ask for an upgrade", async () => {
    // Open play in progress when the trial ends: 12 players, 8 on court, 4 waiting.
    const running = await activeSessionWith(t, orgId, 12);
    const asAdmin = { cookie: admin.cookie };
    expect((await t.call(boardEndpoints.fill, { params: { orgId } }, asAdmin)).status).toBe(200);
    const playing = () =>
      t.db
        .select()
        .from(games)
        .where(and(eq(games.sessionId, running.id), eq(games.status, "playing")));
    const onCourt = await playing();
    expect(onCourt.length).toBeGreaterThanOrEqual(2);

    const [scheduled] = await t.db
      .insert(sessions)
      .values({
        organizationId: orgId,
        name: "Booked Before",
        startsAt: new Date(clock.getTime() + 40 * 86_400_000),
        endsAt: new Date(clock.getTime() + 40 * 86_400_000 + 7_200_000),
      })
      .returning();
    clock = new Date(clock.getTime() + 31 * 86_400_000);
    expect(await subscription()).toMatchObject({ subscribed: false, plan: "trial", trial_expired: true });

    const create = await t.call(
      sessionsEndpoints.create,
      {
        params: { orgId },
        body: {
          name: "After Trial",
          startsAt: new Date(clock.getTime() + 86_400_000).toISOString(),
          endsAt: new Date(clock.getTime() + 90_000_000).toISOString(),
        },
      },
      asAdmin,
    );
    expect(create.status).toBe(402);
    expect(create.error?.code).toBe("UPGRADE_REQUIRED");
    const start = await t.call(
      sessionsEndpoints.start,
      { params: { orgId, sessionId: scheduled!.id } },
      asAdmin,
    );
    expect(start.status).toBe(402);
    const fill = await t.call(boardEndpoints.fill, { params: { orgId } }, asAdmin);
    expect(fill.status).toBe(402);
    // A game on court is still scored, but its court is not filled again.
    const score = await t.call(
      boardEndpoints.score,
      { params: { orgId, gameId: onCourt[0]!.id }, body: { scoreA: 11, scoreB: 7 } },
      asAdmin,
    );
    expect(score.status).toBe(200);
    expect(await playing()).toHaveLength(onCourt.length - 1);

    const asMember = { cookie: member.cookie };
    expect((await t.call(sessionsEndpoints.list, { params: { orgId }, query: {} }, asMember)).status).toBe(
      200,
    );
    expect((await t.call(ladderEndpoints.standings, { params: { orgId }, query: {} }, asMember)).status).toBe(
      200,
    );
    const register = await t.call(
      sessionsEndpoints.register,
      { params: { orgId, sessionId: scheduled!.id } },
      asMember,
    );
    expect(register.status).toBe(201);
    const rows = await t.db
      .select()
      .from(sessionRegistrations)
      .where(eq(sessionRegistrations.sessionId, scheduled!.id));
    expect(rows.map((r) => r.status)).toEqual(["registered"]);
  });

  it("moving a session to another time asks for an upgrade, as creating one does; renaming it does not", async () => {
    expect(await subscription()).toMatchObject({ trial_expired: true });
    const startsAt = new Date(clock.getTime() + 5 * 86_400_000);
    const endsAt = new Date(startsAt.getTime() + 7_200_000);
    const [booked] = await t.db
      .insert(sessions)
      .values({ organizationId: orgId, name: "Thursday Ladder", startsAt, endsAt })
      .returning();
    const edit = (name: string, shiftMs: number, ends = endsAt) =>
      t.call(
        sessionsEndpoints.update,
        {
          params: { orgId, sessionId: booked!.id },
          body: {
            name,
            startsAt: new Date(startsAt.getTime() + shiftMs).toISOString(),
            endsAt: new Date(ends.getTime() + shiftMs).toISOString(),
          },
        },
        { cookie: admin.cookie },
      );
    for (const moved of [
      await edit("Thursday Ladder", 7 * 86_400_000),
      await edit("Thursday Ladder", 0, new Date(endsAt.getTime() + 3_600_000)),
    ]) {
      expect(moved.status, moved.response.text).toBe(402);
      expect(moved.error?.code).toBe("UPGRADE_REQUIRED");
    }
    const [kept] = await t.db.select().from(sessions).where(eq(sessions.id, booked!.id));
    expect([kept!.startsAt, kept!.endsAt]).toEqual([startsAt, endsAt]);

    const renamed = await edit("Thursday Ladder Night", 0);
    expect(renamed.status, renamed.response.text).toBe(200);
    expect(renamed.body).toMatchObject({ name: "Thursday Ladder Night", startsAt: startsAt.toISOString() });
  });
});
