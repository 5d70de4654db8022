// Dues by card, through the provider's subscriptions on the club's account (decision 039). A
// checkout opens the subscription; after that every change reaches us as a webhook on the
// club's account, and is never taken from the payload: the subscription is read again from the
// provider, and what changed since our membership row becomes a dues event (keyed by the
// webhook's id, so a replay adds nothing). Cancelling, keeping and the nightly reconciliation
// read it the same way.
import { randomUUID } from "node:crypto";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { duesMessages } from "../../../shared/domain/dues-messages.js";
import { sessionFeeBasisPoints } from "../../../shared/domain/plans.js";
import type { AppDeps } from "../../app-deps.js";
import type { Tx } from "../../db/database.js";
import { duesCheckouts, membershipPlans, planMemberships } from "../../db/schema/memberships.js";
import { AppError, notFound } from "../../platform/errors/app-error.js";
import type {
  DuesMember,
  DuesProvider,
  DuesSubscriptionState,
  ProviderEvent,
} from "../../platform/payments/payment-provider.js";
import { person } from "../account/service.js";
import { currentPlan, getOrganization } from "../clubs/service.js";
import { admitPayer } from "../members/service.js";
import { applyDuesEvent, type IncomingDuesEvent, openMembership, seasonEnd } from "./dues-events.js";

type PlanRow = typeof membershipPlans.$inferSelect;

const text = (value: unknown): string | null => (typeof value === "string" && value ? value : null);
const idOf = (value: unknown): string | null => text(value) ?? text((value as { id?: unknown } | null)?.id);

/** The club's account that takes charges, or the refusal a person paying would get. */
export async function chargingAccount(deps: AppDeps, organizationId: string) {
  const club = await getOrganization(deps.database.db, organizationId);
  if (!club.payoutChargesEnabled || !club.payoutAccountRef)
    throw new AppError(
      "PAYMENTS_NOT_READY",
      "This club cannot take payments yet: its owner needs to finish connecting a payment account.",
    );
  return { club, account: club.payoutAccountRef };
}

/**
 * Opens the provider's checkout for a plan; the membership begins with its first payment's
 * event. One checkout opens at a time for a person: their slot is claimed first, so a second
 * tap while the first is opening is refused. Their last checkout is closed before another
 * opens, so taps one after another never make two subscriptions either; one paid already is
 * refused here, as its membership is on its way.
 */
export async function openDuesCheckout(
  deps: AppDeps,
  dues: DuesProvider,
  plan: PlanRow,
  member: { organizationId: string; userId: string; joining: boolean },
): Promise<string> {
  const { club, account } = await chargingAccount(deps, member.organizationId);
  const { db } = deps.database;
  const { organizationId, userId } = member;
  const whose = and(eq(duesCheckouts.organizationId, organizationId), eq(duesCheckouts.userId, userId));
  const last = await db.transaction(async (tx) => {
    await tx.insert(duesCheckouts).values({ organizationId, userId }).onConflictDoNothing();
    const [claimed] = await tx
      .update(duesCheckouts)
      .set({ claimedUntil: sql`now() + interval '1 minute'` })
      .where(and(whose, or(isNull(duesCheckouts.claimedUntil), lt(duesCheckouts.claimedUntil, sql`now()`))))
      .returning();
    return claimed;
  });
  if (!last) throw new AppError("DUES_BY_CARD_NOT_READY", duesMessages.checkoutOpening);
  try {
    return await openClaimedCheckout(deps, dues, plan, member, { club, account, last: last.providerRef });
  } finally {
    await db.update(duesCheckouts).set({ claimedUntil: null }).where(whose);
  }
}

