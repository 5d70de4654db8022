// Dues by card on Stripe (decision 039), at the HTTP level: the official SDK pointed at the
// strict fake Stripe (every request checked against Stripe's API description), and webhooks
// signed as Stripe signs them. A subscription on the club's own account with our share as a
// percent; its events, replayed and shuffled, applied once from what Stripe says when asked.
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { membershipsEndpoints as endpoints } from "../../../shared/contracts/memberships-endpoints.js";
import { organizations } from "../../db/schema/clubs.js";
import { organizationMembers, userRoles } from "../../db/schema/members.js";
import { duesCheckouts, duesEvents, planMemberships } from "../../db/schema/memberships.js";
import { makeClub, makeUser, type TestUser } from "../../test/factories.js";
import { type FakeStripe, startFakeStripe } from "../../test/fake-stripe.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { adultPlan } from "../../test/plans.js";
import { until } from "../../test/until.js";
import { deliverWebhook, replayedShuffled } from "../../test/webhook-deliveries.js";
import { reconcileDues } from "./reconcile.js";
import { endRetiredCardDues } from "./retired-plans.js";

let t: TestApp;
let stripe: FakeStripe;
let owner: TestUser;
let mia: TestUser;
let orgId: string;
let clubSlug: string;
let otherOrgId: string;
let planId: string;
const ACCOUNT = "acct_club_a";

beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp({ env: stripe.env });
  owner = await makeUser(t, "card-owner@example.com", "Olive Owner");
  mia = await makeUser(t, "card-mia@example.com", "Mia Member");
  ({ id: orgId, slug: clubSlug } = await makeClub(t, owner, [[mia, "member"]], { name: "Card Club" }));
  otherOrgId = (await makeClub(t, await makeUser(t, "card-rival@example.com", "Rival"), [])).id;
  // The club's account takes charges, as its onboarding leaves it (stripe.test.ts walks that).
  await t.db
    .update(organizations)
    .set({ payoutAccountRef: ACCOUNT, payoutChargesEnabled: true, payoutDetailsSubmitted: true })
    .where(eq(organizations.id, orgId));
  planId = (
    await t.call(endpoints.createPlan, { params: { orgId }, body: adultPlan }, { cookie: owner.cookie })
  ).body.id;
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});
afterEach(() => {
  expect(stripe.refusals).toEqual([]);
});

const deliver = (delivery: { payload: string; signature: string }) => deliverWebhook(t, delivery);
const mine = () => t.call(endpoints.mine, { params: { orgId } }, { cookie: mia.cookie });
const eventsOf = async () => {
  const [row] = await t.db.select().from(planMemberships).where(eq(planMemberships.userId, mia.id));
  return row
    ? (await t.db.select().from(duesEvents).where(eq(duesEvents.membershipId, row.id))).map((e) => e.kind)
    : [];
};
const DAY = 86_400_000;
const SUB = "sub_mia";

/** Someone new in the club, not on any plan. */
const newMember = async (email: string, name: string) => {
  const made = await makeUser(t, email, name);
  await t.db.insert(organizationMembers).values({ organizationId: orgId, userId: made.id });
  return made;
};

/** A season plan of the club, as its owner makes it: its id. */
const seasonPlan = async (name: string, code: string, seasonStartsOn: string, seasonEndsOn: string) =>
  (
    await t.call(
      endpoints.createPlan,
      {
        params: { orgId },
        body: { ...adultPlan, name, code, interval: "season", seasonStartsOn, seasonEndsOn },
      },
      { cookie: owner.cookie },
    )
  ).body.id;

/** Stripe has an active subscription for `who` on the adult plan, and has said so by webhook. */
const subscribedOnStripe = async (ref: string, who: TestUser) => {
  stripe.setDuesSubscription(ref, {
    account: ACCOUNT,
    status: "active",
    periodEnd: new Date(Date.now() + 30 * DAY),
    metadata: { organizationId: orgId, userId: who.id, planId },
  });
  await deliver(
    stripe.event(
      "invoice.paid",
      { id: `in_${ref}`, object: "invoice", subscription: ref },
      { account: ACCOUNT },
    ),
  );
};

