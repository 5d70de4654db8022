// The Stripe adapter at the HTTP level: the official SDK pointed at a local fake Stripe that
// records every request, and webhook deliveries signed with the SDK's own test helper.
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { billingEndpoints, paymentEndpoints } from "../../../shared/contracts/billing-endpoints.js";
import { membershipsEndpoints } from "../../../shared/contracts/memberships-endpoints.js";
import { sessionsEndpoints } from "../../../shared/contracts/sessions-endpoints.js";
import { organizations } from "../../db/schema/clubs.js";
import { organizationMembers } from "../../db/schema/members.js";
import { householdMembers, membershipPlans, planMemberships } from "../../db/schema/memberships.js";
import { paymentEvents } from "../../db/schema/payments.js";
import { payments, sessionRegistrations, sessions } from "../../db/schema/sessions.js";
import { ProviderError } from "../../platform/payments/payment-provider.js";
import { makeClub, makeUser, type TestUser } from "../../test/factories.js";
import { type FakeStripe, startFakeStripe } from "../../test/fake-stripe.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { until } from "../../test/until.js";
import { deliverWebhook, replayedShuffled } from "../../test/webhook-deliveries.js";
import { EXPIRE_CHECKOUT } from "../sessions/effects.js";
import { sweepHolds } from "../sessions/registrations.js";

let t: TestApp;
let stripe: FakeStripe;
let owner: TestUser;
let member: TestUser;
let orgId: string;

beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp({ env: stripe.env });
  owner = await makeUser(t, "stripe-owner@example.com", "Olive Owner");
  member = await makeUser(t, "stripe-member@example.com", "Max Member");
  orgId = (await makeClub(t, owner, [[member, "member"]], { name: "Stripe Club" })).id;
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const since = (from: number) => stripe.requests.slice(from);
const asOwner = () => ({ cookie: owner.cookie });
/** `who` takes a place in `sessionId` (held until paid, in a paid session). */
const registerIn = (sessionId: string, who: TestUser) =>
  t.call(sessionsEndpoints.register, { params: { orgId, sessionId } }, { cookie: who.cookie });
const cancelSession = (sessionId: string) =>
  t.call(sessionsEndpoints.cancel, { params: { orgId, sessionId } }, asOwner());

// The fake checks every request against Stripe's API description and value rules: a request
// Stripe would refuse fails here by name, not as a chain of 502s further on.
afterEach(() => {
  expect(stripe.refusals).toEqual([]);
});

const deliver = (delivery: { payload: string; signature: string }) => deliverWebhook(t, delivery);

async function club() {
  const [row] = await t.db.select().from(organizations).where(eq(organizations.id, orgId));
  return row!;
}