/** The checkout itself, the person's slot claimed: their last one closed, then a new one made. */
async function openClaimedCheckout(
  deps: AppDeps,
  dues: DuesProvider,
  plan: PlanRow,
  member: { organizationId: string; userId: string; joining: boolean },
  on: { club: Awaited<ReturnType<typeof chargingAccount>>["club"]; account: string; last: string | null },
): Promise<string> {
  const { club, account, last } = on;
  const { db } = deps.database;
  const whose = and(
    eq(duesCheckouts.organizationId, member.organizationId),
    eq(duesCheckouts.userId, member.userId),
  );
  const closed = last ? await dues.closeCheckout(last, account) : { paid: false as const };
  if (last && closed.paid) {
    // Paid before it could be closed: its membership is made now, as its webhook would make it.
    if (closed.subscriptionRef) {
      const state = await dues.retrieve(closed.subscriptionRef, account);
      if (state) await syncDues(deps, state, account, `checkout_${last}`);
    } else {
      const season = await dues.retrieveSeasonCheckout(last, account);
      if (season?.paid && season.member) await seasonPaid(deps, season.member, account, last);
    }
    await db.update(duesCheckouts).set({ providerRef: null }).where(whose);
    throw new AppError("DUES_BY_CARD_NOT_READY", duesMessages.paymentBeingConfirmed);
  }
  const payer = await person(db, member.userId);
  // A visitor joining is not a member until the payment's event: they come back to the club's
  // page, which says so, not to a Membership page they cannot open yet.
  const back = member.joining
    ? `${deps.config.appUrl}/club/${club.slug}`
    : `${deps.config.appUrl}/membership`;
  const { url, ref } = await dues.createCheckout({
    member: { ...member, planId: plan.id },
    planName: plan.name,
    clubName: club.name,
    priceCents: plan.priceCents,
    interval: plan.interval,
    // Our share of dues is the club's rate on session fees, as a percent.
    applicationFeePercent: sessionFeeBasisPoints[currentPlan(club, deps.now())] / 100,
    customerEmail: payer?.email ?? null,
    payoutAccountRef: account,
    successUrl: `${back}?dues=success`,
    cancelUrl: `${back}?dues=cancelled`,
    attemptKey: randomUUID(),
  });
  await db.update(duesCheckouts).set({ providerRef: ref, createdAt: new Date() }).where(whose);
  return url;
}

/** The subscription an event on a club's account is about, if it is about one. */
function subscriptionOf(event: ProviderEvent): string | null {
  const object = event.object as Record<string, unknown>;
  if (object.object === "subscription") return object.id as string;
  if (object.object === "invoice") {
    const parent = object.parent as { subscription_details?: { subscription?: unknown } } | null | undefined;
    return idOf(object.subscription) ?? idOf(parent?.subscription_details?.subscription);
  }
  if (object.object === "checkout.session" && object.mode === "subscription")
    return idOf(object.subscription);
  return null;
}

/** A season's checkout: one payment on a club's account for a season plan (its metadata says so). */
const seasonCheckoutOf = (event: ProviderEvent): string | null => {
  const object = event.object as Record<string, unknown>;
  const metadata = object.metadata as Record<string, unknown> | null | undefined;
  return object.object === "checkout.session" && object.mode === "payment" && metadata?.season === "true"
    ? event.object.id
    : null;
};

/** Whether a webhook is about a member's dues: an event on a club's account naming a subscription or a season's checkout. */
export const isDuesEvent = (event: ProviderEvent) =>
  event.account !== null && (subscriptionOf(event) !== null || seasonCheckoutOf(event) !== null);

/** A webhook about dues: the subscription (or season's checkout) read again, and what changed applied once. */
export async function duesWebhook(deps: AppDeps, event: ProviderEvent): Promise<void> {
  const season = seasonCheckoutOf(event);
  if (deps.payments.dues && season && event.account) {
    const state = await deps.payments.dues.retrieveSeasonCheckout(season, event.account);
    if (state?.paid && state.member) await seasonPaid(deps, state.member, event.account, season);
    return;
  }
  const ref = subscriptionOf(event);
  if (!deps.payments.dues || !ref || !event.account) return;
  const state = await deps.payments.dues.retrieve(ref, event.account);
  if (state) await syncDues(deps, state, event.account, event.id);
}