describe("dues by card", () => {
  it("opens a subscription checkout on the club's account, with our share as a percent", async () => {
    const from = stripe.requests.length;
    const bought = await t.call(
      endpoints.buy,
      { params: { orgId }, body: { planId } },
      { cookie: mia.cookie },
    );
    expect(bought.status).toBe(200);
    expect(bought.body.checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    // Nothing is a membership until Stripe says it is paid.
    expect(bought.body.membership).toBeNull();
    const [checkout] = stripe.requests.slice(from).filter((r) => r.path === "/v1/checkout/sessions");
    expect(checkout!.stripeAccount).toBe(ACCOUNT);
    expect(checkout!.idempotencyKey).toMatch(new RegExp(`^dues-checkout:${orgId}:${mia.id}:${planId}:`));
    const sent = Object.fromEntries(checkout!.body);
    expect(sent).toMatchObject({
      mode: "subscription",
      customer_email: "card-mia@example.com",
      "line_items[0][price_data][unit_amount]": "3000",
      "line_items[0][price_data][recurring][interval]": "month",
      "line_items[0][price_data][currency]": "usd",
      // The trial's rate on session fees, 3%.
      "subscription_data[application_fee_percent]": "3",
      "subscription_data[metadata][organizationId]": orgId,
      "subscription_data[metadata][userId]": mia.id,
      "subscription_data[metadata][planId]": planId,
    });
  });

  it("becomes a membership once Stripe says so, whatever the payloads say and however often they come", async () => {
    const metadata = { organizationId: orgId, userId: mia.id, planId };
    const periodEnd = new Date(Date.now() + 30 * DAY);
    stripe.setDuesSubscription(SUB, { account: ACCOUNT, status: "active", periodEnd, metadata });
    // The payloads are stale on purpose: the state is read from Stripe.
    const stale = { id: SUB, object: "subscription", status: "incomplete" };
    const deliveries = [
      stripe.event("customer.subscription.created", stale, { account: ACCOUNT }),
      stripe.event(
        "invoice.paid",
        { id: "in_1", object: "invoice", subscription: SUB },
        { account: ACCOUNT },
      ),
      stripe.event("customer.subscription.updated", stale, { account: ACCOUNT }),
    ];
    for (const delivery of replayedShuffled(deliveries))
      expect((await deliver(delivery)).statusCode).toBe(200);
    const page = (await mine()).body;
    expect(page.membership).toMatchObject({
      status: "active",
      plan: { code: "ADULT" },
      cancelAtPeriodEnd: false,
    });
    expect(page.membership?.currentPeriodEnd).toBe(
      new Date(Math.floor(periodEnd.getTime() / 1000) * 1000).toISOString(),
    );
    expect(page.byCard).toBe(true);
    expect(await eventsOf()).toEqual(["paid"]);
  });

  it("a failed renewal makes it past due, once; the card is changed on Stripe's page on the club's account", async () => {
    const metadata = { organizationId: orgId, userId: mia.id, planId };
    stripe.setDuesSubscription(SUB, {
      account: ACCOUNT,
      status: "past_due",
      periodEnd: new Date(Date.now() + 30 * DAY),
      metadata,
    });
    const failed = stripe.event(
      "invoice.payment_failed",
      { id: "in_2", object: "invoice", subscription: SUB },
      { account: ACCOUNT },
    );
    for (let i = 0; i < 3; i++) await deliver(failed);
    expect((await mine()).body.membership?.status).toBe("past_due");
    expect(await eventsOf()).toEqual(["paid", "payment_failed"]);

    const from = stripe.requests.length;
    const portal = await t.call(endpoints.portal, { params: { orgId } }, { cookie: mia.cookie });
    expect(portal.body.url).toMatch(/^https:\/\/billing\.stripe\.test\//);
    const [opened] = stripe.requests.slice(from).filter((r) => r.path === "/v1/billing_portal/sessions");
    expect(opened!.stripeAccount).toBe(ACCOUNT);

    // Paid again: active.
    stripe.setDuesSubscription(SUB, {
      account: ACCOUNT,
      status: "active",
      periodEnd: new Date(Date.now() + 31 * DAY),
      metadata,
    });
    await deliver(
      stripe.event(
        "invoice.paid",
        { id: "in_3", object: "invoice", subscription: SUB },
        { account: ACCOUNT },
      ),
    );
    expect((await mine()).body.membership?.status).toBe("active");
  });

  it("cancels at period end on Stripe, keeps it after all, and ends when Stripe ends it", async () => {
    const from = stripe.requests.length;
    const cancelled = await t.call(endpoints.cancel, { params: { orgId } }, { cookie: mia.cookie });
    expect(cancelled.body.membership).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    const [update] = stripe.requests
      .slice(from)
      .filter((r) => r.path === `/v1/subscriptions/${SUB}` && r.method === "POST");
    expect(update!.stripeAccount).toBe(ACCOUNT);
    expect(update!.body.get("cancel_at_period_end")).toBe("true");
    const kept = await t.call(endpoints.resume, { params: { orgId } }, { cookie: mia.cookie });
    expect(kept.body.membership?.cancelAtPeriodEnd).toBe(false);
    await t.call(endpoints.cancel, { params: { orgId } }, { cookie: mia.cookie });

    const metadata = { organizationId: orgId, userId: mia.id, planId };
    stripe.setDuesSubscription(SUB, {
      account: ACCOUNT,
      status: "canceled",
      periodEnd: new Date(),
      cancelAtPeriodEnd: true,
      metadata,
    });
    const ended = stripe.event(
      "customer.subscription.deleted",
      { id: SUB, object: "subscription" },
      { account: ACCOUNT },
    );
    for (let i = 0; i < 2; i++) await deliver(ended);
    expect((await mine()).body.membership?.status).toBe("cancelled");
    expect((await eventsOf()).slice(-2)).toEqual(["cancel_requested", "ended"]);
  });

  it("the reconciliation repairs a webhook that never came", async () => {
    // Mia joins again; Stripe charges her, and the webhook is lost.
    const metadata = { organizationId: orgId, userId: mia.id, planId };
    stripe.setDuesSubscription("sub_again", {
      account: ACCOUNT,
      status: "active",
      periodEnd: new Date(Date.now() + 30 * DAY),
      metadata,
    });
    await deliver(
      stripe.event(
        "customer.subscription.created",
        { id: "sub_again", object: "subscription" },
        { account: ACCOUNT },
      ),
    );
    expect((await mine()).body.membership?.status).toBe("active");
    stripe.setDuesSubscription("sub_again", {
      account: ACCOUNT,
      status: "past_due",
      periodEnd: new Date(Date.now() + 30 * DAY),
      metadata,
    });
    expect((await mine()).body.membership?.status).toBe("active");
    expect(await reconcileDues(t.deps)).toBe(1);
    expect((await mine()).body.membership?.status).toBe("past_due");
    // Read again with nothing new: nothing added.
    const before = await eventsOf();
    await reconcileDues(t.deps);
    expect(await eventsOf()).toEqual(before);
  });

  it("a retired plan's card subscriptions end at their period's end, on Stripe", async () => {
    const seasonal = await t.call(
      endpoints.createPlan,
      { params: { orgId }, body: { ...adultPlan, name: "Winter", code: "WIN" } },
      { cookie: owner.cookie },
    );
    const metadata = { organizationId: orgId, userId: owner.id, planId: seasonal.body.id };
    stripe.setDuesSubscription("sub_winter", {
      account: ACCOUNT,
      status: "active",
      periodEnd: new Date(Date.now() + 20 * DAY),
      metadata,
    });
    await deliver(
      stripe.event(
        "customer.subscription.created",
        { id: "sub_winter", object: "subscription" },
        { account: ACCOUNT },
      ),
    );
    const from = stripe.requests.length;
    const retired = await t.call(
      endpoints.retirePlan,
      { params: { orgId, planId: seasonal.body.id } },
      { cookie: owner.cookie },
    );
    expect(retired.status).toBe(204);
    // The job the retirement queued (run here rather than waited for).
    await endRetiredCardDues(t.deps, { organizationId: orgId, familyId: seasonal.body.familyId });
    const updates = stripe.requests
      .slice(from)
      .filter((r) => r.path === "/v1/subscriptions/sub_winter" && r.method === "POST");
    expect(updates.length).toBeGreaterThan(0);
    expect(
      updates.every((r) => r.stripeAccount === ACCOUNT && r.body.get("cancel_at_period_end") === "true"),
    ).toBe(true);
    const owners = await t.call(endpoints.mine, { params: { orgId } }, { cookie: owner.cookie });
    expect(owners.body.membership).toMatchObject({
      status: "active",
      cancelAtPeriodEnd: true,
      plan: { code: "WIN" },
    });
  });

  it("a first payment that never went through starts no membership, and one still open at Stripe stops a second", async () => {
    const ivy = await makeUser(t, "card-ivy@example.com", "Ivy Incomplete");
    await t.db.insert(organizationMembers).values({ organizationId: orgId, userId: ivy.id });
    await t.db.insert(userRoles).values({ organizationId: orgId, userId: ivy.id, role: "member" });
    const mineOf = async () =>
      (await t.call(endpoints.mine, { params: { orgId } }, { cookie: ivy.cookie })).body;
    const metadata = { organizationId: orgId, userId: ivy.id, planId };
    const month = new Date(Date.now() + 30 * DAY);
    // Her card asked for a confirmation she abandoned: Stripe says incomplete, then expired.
    stripe.setDuesSubscription("sub_ivy_1", {
      account: ACCOUNT,
      status: "incomplete",
      periodEnd: month,
      metadata,
    });
    await deliver(
      stripe.event(
        "customer.subscription.created",
        { id: "sub_ivy_1", object: "subscription" },
        { account: ACCOUNT },
      ),
    );
    stripe.setDuesSubscription("sub_ivy_1", {
      account: ACCOUNT,
      status: "incomplete_expired",
      periodEnd: month,
      metadata,
    });
    await deliver(
      stripe.event(
        "customer.subscription.deleted",
        { id: "sub_ivy_1", object: "subscription" },
        { account: ACCOUNT },
      ),
    );
    expect((await mineOf()).membership).toBeNull();

    // She pays; later a renewal fails and her grace here runs out while Stripe still tries.
    stripe.setDuesSubscription("sub_ivy_2", {
      account: ACCOUNT,
      status: "active",
      periodEnd: month,
      metadata,
    });
    await deliver(
      stripe.event(
        "customer.subscription.created",
        { id: "sub_ivy_2", object: "subscription" },
        { account: ACCOUNT },
      ),
    );
    stripe.setDuesSubscription("sub_ivy_2", {
      account: ACCOUNT,
      status: "past_due",
      periodEnd: month,
      metadata,
    });
    await deliver(
      stripe.event(
        "invoice.payment_failed",
        { id: "in_ivy", object: "invoice", subscription: "sub_ivy_2" },
        { account: ACCOUNT },
      ),
    );
    await t.db
      .update(planMemberships)
      .set({ graceEndsAt: new Date(Date.now() - DAY) })
      .where(eq(planMemberships.userId, ivy.id));
    expect((await mineOf()).membership?.status).toBe("lapsed");
    // A second subscription beside the open one would charge twice: she is sent to pay it.
    const again = await t.call(
      endpoints.buy,
      { params: { orgId }, body: { planId } },
      { cookie: ivy.cookie },
    );
    expect(again.error).toMatchObject({
      code: "DUES_BY_CARD_NOT_READY",
      message:
        "Your membership's card payment is still open: pay it from Update Card on your Membership page, or cancel it there first.",
    });
    // Once Stripe has given up on it, she may join again.
    stripe.setDuesSubscription("sub_ivy_2", {
      account: ACCOUNT,
      status: "canceled",
      periodEnd: month,
      metadata,
    });
    const rejoined = await t.call(
      endpoints.buy,
      { params: { orgId }, body: { planId } },
      { cookie: ivy.cookie },
    );
    expect(rejoined.body.checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    expect(rejoined.body.membership?.status).toBe("lapsed");
  });

  it("ignores a subscription that names another club, or is not on the club's own account", async () => {
    const before = await t.db.select().from(planMemberships);
    stripe.setDuesSubscription("sub_forged", {
      account: ACCOUNT,
      status: "active",
      periodEnd: new Date(Date.now() + 30 * DAY),
      metadata: { organizationId: otherOrgId, userId: owner.id, planId },
    });
    expect(
      (
        await deliver(
          stripe.event(
            "customer.subscription.created",
            { id: "sub_forged", object: "subscription" },
            { account: ACCOUNT },
          ),
        )
      ).statusCode,
    ).toBe(200);
    stripe.setDuesSubscription("sub_elsewhere", {
      account: "acct_someone_else",
      status: "active",
      periodEnd: new Date(Date.now() + 30 * DAY),
      metadata: { organizationId: orgId, userId: owner.id, planId },
    });
    await deliver(
      stripe.event(
        "customer.subscription.created",
        { id: "sub_elsewhere", object: "subscription" },
        { account: "acct_someone_else" },
      ),
    );
    expect(await t.db.select().from(planMemberships)).toEqual(before);
  });

  it("admits a visitor who joined from the club's page once their first payment goes through, not before", async () => {
    const vic = await makeUser(t, "card-vic@example.com", "Vic Visitor");
    const from = stripe.requests.length;
    const joined = await t.call(
      endpoints.joinWithPlan,
      { params: { slug: clubSlug, planId } },
      { cookie: vic.cookie },
    );
    expect(joined.body).toMatchObject({ organizationId: orgId, member: false });
    const [checkout] = stripe.requests.slice(from).filter((r) => r.path === "/v1/checkout/sessions");
    const sent = Object.fromEntries(checkout!.body);
    expect(sent).toMatchObject({
      "subscription_data[metadata][userId]": vic.id,
      "subscription_data[metadata][joining]": "true",
      // Not a member yet: back to the club's page, which says the payment is being confirmed.
      success_url: expect.stringMatching(new RegExp(`/club/${clubSlug}\\?dues=success$`)),
    });
    const isMember = async () =>
      (await t.db.select().from(organizationMembers).where(eq(organizationMembers.userId, vic.id))).length ===
      1;
    expect(await isMember()).toBe(false);

    const metadata = { organizationId: orgId, userId: vic.id, planId, joining: "true" };
    const periodEnd = new Date(Date.now() + 30 * DAY);
    // A first payment that did not go through admits nobody.
    stripe.setDuesSubscription("sub_vic", { account: ACCOUNT, status: "incomplete", periodEnd, metadata });
    const created = stripe.event(
      "customer.subscription.created",
      { id: "sub_vic", object: "subscription" },
      { account: ACCOUNT },
    );
    expect((await deliver(created)).statusCode).toBe(200);
    expect(await isMember()).toBe(false);

    stripe.setDuesSubscription("sub_vic", { account: ACCOUNT, status: "active", periodEnd, metadata });
    const paid = stripe.event(
      "invoice.paid",
      { id: "in_vic", object: "invoice", subscription: "sub_vic" },
      { account: ACCOUNT },
    );
    for (const delivery of replayedShuffled([paid, created])) await deliver(delivery);
    expect(await isMember()).toBe(true);
    const [role] = await t.db.select().from(userRoles).where(eq(userRoles.userId, vic.id));
    expect(role?.role).toBe("member");
    const page = await t.call(endpoints.mine, { params: { orgId } }, { cookie: vic.cookie });
    expect(page.body.membership?.status).toBe("active");
  });

  it("takes a season in one payment on the club's account, and applies it once however often it is told", async () => {
    const sue = await newMember("card-sue@example.com", "Sue Season");
    const seasonId = await seasonPlan("Summer", "SUM", "2027-04-01", "2099-09-30");
    const from = stripe.requests.length;
    const bought = await t.call(
      endpoints.buy,
      { params: { orgId }, body: { planId: seasonId } },
      { cookie: sue.cookie },
    );
    expect(bought.body.checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const [checkout] = stripe.requests.slice(from).filter((r) => r.path === "/v1/checkout/sessions");
    expect(checkout!.stripeAccount).toBe(ACCOUNT);
    const sent = Object.fromEntries(checkout!.body);
    expect(sent).toMatchObject({
      mode: "payment",
      "line_items[0][price_data][unit_amount]": "3000",
      // The trial's 3% of $30, as a session fee's share is taken.
      "payment_intent_data[application_fee_amount]": "90",
      "metadata[season]": "true",
      "metadata[planId]": seasonId,
    });
    expect(sent).not.toHaveProperty("line_items[0][price_data][recurring][interval]");

    const checkoutId = new URL(bought.body.checkoutUrl!).pathname.slice(1);
    const told = () =>
      stripe.event(
        "checkout.session.completed",
        { id: checkoutId, object: "checkout.session", mode: "payment", metadata: { season: "true" } },
        { account: ACCOUNT },
      );
    // Told before it is paid (a forged event): the checkout is read, and nothing comes of it.
    await deliver(told());
    const sueMine = () => t.call(endpoints.mine, { params: { orgId } }, { cookie: sue.cookie });
    expect((await sueMine()).body.membership).toBeNull();

    stripe.payCheckout(checkoutId, 3000);
    for (const delivery of replayedShuffled([told(), told()])) await deliver(delivery);
    const page = (await sueMine()).body;
    expect(page.membership).toMatchObject({ status: "active", currentPeriodEnd: "2099-10-01T00:00:00.000Z" });
    // Nothing at Stripe renews or is changed by card: no card to update, and cancelling is ours.
    expect(page.byCard).toBe(false);
    const [row] = await t.db.select().from(planMemberships).where(eq(planMemberships.userId, sue.id));
    expect(
      (await t.db.select().from(duesEvents).where(eq(duesEvents.membershipId, row!.id))).map((e) => e.kind),
    ).toEqual(["paid"]);
    // A monthly subscription beside the paid season would charge again for its months.
    const monthly = await t.call(
      endpoints.buy,
      { params: { orgId }, body: { planId } },
      { cookie: sue.cookie },
    );
    expect(monthly.error?.message).toBe(
      "Your season is paid to its last day: join a monthly or yearly plan when it ends, so no month is paid twice.",
    );
    const cancelled = await t.call(endpoints.cancel, { params: { orgId } }, { cookie: sue.cookie });
    expect(cancelled.body.membership).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
  });

  it("a season bought after an ended subscription is not ended by that subscription's end", async () => {
    const rex = await newMember("card-rex@example.com", "Rex Returner");
    await subscribedOnStripe("sub_rex", rex);
    stripe.setDuesSubscription("sub_rex", {
      account: ACCOUNT,
      status: "canceled",
      periodEnd: new Date(Date.now() + 30 * DAY),
      metadata: { organizationId: orgId, userId: rex.id, planId },
    });
    await deliver(
      stripe.event(
        "customer.subscription.deleted",
        { id: "sub_rex", object: "subscription" },
        { account: ACCOUNT },
      ),
    );
    const rexMine = () => t.call(endpoints.mine, { params: { orgId } }, { cookie: rex.cookie });
    expect((await rexMine()).body.membership?.status).toBe("lapsed");
    const fallId = await seasonPlan("Fall", "FALL", "2098-09-01", "2098-11-30");
    const bought = await t.call(
      endpoints.buy,
      { params: { orgId }, body: { planId: fallId } },
      { cookie: rex.cookie },
    );
    const checkoutId = new URL(bought.body.checkoutUrl!).pathname.slice(1);
    stripe.payCheckout(checkoutId, 3000);
    await deliver(
      stripe.event(
        "checkout.session.completed",
        { id: checkoutId, object: "checkout.session", mode: "payment", metadata: { season: "true" } },
        { account: ACCOUNT },
      ),
    );
    expect((await rexMine()).body.membership).toMatchObject({ status: "active", plan: { code: "FALL" } });
    // The hourly reconciliation, and the old subscription's end told again: the season stands.
    await reconcileDues(t.deps);
    await deliver(
      stripe.event(
        "customer.subscription.deleted",
        { id: "sub_rex", object: "subscription" },
        { account: ACCOUNT },
      ),
    );
    expect((await rexMine()).body.membership).toMatchObject({ status: "active", plan: { code: "FALL" } });
  });

  it("closes the last checkout before opening another, and a checkout paid meanwhile makes the membership at once", async () => {
    const tia = await newMember("card-tia@example.com", "Tia Twotaps");
    const join = () => t.call(endpoints.buy, { params: { orgId }, body: { planId } }, { cookie: tia.cookie });
    const checkoutOf = (url: string | null) => new URL(url!).pathname.slice(1);
    const first = checkoutOf((await join()).body.checkoutUrl);
    const from = stripe.requests.length;
    const second = checkoutOf((await join()).body.checkoutUrl);
    expect(second).not.toBe(first);
    // The first is closed on the club's account before the second opens: never two subscriptions.
    const [expired] = stripe.requests.slice(from).filter((r) => r.path.endsWith("/expire"));
    expect(expired).toMatchObject({ path: `/v1/checkout/sessions/${first}/expire`, stripeAccount: ACCOUNT });
    expect(stripe.object(first)?.status).toBe("expired");

    // Tia pays the second, and taps Join again before its webhook comes: nothing is opened, and
    // the membership the payment made is read from Stripe and applied now.
    const metadata = { organizationId: orgId, userId: tia.id, planId, joining: "false" };
    stripe.setDuesSubscription("sub_tia", {
      account: ACCOUNT,
      status: "active",
      periodEnd: new Date(Date.now() + 30 * DAY),
      metadata,
    });
    stripe.completeDuesCheckout(second, "sub_tia");
    const third = await join();
    expect(third.error).toMatchObject({
      code: "DUES_BY_CARD_NOT_READY",
      message: "Your last payment went through: your membership is on your Membership page now.",
    });
    const page = await t.call(endpoints.mine, { params: { orgId } }, { cookie: tia.cookie });
    expect(page.body.membership?.status).toBe("active");
    // Its webhook, when it comes, adds nothing.
    await deliver(
      stripe.event(
        "invoice.paid",
        { id: "in_tia", object: "invoice", subscription: "sub_tia" },
        { account: ACCOUNT },
      ),
    );
    const [row] = await t.db.select().from(planMemberships).where(eq(planMemberships.userId, tia.id));
    expect(
      (await t.db.select().from(duesEvents).where(eq(duesEvents.membershipId, row!.id))).map((e) => e.kind),
    ).toEqual(["paid"]);
  });

  it("switches a card member's plan on their own subscription, never a second beside it", async () => {
    const sol = await newMember("card-sol@example.com", "Sol Switcher");
    await subscribedOnStripe("sub_sol", sol);
    const family = await t.call(
      endpoints.createPlan,
      { params: { orgId }, body: { ...adultPlan, name: "Family", code: "FAM", price: "60.00" } },
      { cookie: owner.cookie },
    );
    const from = stripe.requests.length;
    const switched = await t.call(
      endpoints.buy,
      { params: { orgId }, body: { planId: family.body.id } },
      { cookie: sol.cookie },
    );
    expect(switched.status).toBe(200);
    // The new price on its item, the difference charged now, and the plan his at once.
    expect(switched.body.checkoutUrl).toBeNull();
    expect(switched.body.membership).toMatchObject({ status: "active", plan: { code: "FAM" } });
    const sent = stripe.requests.slice(from);
    expect(sent.filter((r) => r.path === "/v1/checkout/sessions")).toEqual([]);
    const [update] = sent.filter((r) => r.method === "POST" && r.path === "/v1/subscriptions/sub_sol");
    expect(update!.stripeAccount).toBe(ACCOUNT);
    expect(Object.fromEntries(update!.body)).toMatchObject({
      "items[0][id]": "si_dues",
      "items[0][price_data][product]": "prod_dues",
      "items[0][price_data][unit_amount]": "6000",
      "items[0][price_data][recurring][interval]": "month",
      proration_behavior: "always_invoice",
      "metadata[planId]": family.body.id,
    });
    // A season is one payment, not a subscription's price: refused, saying what to do.
    const seasonId = await seasonPlan("Fall", "FALL", "2099-09-01", "2099-11-30");
    const toSeason = await t.call(
      endpoints.buy,
      { params: { orgId }, body: { planId: seasonId } },
      { cookie: sol.cookie },
    );
    expect(toSeason.error?.message).toBe(
      "A season is paid in one payment, not on your card's subscription: cancel this membership, and join the season when it ends.",
    );

    // Taken out of the club while his card kept paying, he joins again from the club's page: in.
    await t.db.delete(organizationMembers).where(eq(organizationMembers.userId, sol.id));
    const back = await t.call(
      endpoints.joinWithPlan,
      { params: { slug: clubSlug, planId } },
      { cookie: sol.cookie },
    );
    expect(back.body).toMatchObject({ member: true, checkoutUrl: null });
    expect(await t.db.$count(organizationMembers, eq(organizationMembers.userId, sol.id))).toBe(1);
  });

  it("opens one checkout at a time for a person: a second tap while the first opens is refused", async () => {
    const uma = await newMember("card-uma@example.com", "Uma Eager");
    const dues = t.deps.payments.dues!;
    const create = dues.createCheckout;
    // The first tap's checkout is held opening at Stripe while the second arrives.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    dues.createCheckout = async (request) => {
      await held;
      return create.call(dues, request);
    };
    try {
      const join = () =>
        t.call(endpoints.buy, { params: { orgId }, body: { planId } }, { cookie: uma.cookie });
      const first = join();
      await until(
        async () =>
          (await t.db.select().from(duesCheckouts).where(eq(duesCheckouts.userId, uma.id)))[0]?.claimedUntil,
        (claimed) => claimed !== null && claimed !== undefined,
        "the first tap's claim",
      );
      const second = await join();
      expect(second.error?.message).toBe(
        "Your checkout is opening already: pay on the page it opens, or try again in a minute.",
      );
      release();
      expect((await first).body.checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    } finally {
      dues.createCheckout = create;
      release();
    }
    // The claim is given back: the next tap opens a checkout again (closing the last).
    const third = await t.call(
      endpoints.buy,
      { params: { orgId }, body: { planId } },
      { cookie: uma.cookie },
    );
    expect(third.body.checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.test\//);
  });
});