describe("the club's subscription through Stripe", () => {
  it("checkout makes the club a customer once and opens subscription mode, each call under our idempotency key", async () => {
    const from = stripe.requests.length;
    const checkout = (plan: "pro" | "basic") =>
      t.call(billingEndpoints.checkout, { params: { orgId }, body: { plan } }, asOwner());
    const first = await checkout("pro");
    expect(first.status, first.response.text).toBe(200);
    expect(first.body.url).toMatch(/^https:\/\/checkout\.stripe\.test\/cs_/);
    const second = await checkout("basic");
    expect(second.status).toBe(200);

    const sent = since(from);
    const customers = sent.filter((r) => r.path === "/v1/customers");
    expect(customers).toHaveLength(1);
    // The key names the club and the details sent: changed details are a new request, not
    // Stripe's idempotency_error for the same key with other parameters.
    expect(customers[0]!.idempotencyKey).toMatch(new RegExp(`^customer:${orgId}:[\\w-]{16}$`));
    const checkouts = sent.filter((r) => r.path === "/v1/checkout/sessions");
    expect(checkouts).toHaveLength(2);
    for (const request of checkouts) {
      expect(request.idempotencyKey).toMatch(new RegExp(`^subscription-checkout:${orgId}:`));
      expect(request.body.get("mode")).toBe("subscription");
      expect(request.body.get("customer")).toBe((await club()).billingCustomerRef);
    }
    expect(checkouts.map((r) => r.body.get("line_items[0][price]"))).toEqual(["price_pro", "price_basic"]);
    // Two attempts are two checkouts, not one replayed.
    expect(checkouts[0]!.idempotencyKey).not.toBe(checkouts[1]!.idempotencyKey);
  });

  it("subscription events, replayed and shuffled, give one effect; state is read from Stripe, not the payload", async () => {
    const customer = (await club()).billingCustomerRef!;
    stripe.setSubscription(customer, {
      status: "active",
      product: "prod_pro",
      periodEnd: new Date(Date.now() + 30 * 86_400_000),
    });
    // The payloads claim nothing useful: a deleted subscription and a failed invoice arrive
    // beside the completed checkout, yet Stripe says the subscription is active.
    const deliveries = [
      stripe.event("checkout.session.completed", {
        id: "cs_x",
        object: "checkout.session",
        mode: "subscription",
        customer,
      }),
      stripe.event("customer.subscription.deleted", {
        id: "sub_x",
        object: "subscription",
        customer,
        status: "canceled",
      }),
      stripe.event("invoice.payment_failed", { id: "in_x", object: "invoice", customer }),
    ];
    for (const delivery of replayedShuffled(deliveries)) {
      const response = await deliver(delivery);
      expect(response.statusCode, response.body).toBe(200);
    }
    expect(await club()).toMatchObject({
      subscriptionStatus: "active",
      subscriptionPlan: "pro",
      subscriptionProductId: "prod_pro",
    });
    const ids = deliveries.map((d) => JSON.parse(d.payload).id as string);
    const recorded = await t.db.select().from(paymentEvents);
    expect(recorded.filter((e) => ids.includes(e.id))).toHaveLength(3);

    const check = await t.call(
      billingEndpoints.subscription,
      { params: { orgId } },
      { cookie: member.cookie },
    );
    expect(check.body).toMatchObject({
      subscribed: true,
      plan: "pro",
      product_id: "prod_pro",
      trial_expired: false,
    });
  });

  it("an unknown product is no plan, and a cancelled subscription ends the plan", async () => {
    const customer = (await club()).billingCustomerRef!;
    stripe.setSubscription(customer, {
      status: "active",
      product: "prod_mystery",
      periodEnd: new Date(Date.now() + 86_400_000),
    });
    await deliver(
      stripe.event("customer.subscription.updated", { id: "sub_x", object: "subscription", customer }),
    );
    const check = await t.call(billingEndpoints.subscription, { params: { orgId } }, asOwner());
    expect(check.body).toMatchObject({ subscribed: false, plan: "trial" });

    stripe.setSubscription(customer, { status: "canceled", product: "prod_pro", periodEnd: new Date() });
    await deliver(
      stripe.event("customer.subscription.deleted", { id: "sub_x", object: "subscription", customer }),
    );
    expect(await club()).toMatchObject({ subscriptionStatus: "canceled" });
  });

  it("the portal opens for the club's customer", async () => {
    const from = stripe.requests.length;
    const response = await t.call(billingEndpoints.portal, { params: { orgId } }, asOwner());
    expect(response.status).toBe(200);
    expect(response.body.url).toMatch(/^https:\/\/billing\.stripe\.test\//);
    const [portal] = since(from);
    expect(portal).toMatchObject({ path: "/v1/billing_portal/sessions" });
    expect(portal!.idempotencyKey).toMatch(new RegExp(`^portal:${orgId}:`));
    expect(portal!.body.get("customer")).toBe((await club()).billingCustomerRef);
  });
});

describe("webhook signatures", () => {
  it("a bad signature, another secret or a stale timestamp answers 400 and changes nothing", async () => {
    const customer = (await club()).billingCustomerRef!;
    stripe.setSubscription(customer, {
      status: "active",
      product: "prod_basic",
      periodEnd: new Date(Date.now() + 86_400_000),
    });
    const before = await club();
    const eventsBefore = (await t.db.select().from(paymentEvents)).length;
    const object = { id: "sub_x", object: "subscription", customer };
    const good = stripe.event("customer.subscription.updated", object);
    const cases = [
      { payload: good.payload, signature: good.signature.replace(/v1=[0-9a-f]{4}/, "v1=0000") },
      {
        payload: good.payload.replace("subscription.updated", "subscription.created"),
        signature: good.signature,
      },
      stripe.event("customer.subscription.updated", object, { secret: "whsec_someone_else" }),
      stripe.event("customer.subscription.updated", object, { at: new Date(Date.now() - 301_000) }),
      { payload: good.payload, signature: "" },
    ];
    for (const delivery of cases) {
      const response = await deliver(delivery);
      expect(response.statusCode, `${cases.indexOf(delivery)}: ${response.body}`).toBe(400);
      expect(response.json().error.code).toBe("BAD_SIGNATURE");
    }
    expect(await club()).toEqual(before);
    expect((await t.db.select().from(paymentEvents)).length).toBe(eventsBefore);
    // The same event, correctly signed, is taken.
    expect((await deliver(good)).statusCode).toBe(200);
    expect(await club()).toMatchObject({ subscriptionPlan: "basic" });
  });
});

describe("the payout account and session fees", () => {
  let accountId: string;
  let sessionId: string;

  it("a paid session cannot be scheduled, nor take money, before the club's account takes charges", async () => {
    const scheduled = await t.call(
      sessionsEndpoints.create,
      {
        params: { orgId },
        body: {
          name: "Paid Open Play",
          startsAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
          endsAt: new Date(Date.now() + 3 * 86_400_000 + 7_200_000).toISOString(),
          paymentRequired: true,
          paymentAmount: "15.00",
        },
      },
      asOwner(),
    );
    expect(scheduled.status).toBe(409);
    expect(scheduled.error?.code).toBe("PAYMENTS_NOT_READY");
    // One scheduled before the rule (or before the account was disabled) takes no registrations.
    const [row] = await t.db
      .insert(sessions)
      .values({
        organizationId: orgId,
        name: "Paid Open Play",
        startsAt: new Date(Date.now() + 3 * 86_400_000),
        endsAt: new Date(Date.now() + 3 * 86_400_000 + 7_200_000),
        paymentRequired: true,
        paymentAmount: 1500,
      })
      .returning();
    sessionId = row!.id;
    const response = await registerIn(sessionId, member);
    expect(response.status).toBe(409);
    expect(response.error?.code).toBe("PAYMENTS_NOT_READY");
  });

  it("connects through three states: not connected, details not submitted, charges enabled", async () => {
    const status = async () =>
      (await t.call(paymentEndpoints.refreshPayoutAccount, { params: { orgId } }, asOwner())).body;
    expect(await status()).toEqual({ connected: false, details_submitted: false, charges_enabled: false });

    const from = stripe.requests.length;
    const connect = () => t.call(paymentEndpoints.connectPayouts, { params: { orgId } }, asOwner());
    const link = await connect();
    expect(link.status).toBe(200);
    expect(link.body.url).toMatch(/^https:\/\/connect\.stripe\.test\//);
    const again = await connect();
    expect(again.status).toBe(200);
    const sent = since(from);
    const accounts = sent.filter((r) => r.path === "/v1/accounts");
    expect(accounts).toHaveLength(1);
    expect(accounts[0]!.idempotencyKey).toMatch(new RegExp(`^payout-account:${orgId}:[\\w-]{16}$`));
    // An Express dashboard said the current way (controller), with the capabilities asked for.
    expect(accounts[0]!.body.get("type")).toBeNull();
    expect(accounts[0]!.body.get("controller[stripe_dashboard][type]")).toBe("express");
    expect(accounts[0]!.body.get("controller[fees][payer]")).toBe("application");
    expect(accounts[0]!.body.get("capabilities[card_payments][requested]")).toBe("true");
    expect(accounts[0]!.body.get("capabilities[transfers][requested]")).toBe("true");
    accountId = (await club()).payoutAccountRef!;
    const links = sent.filter((r) => r.path === "/v1/account_links");
    expect(links).toHaveLength(2);
    for (const request of links) {
      expect(request.body.get("account")).toBe(accountId);
      expect(request.idempotencyKey).toMatch(new RegExp(`^account-link:${orgId}:`));
    }
    expect(await status()).toEqual({ connected: true, details_submitted: false, charges_enabled: false });

    stripe.setAccount(accountId, { details_submitted: true, charges_enabled: true });
    const update = stripe.event(
      "account.updated",
      { id: accountId, object: "account", charges_enabled: false },
      { account: accountId },
    );
    expect((await deliver(update)).statusCode).toBe(200);
    expect((await club()).payoutChargesEnabled).toBe(true);
    expect(await status()).toEqual({ connected: true, details_submitted: true, charges_enabled: true });
  });

  let paymentId: string;
  let checkoutId: string;

  it("a session fee is a checkout on the club's account with our application fee by plan", async () => {
    const from = stripe.requests.length;
    const response = await registerIn(sessionId, member);
    expect(response.status, response.response.text).toBe(201);
    expect(response.body.registration.status).toBe("pending_payment");
    const [checkout] = since(from).filter((r) => r.path === "/v1/checkout/sessions");
    expect(checkout!.stripeAccount).toBe(accountId);
    expect(checkout!.body.get("mode")).toBe("payment");
    expect(checkout!.body.get("line_items[0][price_data][unit_amount]")).toBe("1500");
    // The club is on Basic (the last test left it there): 3% of $15.00.
    expect(checkout!.body.get("payment_intent_data[application_fee_amount]")).toBe("45");
    // Comfortably inside Stripe's window (30 minutes to 24 hours from its receipt).
    const expiresIn = Number(checkout!.body.get("expires_at")) - Date.now() / 1000;
    expect(expiresIn).toBeGreaterThan(33 * 60);
    expect(expiresIn).toBeLessThan(36 * 60);
    paymentId = checkout!.body.get("client_reference_id")!;
    expect(checkout!.idempotencyKey).toMatch(new RegExp(`^session-fee-checkout:${paymentId}:`));
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment).toMatchObject({
      provider: "stripe",
      payoutAccountRef: accountId,
      applicationFee: 45,
      status: "pending",
    });
    checkoutId = payment!.providerRef!;
  });

  it("the completed checkout, delivered 1-5 times in any order beside other events, registers the player once", async () => {
    const intent = stripe.payCheckout(checkoutId, 1500);
    const object = {
      id: checkoutId,
      object: "checkout.session",
      mode: "payment",
      client_reference_id: paymentId,
    };
    const deliveries = [
      stripe.event("checkout.session.completed", object, { account: accountId }),
      stripe.event("checkout.session.async_payment_succeeded", object, { account: accountId }),
      stripe.event(
        "charge.succeeded",
        { id: "ch_x", object: "charge", payment_intent: intent },
        { account: accountId },
      ),
    ];
    for (const delivery of replayedShuffled(deliveries)) {
      expect((await deliver(delivery)).statusCode).toBe(200);
    }
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment).toMatchObject({ status: "paid", providerPaymentRef: intent });
    const registrations = await t.db
      .select()
      .from(sessionRegistrations)
      .where(and(eq(sessionRegistrations.sessionId, sessionId), eq(sessionRegistrations.userId, member.id)));
    expect(registrations.map((r) => r.status)).toEqual(["registered"]);
  });

  it("a checkout that is not the payment's own changes nothing", async () => {
    const [other] = await t.db
      .insert(payments)
      .values({
        organizationId: orgId,
        registrationId: (
          await t.db.select().from(sessionRegistrations).where(eq(sessionRegistrations.sessionId, sessionId))
        )[0]!.id,
        provider: "stripe",
        amount: 1500,
        payoutAccountRef: accountId,
      })
      .returning();
    // A genuine paid checkout, but opened for the first payment: naming another payment in the payload does not pay it.
    const forged = stripe.event(
      "checkout.session.completed",
      { id: checkoutId, object: "checkout.session", mode: "payment", client_reference_id: other!.id },
      { account: accountId },
    );
    expect((await deliver(forged)).statusCode).toBe(200);
    const [after] = await t.db.select().from(payments).where(eq(payments.id, other!.id));
    expect(after!.status).toBe("pending");
    await t.db.delete(payments).where(eq(payments.id, other!.id));
  });

  it("cancelling before the cut-off refunds the whole charge on the club's account, once", async () => {
    const registration = (
      await t.db
        .select()
        .from(sessionRegistrations)
        .where(and(eq(sessionRegistrations.sessionId, sessionId), eq(sessionRegistrations.userId, member.id)))
    )[0]!;
    const from = stripe.requests.length;
    const cancel = await t.call(
      sessionsEndpoints.cancelRegistration,
      { params: { orgId, sessionId, registrationId: registration.id } },
      { cookie: member.cookie },
    );
    expect(cancel.status).toBe(200);
    expect(cancel.body.refund).toMatchObject({ amount: 1500, refunded: true });
    const payment = await until(
      async () => (await t.db.select().from(payments).where(eq(payments.id, paymentId)))[0]!,
      (p) => p.status === "refunded",
      "the refund job",
    );
    expect(payment.refundRef).toMatch(/^re_/);
    const refunds = since(from).filter((r) => r.path === "/v1/refunds");
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ idempotencyKey: `refund:${paymentId}`, stripeAccount: accountId });
    expect(refunds[0]!.body.get("payment_intent")).toBe(payment.providerPaymentRef);
    expect(refunds[0]!.body.get("refund_application_fee")).toBe("true");
    // Stripe's own refund events afterwards change nothing more.
    const refunded = stripe.event(
      "charge.refunded",
      { id: "ch_x", object: "charge", payment_intent: payment.providerPaymentRef },
      { account: accountId },
    );
    expect((await deliver(refunded)).statusCode).toBe(200);
    expect((await t.db.select().from(payments).where(eq(payments.id, paymentId)))[0]!.status).toBe(
      "refunded",
    );
    const mail = await t.smtp.waitForMail(member.email, /Refund on its way/);
    expect(mail.text).toContain("$15.00 is being refunded");
  });
});