/**
 * The plan version a provider's object names, when it is on the account of the club it names
 * and the plan is that club's; null for anything else (acknowledged and left alone).
 */
async function planOnItsClubsAccount(deps: AppDeps, member: DuesMember, account: string) {
  const club = await getOrganization(deps.database.db, member.organizationId).catch(() => null);
  if (!club || club.payoutAccountRef !== account) return null;
  const [plan] = await deps.database.db
    .select()
    .from(membershipPlans)
    .where(and(eq(membershipPlans.id, member.planId), eq(membershipPlans.organizationId, club.id)));
  return plan ?? null;
}

/**
 * Brings the membership to what the provider says now. Only a subscription our checkout made
 * counts, on the account of the club it names, for a plan of that club; anything else is
 * acknowledged and left alone.
 */
export async function syncDues(
  deps: AppDeps,
  state: DuesSubscriptionState,
  account: string,
  eventId: string,
): Promise<void> {
  const member = state.member;
  if (!member || !state.currentPeriodEnd) return;
  const plan = await planOnItsClubsAccount(deps, member, account);
  if (!plan) return;
  const now = deps.now();
  await deps.database.db.transaction(async (tx) => {
    // A subscription that ended before we ever heard of it started no membership.
    const [existing] = await tx
      .select({ id: planMemberships.id })
      .from(planMemberships)
      .where(
        and(
          eq(planMemberships.organizationId, member.organizationId),
          eq(planMemberships.userId, member.userId),
        ),
      );
    // A membership begins with a paid subscription: one whose first payment never went through
    // (a card declined, a confirmation abandoned) or that ended unheard of starts nothing.
    if (!existing && state.status !== "active") return;
    const membershipId = await openMembership(
      tx,
      { ...member, periodEnd: state.currentPeriodEnd! },
      "stripe",
    );
    const [row] = await tx
      .select()
      .from(planMemberships)
      .where(eq(planMemberships.id, membershipId))
      .for("update");
    const fresh = row!.providerRef !== state.ref;
    if (fresh) {
      // A new subscription, paid, becomes the membership's when its own has ended (joining again):
      // never two at once. (buyPlan opens no checkout while the membership's own is open.)
      const ownLive = row!.providerRef !== null && row!.status !== "cancelled" && row!.status !== "lapsed";
      if (state.status !== "active" || ownLive) return;
      await tx
        .update(planMemberships)
        .set({ provider: "stripe", providerRef: state.ref })
        .where(eq(planMemberships.id, membershipId));
      // Bought from the club's page by a visitor: paid, they are a member.
      if (member.joining) await admitPayer(tx, member, now, true);
      await forgetCheckout(tx, member);
    }
    const base = { occurredAt: now };
    const events: IncomingDuesEvent[] = [];
    // Paid: a new subscription, one back from past due, a renewal, or a switch to another plan.
    if (
      state.status === "active" &&
      (fresh ||
        row!.status !== "active" ||
        state.currentPeriodEnd! > row!.currentPeriodEnd ||
        row!.planId !== plan.id)
    )
      events.push({
        ...base,
        providerEventId: eventId,
        kind: "paid",
        planId: plan.id,
        periodEnd: state.currentPeriodEnd!,
      });
    if (state.status === "past_due" && row!.status === "active")
      events.push({ ...base, providerEventId: eventId, kind: "payment_failed", graceDays: plan.graceDays });
    if (state.status === "ended" && row!.status !== "cancelled" && row!.status !== "lapsed")
      events.push({ ...base, providerEventId: eventId, kind: "ended" });
    if (state.status !== "ended" && state.cancelAtPeriodEnd !== (row!.cancelAtPeriodEnd && !fresh))
      events.push({
        ...base,
        providerEventId: `${eventId}:cancellation`,
        kind: state.cancelAtPeriodEnd ? "cancel_requested" : "cancel_withdrawn",
      });
    for (const event of events) await applyDuesEvent(tx, membershipId, event);
  });
}