describe("a household's places paid at once", () => {
  it("one checkout with a line each; its charge pays every place, and each is refunded alone", async () => {
    const pam = await makeUser(t, "stripe-pam@example.com", "Pam Payer");
    const ray = await makeUser(t, "stripe-ray@example.com", "Ray Payer");
    const { accountId, sessionId } = await paidSessionFor(pam, "Family Doubles", 2000);
    await t.db.insert(organizationMembers).values({ organizationId: orgId, userId: ray.id });
    // Pam pays for a household of two, Ray in it (a plan with no discount: the full $20 each).
    await householdOf(pam, ray);

    const from = stripe.requests.length;
    const placed = await t.call(
      membershipsEndpoints.registerHouseholdTogether,
      { params: { orgId, sessionId }, body: { userIds: [ray.id, pam.id] } },
      { cookie: pam.cookie },
    );
    expect(placed.status, placed.response.text).toBe(201);
    const [checkout] = since(from).filter((r) => r.path === "/v1/checkout/sessions");
    expect(checkout!.stripeAccount).toBe(accountId);
    const sent = Object.fromEntries(checkout!.body);
    expect(sent).toMatchObject({
      mode: "payment",
      customer_email: "stripe-pam@example.com",
      "line_items[0][price_data][unit_amount]": "2000",
      "line_items[0][price_data][product_data][name]": "Family Doubles: Pam Payer ($20.00)",
      "line_items[1][price_data][unit_amount]": "2000",
      "line_items[1][price_data][product_data][name]": "Family Doubles: Ray Payer ($20.00)",
      // Our share of each place, summed: 3% of $20.00 twice.
      "payment_intent_data[application_fee_amount]": "120",
    });
    const paymentIds = sent["metadata[paymentIds]"]!.split(",");
    expect(paymentIds).toHaveLength(2);
    expect(sent.client_reference_id).toBe(paymentIds[0]);

    const checkoutId = (await t.db.select().from(payments).where(eq(payments.id, paymentIds[0]!)))[0]!
      .providerRef!;
    const intent = stripe.payCheckout(checkoutId, 4000);
    const completed = stripe.event(
      "checkout.session.completed",
      { id: checkoutId, object: "checkout.session", mode: "payment", client_reference_id: paymentIds[0] },
      { account: accountId },
    );
    for (const delivery of replayedShuffled([completed]))
      expect((await deliver(delivery)).statusCode).toBe(200);
    const paid = await t.db.select().from(payments).where(inArray(payments.id, paymentIds));
    expect(paid.map((p) => [p.status, p.providerPaymentRef, p.amount, p.applicationFee])).toEqual([
      ["paid", intent, 2000, 60],
      ["paid", intent, 2000, 60],
    ]);

    // Ray gives up his place: his $20 of the one charge comes back, Pam's stays paid.
    const rays = placed.body.registrations.find((r) => r.userId === ray.id)!;
    const refundsFrom = stripe.requests.length;
    await t.call(
      sessionsEndpoints.cancelRegistration,
      { params: { orgId, sessionId, registrationId: rays.id } },
      { cookie: ray.cookie },
    );
    const refunded = await until(
      async () => (await t.db.select().from(payments).where(eq(payments.registrationId, rays.id)))[0]!,
      (p) => p.status === "refunded",
      "the refund job",
    );
    const [refund] = since(refundsFrom).filter((r) => r.path === "/v1/refunds");
    expect(refund!.body.get("payment_intent")).toBe(intent);
    expect(refund!.body.get("amount")).toBe("2000");
    expect(refund!.idempotencyKey).toBe(`refund:${refunded.id}`);
    const pams = (await t.db.select().from(payments).where(inArray(payments.id, paymentIds))).find(
      (p) => p.id !== refunded.id,
    );
    expect(pams?.status).toBe("paid");
    // Its refund's event changes nothing more: the charge is not refunded in full.
    const partly = stripe.event(
      "charge.refunded",
      { id: "ch_part", object: "charge", payment_intent: intent },
      { account: accountId },
    );
    await deliver(partly);
    expect((await t.db.select().from(payments).where(eq(payments.id, pams!.id)))[0]!.status).toBe("paid");
    // The club refunds the rest from Stripe's dashboard: Pam's place is refunded too.
    await t.deps.payments.refund({
      paymentId: "dashboard",
      amount: 2000,
      paymentRef: intent,
      payoutAccountRef: accountId,
    });
    const all = stripe.event(
      "charge.refunded",
      { id: "ch_all", object: "charge", payment_intent: intent },
      { account: accountId },
    );
    await deliver(all);
    expect((await t.db.select().from(payments).where(eq(payments.id, pams!.id)))[0]!.status).toBe("refunded");
  });

  it("a shared checkout closed unpaid leaves each place to its own hold", async () => {
    const kim = await makeUser(t, "stripe-kim@example.com", "Kim Payer");
    const lou = await makeUser(t, "stripe-lou@example.com", "Lou Payer");
    const { accountId, sessionId } = await paidSessionFor(kim, "Family Singles", 1500);
    await t.db.insert(organizationMembers).values({ organizationId: orgId, userId: lou.id });
    await householdOf(kim, lou);
    const placed = await t.call(
      membershipsEndpoints.registerHouseholdTogether,
      { params: { orgId, sessionId }, body: { userIds: [kim.id, lou.id] } },
      { cookie: kim.cookie },
    );
    expect(placed.status).toBe(201);
    const ids = placed.body.registrations.map((r) => r.id);
    const [first] = await t.db.select().from(payments).where(eq(payments.registrationId, ids[0]!));
    // Kim pays her own place apart: the shared checkout is closed, and Stripe says so.
    stripe.expireCheckout(first!.providerRef!);
    const expired = stripe.event(
      "checkout.session.expired",
      {
        id: first!.providerRef!,
        object: "checkout.session",
        mode: "payment",
        client_reference_id: first!.id,
      },
      { account: accountId },
    );
    expect((await deliver(expired)).statusCode).toBe(200);
    const held = await t.db.select().from(sessionRegistrations).where(inArray(sessionRegistrations.id, ids));
    expect(held.map((r) => r.status)).toEqual(["pending_payment", "pending_payment"]);
  });
});

/** `payer` pays for a household of two with `other` in it, on a plan with no discount. */
async function householdOf(payer: TestUser, other: TestUser) {
  const planId = crypto.randomUUID();
  await t.db.insert(membershipPlans).values({
    id: planId,
    familyId: planId,
    organizationId: orgId,
    name: `Pair ${planId.slice(0, 4)}`,
    code: "PAIR",
    kind: "household",
    householdSize: 2,
    priceCents: 4500,
    interval: "year",
  });
  const [membership] = await t.db
    .insert(planMemberships)
    .values({
      organizationId: orgId,
      userId: payer.id,
      planId,
      status: "active",
      currentPeriodEnd: new Date(Date.now() + 300 * 86_400_000),
      provider: "sandbox",
    })
    .returning();
  await t.db.insert(householdMembers).values({
    organizationId: orgId,
    membershipId: membership!.id,
    userId: other.id,
    role: "adult",
    acceptedAt: new Date(),
  });
}

/**
 * Makes `member` one of the club's and schedules a paid session five days out: the club's
 * payout account and the session's id.
 */
async function paidSessionFor(member: TestUser, name: string, paymentAmount: number) {
  await t.db.insert(organizationMembers).values({ organizationId: orgId, userId: member.id });
  const accountId = (await club()).payoutAccountRef!;
  const startsAt = new Date(Date.now() + 5 * 86_400_000);
  const [row] = await t.db
    .insert(sessions)
    .values({
      organizationId: orgId,
      name,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 7_200_000),
      paymentRequired: true,
      paymentAmount,
    })
    .returning();
  return { accountId, sessionId: row!.id };
}