/**
 * A season paid in full by card: the membership to the season's end, keyed by the checkout, so
 * its webhooks however often replayed apply it once. Nothing renews it: the club sends the next
 * season's link (season-links.ts).
 */
async function seasonPaid(deps: AppDeps, member: DuesMember, account: string, checkoutRef: string) {
  const plan = await planOnItsClubsAccount(deps, member, account);
  if (!plan?.seasonEndsOn) return;
  const periodEnd = seasonEnd(plan.seasonEndsOn);
  const now = deps.now();
  await deps.database.db.transaction(async (tx) => {
    const membershipId = await openMembership(tx, { ...member, periodEnd }, "stripe");
    // A subscription of an earlier membership, ended, is nothing of the season's: left on the
    // row, the reconciliation would read its end and end the season paid for.
    const [row] = await tx
      .select()
      .from(planMemberships)
      .where(eq(planMemberships.id, membershipId))
      .for("update");
    if (row!.status === "lapsed" || row!.status === "cancelled")
      await tx
        .update(planMemberships)
        .set({ provider: "stripe", providerRef: null })
        .where(eq(planMemberships.id, membershipId));
    const applied = await applyDuesEvent(tx, membershipId, {
      providerEventId: `season:${checkoutRef}`,
      kind: "paid",
      occurredAt: now,
      planId: plan.id,
      periodEnd,
    });
    if (applied && member.joining) await admitPayer(tx, member, now, true);
    if (applied) await forgetCheckout(tx, member);
  });
}

/** The checkout a membership was made from is nothing more to close. */
async function forgetCheckout(tx: Tx, member: { organizationId: string; userId: string }) {
  await tx
    .update(duesCheckouts)
    .set({ providerRef: null })
    .where(
      and(eq(duesCheckouts.organizationId, member.organizationId), eq(duesCheckouts.userId, member.userId)),
    );
}

/** Moves a card membership to another plan at the provider, then reads what it says back. */
export async function switchCardPlan(
  deps: AppDeps,
  dues: DuesProvider,
  membership: { organizationId: string; userId: string; providerRef: string | null },
  plan: PlanRow,
) {
  if (!membership.providerRef) throw notFound("Not found");
  if (plan.interval === "season")
    throw new AppError("DUES_BY_CARD_NOT_READY", duesMessages.switchToSeasonByCard);
  const { account } = await chargingAccount(deps, membership.organizationId);
  const member = { organizationId: membership.organizationId, userId: membership.userId, planId: plan.id };
  await dues.switchPlan(membership.providerRef, account, {
    member: { ...member, joining: false },
    priceCents: plan.priceCents,
    interval: plan.interval,
  });
  const state = await dues.retrieve(membership.providerRef, account);
  if (state) await syncDues(deps, state, account, `switch_${randomUUID()}`);
}

/** Ends a card membership at its period's end (or keeps it), at the provider first. */
export async function setCardCancellation(
  deps: AppDeps,
  dues: DuesProvider,
  membership: { organizationId: string; providerRef: string | null },
  cancel: boolean,
): Promise<void> {
  if (!membership.providerRef) throw notFound("Not found");
  const { account } = await chargingAccount(deps, membership.organizationId);
  await dues.setCancellation(membership.providerRef, account, cancel);
  const state = await dues.retrieve(membership.providerRef, account);
  if (state) await syncDues(deps, state, account, `cancellation_${randomUUID()}`);
}

/** The provider's page where a card member changes their card. */
export async function duesPortal(
  deps: AppDeps,
  dues: DuesProvider,
  membership: { organizationId: string; providerRef: string | null },
): Promise<string> {
  if (!membership.providerRef) throw new AppError("NO_MEMBERSHIP", duesMessages.noMembership);
  const { account } = await chargingAccount(deps, membership.organizationId);
  return (await dues.createPortal(membership.providerRef, account, `${deps.config.appUrl}/membership`)).url;
}