describe("money nobody can use is given back", () => {
  let payer: TestUser;
  let sessionId: string;
  let accountId: string;

  beforeAll(async () => {
    payer = await makeUser(t, "stripe-payer@example.com", "Pia Payer");
    ({ accountId, sessionId } = await paidSessionFor(payer, "Twice Paid", 1000));
  });

  const register = () => registerIn(sessionId, payer);
  const paymentsOfPayer = async () =>
    t.db
      .select({ payment: payments })
      .from(payments)
      .innerJoin(sessionRegistrations, eq(sessionRegistrations.id, payments.registrationId))
      .where(and(eq(sessionRegistrations.sessionId, sessionId), eq(sessionRegistrations.userId, payer.id)));

  it("opening the checkout again closes the last one; a second checkout paid anyway is refunded, the first keeps the place", async () => {
    expect((await register()).status).toBe(201);
    const [{ payment }] = (await paymentsOfPayer()) as [{ payment: typeof payments.$inferSelect }];
    const first = payment.providerRef!;

    // "Complete Payment" again while the first checkout is open: it is closed first.
    let from = stripe.requests.length;
    expect((await register()).status).toBe(201);
    const expired = since(from).filter((r) => r.path === `/v1/checkout/sessions/${first}/expire`);
    expect(expired).toHaveLength(1);
    expect(expired[0]!.stripeAccount).toBe(accountId);
    expect(stripe.object(first)!.status).toBe("expired");
    const second = (await paymentsOfPayer())[0]!.payment.providerRef!;

    // Paid in one tab before the other was opened: that one cannot be closed, and is paid too.
    const firstIntent = stripe.payCheckout(second, 1000);
    from = stripe.requests.length;
    expect((await register()).status).toBe(201);
    const third = (await paymentsOfPayer())[0]!.payment.providerRef!;
    const thirdIntent = stripe.payCheckout(third, 1000);
    const deliveries = [second, third].map((id) =>
      stripe.event(
        "checkout.session.completed",
        { id, object: "checkout.session", mode: "payment", client_reference_id: payment.id },
        { account: accountId },
      ),
    );
    for (const delivery of replayedShuffled(deliveries))
      expect((await deliver(delivery)).statusCode).toBe(200);

    const rows = await until(
      paymentsOfPayer,
      (list) => list.some((r) => r.payment.status === "refunded"),
      "the second charge's refund",
    );
    const byIntent = new Map(rows.map((r) => [r.payment.providerPaymentRef, r.payment.status]));
    const kept = byIntent.get(firstIntent) === "paid" ? firstIntent : thirdIntent;
    const given = kept === firstIntent ? thirdIntent : firstIntent;
    expect(byIntent.get(kept)).toBe("paid");
    expect(byIntent.get(given)).toBe("refunded");
    const refunds = stripe.requests.filter(
      (r) => r.path === "/v1/refunds" && r.body.get("payment_intent") === given,
    );
    expect(refunds).toHaveLength(1);
    const registrations = await t.db
      .select()
      .from(sessionRegistrations)
      .where(and(eq(sessionRegistrations.sessionId, sessionId), eq(sessionRegistrations.userId, payer.id)));
    expect(registrations.map((r) => r.status)).toEqual(["registered"]);
    const mail = await t.smtp.waitForMail(payer.email, /Refund on its way: Twice Paid/);
    expect(mail.text).toContain("refunded in full");
  });

  it("a checkout paid after its session was cancelled is refunded, not turned into a place", async () => {
    const other = await makeUser(t, "stripe-late@example.com", "Lou Late");
    await t.db.insert(organizationMembers).values({ organizationId: orgId, userId: other.id });
    const response = await registerIn(sessionId, other);
    expect(response.status).toBe(201);
    const registrationId = response.body.registration.id;
    const [payment] = await t.db.select().from(payments).where(eq(payments.registrationId, registrationId));
    const cancel = await cancelSession(sessionId);
    expect(cancel.status).toBe(204);

    const intent = stripe.payCheckout(payment!.providerRef!, 1000);
    const late = stripe.event(
      "checkout.session.completed",
      {
        id: payment!.providerRef!,
        object: "checkout.session",
        mode: "payment",
        client_reference_id: payment!.id,
      },
      { account: accountId },
    );
    expect((await deliver(late)).statusCode).toBe(200);
    const settled = await until(
      async () => (await t.db.select().from(payments).where(eq(payments.id, payment!.id)))[0]!,
      (p) => p.status === "refunded",
      "the late payment's refund",
    );
    expect(settled.providerPaymentRef).toBe(intent);
    const [registration] = await t.db
      .select()
      .from(sessionRegistrations)
      .where(eq(sessionRegistrations.id, registrationId));
    expect(registration!.status).not.toBe("registered");
  });

  it("a checkout naming something that is not one of our payments is acknowledged and ignored", async () => {
    const stray = stripe.event(
      "checkout.session.completed",
      { id: "cs_other", object: "checkout.session", mode: "payment", client_reference_id: "order-1234" },
      { account: accountId },
    );
    expect((await deliver(stray)).statusCode).toBe(200);
  });
});

describe("a place given up before it is paid closes its checkout", () => {
  let quitter: TestUser;
  let sessionId: string;
  let accountId: string;

  beforeAll(async () => {
    quitter = await makeUser(t, "stripe-quitter@example.com", "Quinn Quitter");
    ({ accountId, sessionId } = await paidSessionFor(quitter, "Second Thoughts", 800));
  });

  /** Registers the quitter and answers the place and its pending payment. */
  async function holdAPlace() {
    const response = await registerIn(sessionId, quitter);
    expect(response.status, response.response.text).toBe(201);
    const registrationId = response.body.registration.id;
    const [payment] = await t.db.select().from(payments).where(eq(payments.registrationId, registrationId));
    expect(payment).toMatchObject({ status: "pending", provider: "stripe" });
    return { registrationId, payment: payment! };
  }
  const giveUp = async (registrationId: string) => {
    const response = await t.call(
      sessionsEndpoints.cancelRegistration,
      { params: { orgId, sessionId, registrationId } },
      { cookie: quitter.cookie },
    );
    expect(response.status, response.response.text).toBe(200);
  };
  const expireCalls = (checkoutId: string) =>
    stripe.requests.filter(
      (r) => r.method === "POST" && r.path === `/v1/checkout/sessions/${checkoutId}/expire`,
    );
  const jobStates = async (paymentId: string) => {
    const result = await t.db.execute(
      sql`select state, retry_count from pgboss.job where name = ${EXPIRE_CHECKOUT} and data->>'paymentId' = ${paymentId}`,
    );
    return result.rows as Array<{ state: string; retry_count: number }>;
  };

  it("cancelling an unpaid place expires its checkout on the club's account at once", async () => {
    const { registrationId, payment } = await holdAPlace();
    await giveUp(registrationId);
    const [expire] = await until(
      async () => expireCalls(payment.providerRef!),
      (calls) => calls.length > 0,
      "the checkout's expiry",
    );
    expect(expire!.stripeAccount).toBe(accountId);
    expect(stripe.object(payment.providerRef!)!.status).toBe("expired");
    expect((await t.db.select().from(payments).where(eq(payments.id, payment.id)))[0]!.status).toBe(
      "cancelled",
    );
  });

  it("a checkout paid before it could be closed: the job ends there, and the late payment follows the usual rules", async () => {
    const { registrationId, payment } = await holdAPlace();
    // Paid on Stripe's page while the cancellation was on its way; its event comes later.
    const intent = stripe.payCheckout(payment.providerRef!, 800);
    await giveUp(registrationId);
    const [job] = await until(
      () => jobStates(payment.id),
      (states) => states.some((s) => s.state === "completed"),
      "the expire job",
    );
    // Stripe refused to expire a completed checkout; that is not a failure to retry.
    expect(job!.retry_count).toBe(0);
    expect(stripe.object(payment.providerRef!)!.status).toBe("complete");
    const completed = stripe.event(
      "checkout.session.completed",
      {
        id: payment.providerRef!,
        object: "checkout.session",
        mode: "payment",
        client_reference_id: payment.id,
      },
      { account: accountId },
    );
    expect((await deliver(completed)).statusCode).toBe(200);
    // A charge for a place given up, with nobody registered in its stead and the session open,
    // takes a place again as a late payment does (payment-outcomes.ts): kept, not refunded.
    const [after] = await t.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(after).toMatchObject({ status: "paid", providerPaymentRef: intent });
    const [registration] = await t.db
      .select()
      .from(sessionRegistrations)
      .where(eq(sessionRegistrations.id, registrationId));
    expect(registration!.status).toBe("registered");
    expect(
      stripe.requests.filter((r) => r.path === "/v1/refunds" && r.body.get("payment_intent") === intent),
    ).toEqual([]);
  });

  /** A new member's place in a new paid session, held for a payment not made yet. */
  async function placeOf(email: string, session: string) {
    const person = await makeUser(t, email);
    const own = await paidSessionFor(person, session, 900);
    const registered = await registerIn(own.sessionId, person);
    expect(registered.status, registered.response.text).toBe(201);
    const registrationId = registered.body.registration.id;
    const [payment] = await t.db.select().from(payments).where(eq(payments.registrationId, registrationId));
    expect(payment).toMatchObject({ status: "pending", provider: "stripe" });
    return { sessionId: own.sessionId, registrationId, payment: payment! };
  }

  it("a hold run out closes its checkout too, so the place it no longer holds cannot be paid for", async () => {
    const {
      sessionId: held,
      registrationId,
      payment,
    } = await placeOf("stripe-held@example.com", "Held Too Long");
    await t.db
      .update(sessionRegistrations)
      .set({ holdExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(sessionRegistrations.id, registrationId));
    await sweepHolds(t.deps, orgId, held);
    const [expire] = await until(
      async () => expireCalls(payment.providerRef!),
      (calls) => calls.length > 0,
      "the run-out hold's checkout expiry",
    );
    expect(expire!.stripeAccount).toBe(accountId);
    expect(stripe.object(payment.providerRef!)!.status).toBe("expired");
    expect((await t.db.select().from(payments).where(eq(payments.id, payment.id)))[0]!.status).toBe(
      "expired",
    );
  });

  it("a session cancelled closes the checkouts of its places not yet paid", async () => {
    const { sessionId: rainedOff, payment } = await placeOf("stripe-cancelled@example.com", "Rained Off");
    const cancel = await cancelSession(rainedOff);
    expect(cancel.status).toBe(204);
    await until(
      async () => expireCalls(payment.providerRef!),
      (calls) => calls.length > 0,
      "the cancelled session's checkout expiry",
    );
    expect(stripe.object(payment.providerRef!)!.status).toBe("expired");
  });

  it("an expiry Stripe could not make fails, so the job that asked tries again", async () => {
    await expect(t.deps.payments.expireCheckout("cs_nowhere", accountId)).rejects.toBeInstanceOf(
      ProviderError,
    );
  });
});

describe("the adapter's requests, each as Stripe accepts it", () => {
  const checkout = (payoutAccountRef: string | null) =>
    t.deps.payments.createCheckout({
      paymentId: "11111111-1111-4111-8111-111111111111",
      paymentIds: ["11111111-1111-4111-8111-111111111111"],
      amount: 1500,
      applicationFee: 45,
      description: "Open play ($15.00)",
      clubName: "Stripe Club",
      customerEmail: null,
      payoutAccountRef,
      returnUrl: "http://localhost:3000/sessions/x",
      attemptKey: crypto.randomUUID(),
    });

  it("sends an application fee only with the club's account: Stripe refuses one on the platform's own charge", async () => {
    const from = stripe.requests.length;
    await checkout(null);
    const [sent] = since(from).filter((r) => r.path === "/v1/checkout/sessions");
    expect(sent!.stripeAccount).toBeUndefined();
    expect(sent!.body.get("payment_intent_data[application_fee_amount]")).toBeNull();
  });

  it("keys a customer by the details it sends, so changed details never meet an idempotency error", async () => {
    const from = stripe.requests.length;
    const first = { organizationId: orgId, name: "Key Club", email: "a@key.example" };
    await t.deps.payments.createCustomer(first);
    await t.deps.payments.createCustomer(first);
    await t.deps.payments.createCustomer({ ...first, email: "b@key.example" });
    const keys = since(from)
      .filter((r) => r.path === "/v1/customers")
      .map((r) => r.idempotencyKey);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[0]);
  });
});
