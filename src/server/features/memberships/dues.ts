// A person's membership and the dues that keep it (decision 039): their page, buying a plan,
// ending it at the period's end, and the provider's page for their card. The membership changes
// only by its dues events (dues-events.ts). The sandbox plays the subscription here: a purchase
// paid at once, and a renewal played by hand (paid, failed, or the end of a cancelled period);
// by card, the provider's subscription does (card-dues.ts).
import { randomUUID } from "node:crypto";
import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { Membership, MyMembership } from "../../../shared/contracts/memberships.js";
import { duesMessages } from "../../../shared/domain/dues-messages.js";
import { type DuesStatus, periodEndAfter } from "../../../shared/domain/dues-state.js";
import type { AppDeps } from "../../app-deps.js";
import type { Queryable } from "../../db/database.js";
import { duesEvents, membershipPlans, planMemberships } from "../../db/schema/memberships.js";
import { AppError, notFound } from "../../platform/errors/app-error.js";
import type { DuesProvider } from "../../platform/payments/payment-provider.js";
import { admitPayer, assertRoomToJoin, isMember } from "../members/service.js";
import {
  chargingAccount,
  duesPortal,
  openDuesCheckout,
  setCardCancellation,
  switchCardPlan,
  syncDues,
} from "./card-dues.js";
import {
  applyDuesEvent,
  type IncomingDuesEvent,
  membershipOf,
  openMembership,
  seasonEnd,
  standingAt,
} from "./dues-events.js";
import { offeredPlans, planOut } from "./plans.js";

type MembershipRow = typeof planMemberships.$inferSelect;
type PlanRow = typeof membershipPlans.$inferSelect;
/** What a purchase by card does after its checks commit: a checkout, or a subscription moved. */
type ByCard = { plan: PlanRow; switching: MembershipRow | null };

/** The caller's page: their membership as of now, its history, and what they can buy. */
export async function myMembership(
  deps: Pick<AppDeps, "payments">,
  db: Queryable,
  organizationId: string,
  userId: string,
  at: Date,
): Promise<MyMembership> {
  const [found, plans] = await Promise.all([
    db
      .select({ membership: planMemberships, plan: membershipPlans, status: standingAt(at) })
      .from(planMemberships)
      .innerJoin(membershipPlans, eq(membershipPlans.id, planMemberships.planId))
      .where(and(eq(planMemberships.organizationId, organizationId), eq(planMemberships.userId, userId))),
    offeredPlans(db, organizationId),
  ]);
  const row = found[0];
  const history = row ? await duesHistory(db, row.membership.id) : [];
  return {
    membership: row ? membershipOut(row.membership, row.plan, row.status) : null,
    history,
    plans: plans.map((plan) => {
      const { members: _, ...offered } = planOut(plan);
      return offered;
    }),
    sandbox: deps.payments.kind === "sandbox",
    byCard: row?.membership.provider === "stripe" && row.membership.providerRef !== null,
  };
}

/** A member's history for the club's treasurers: none for someone on no plan, nor outside the club. */
export async function memberDuesHistory(db: Queryable, organizationId: string, userId: string) {
  if (!(await isMember(db, organizationId, userId))) throw notFound("Member not found");
  const found = await membershipOf(db, organizationId, userId);
  return found ? duesHistory(db, found.membership.id) : [];
}

/** A membership's dues events, newest first, as its member and the club's treasurers read them. */
export async function duesHistory(db: Queryable, membershipId: string) {
  const rows = await db
    .select({ event: duesEvents, planName: membershipPlans.name })
    .from(duesEvents)
    .leftJoin(membershipPlans, sql`${membershipPlans.id}::text = ${duesEvents.detail}->>'planId'`)
    .where(eq(duesEvents.membershipId, membershipId))
    .orderBy(desc(duesEvents.occurredAt), desc(duesEvents.createdAt));
  return rows.map(({ event, planName }) => ({
    kind: event.kind,
    occurredAt: event.occurredAt.toISOString(),
    planName,
    periodEnd: event.detail.periodEnd ?? null,
  }));
}

function membershipOut(row: MembershipRow, plan: PlanRow, status: DuesStatus): Membership {
  return {
    id: row.id,
    plan: {
      id: plan.id,
      name: plan.name,
      code: plan.code,
      priceCents: plan.priceCents,
      interval: plan.interval,
      discount: { kind: plan.discount, value: plan.discountValue },
      earlyDays: plan.earlyDays,
      guestsPerMonth: plan.guestsPerMonth,
    },
    status,
    currentPeriodEnd: row.currentPeriodEnd.toISOString(),
    graceEndsAt: row.graceEndsAt?.toISOString() ?? null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  };
}

/** Where a period bought now ends: a month or a year on, or the season's last day (its end). */
function periodEndFor(plan: PlanRow, from: Date): Date {
  if (plan.interval !== "season") return periodEndAfter(from, plan.interval);
  return seasonEnd(plan.seasonEndsOn!);
}

const sandboxEventId = () => `sandbox_${randomUUID()}`;

/**
 * Buys a plan (or switches to it from another). In the sandbox the payment is taken at once and
 * the membership is active to the period's end (a switch starts a new period on the new plan);
 * by card the answer names the provider's checkout, and the membership begins with the first
 * payment's webhook (card-dues.ts), while a member paying by card is switched on the
 * subscription they have (the difference for the rest of its period charged at once).
 */
export async function buyPlan(
  deps: AppDeps,
  organizationId: string,
  userId: string,
  planId: string,
  joining = false,
) {
  const now = deps.now();
  const { account } = await chargingAccount(deps, organizationId);
  if (deps.payments.dues)
    await assertNoOpenSubscription(deps, deps.payments.dues, account, organizationId, userId);
  // By card, the plan to open the provider's checkout for (or to move a subscription to), once
  // the checks are committed: a provider is never called inside a transaction (its wait would
  // hold the row's lock).
  const byCard = await deps.database.db.transaction(async (tx): Promise<ByCard | null> => {
    const plan = (await offeredPlans(tx, organizationId)).find((p) => p.id === planId);
    if (!plan)
      throw new AppError("PLAN_NOT_OFFERED", "That plan is not offered: choose one of the club's plans.");
    const periodEnd = periodEndFor(plan, now);
    if (periodEnd <= now) throw new AppError("SEASON_OVER", duesMessages.seasonOver);
    const existing = await membershipOf(tx, organizationId, userId);
    let membershipId = existing?.membership.id;
    if (existing) {
      const [locked] = await tx
        .select({ status: standingAt(now) })
        .from(planMemberships)
        .innerJoin(membershipPlans, eq(membershipPlans.id, planMemberships.planId))
        .where(eq(planMemberships.id, existing.membership.id))
        .for("update", { of: planMemberships });
      const current = locked!.status === "active" || locked!.status === "past_due";
      if (current && existing.membership.planId === plan.id)
        throw new AppError("ALREADY_ON_PLAN", duesMessages.alreadyOnPlan);
      // A second subscription beside the first would charge twice: the one there is moved to the
      // new plan. A season paid by card has none: the next season is bought beside it, but a
      // subscription would charge again for months the season has paid.
      if (current && deps.payments.dues && existing.membership.providerRef)
        return { plan, switching: existing.membership };
      if (current && deps.payments.dues && existing.plan.interval === "season" && plan.interval !== "season")
        throw new AppError("DUES_BY_CARD_NOT_READY", duesMessages.seasonStillPaid);
    }
    // A visitor buying from the club's page joins with the purchase: by card, once it is paid,
    // so here only the club's room for them is checked.
    if (joining && deps.payments.dues) await assertRoomToJoin(tx, organizationId, now);
    else if (joining) await admitPayer(tx, { organizationId, userId }, now, false);
    if (deps.payments.dues) return { plan, switching: null };
    membershipId ??= await openMembership(
      tx,
      { organizationId, userId, planId: plan.id, periodEnd },
      deps.payments.kind,
    );
    await applyDuesEvent(tx, membershipId, {
      providerEventId: sandboxEventId(),
      kind: "paid",
      occurredAt: now,
      planId: plan.id,
      periodEnd,
    });
    return null;
  });
  const { dues } = deps.payments;
  if (byCard?.switching && dues) {
    await switchCardPlan(deps, dues, byCard.switching, byCard.plan);
    // Someone back in the club whose card membership never stopped: paying, they are in.
    if (joining)
      await deps.database.db.transaction((tx) => admitPayer(tx, { organizationId, userId }, now, true));
  }
  const checkoutUrl =
    byCard && !byCard.switching && dues
      ? await openDuesCheckout(deps, dues, byCard.plan, { organizationId, userId, joining })
      : null;
  return { ...(await myMembership(deps, deps.database.db, organizationId, userId, now)), checkoutUrl };
}

/**
 * By card, the membership's own subscription may still be open at the provider though its grace
 * here ran out (the provider still retries the card): a new checkout beside it would charge
 * twice. It is read first: ended, the end is applied and the member may join again; open, they
 * are sent to pay it.
 */
async function assertNoOpenSubscription(
  deps: AppDeps,
  dues: DuesProvider,
  account: string,
  organizationId: string,
  userId: string,
) {
  const found = await membershipOf(deps.database.db, organizationId, userId);
  const ref = found?.membership.providerRef;
  if (!ref || found.membership.status === "cancelled" || found.membership.status === "lapsed") return;
  // A membership current here is switched on its own subscription, not joined again.
  const [standing] = await deps.database.db
    .select({ status: standingAt(deps.now()) })
    .from(planMemberships)
    .innerJoin(membershipPlans, eq(membershipPlans.id, planMemberships.planId))
    .where(eq(planMemberships.id, found.membership.id));
  if (standing?.status === "active" || standing?.status === "past_due") return;
  const state = await dues.retrieve(ref, account);
  if (state && state.status !== "ended")
    throw new AppError("DUES_BY_CARD_NOT_READY", duesMessages.subscriptionStillOpen);
  if (state) await syncDues(deps, state, account, `purchase_${randomUUID()}`);
}

/** Asks for the membership to end at its period's end, or withdraws that. */
export async function setCancellation(
  deps: AppDeps,
  organizationId: string,
  userId: string,
  cancel: boolean,
) {
  const now = deps.now();
  const { dues } = deps.payments;
  if (!cancel && (await planRetired(deps.database.db, organizationId, userId)))
    throw new AppError("PLAN_NOT_OFFERED", duesMessages.planRetired);
  // A subscription is ended at the provider; a season paid once (or the sandbox's) has nothing
  // there to stop, so its cancellation is ours alone.
  const found = await currentMembership(deps.database.db, organizationId, userId, now);
  if (dues && found.membership.providerRef) {
    await setCardCancellation(deps, dues, found.membership, cancel);
  } else {
    await deps.database.db.transaction(async (tx) => {
      const found = await currentMembership(tx, organizationId, userId, now);
      await applyDuesEvent(tx, found.membership.id, {
        providerEventId: sandboxEventId(),
        kind: cancel ? "cancel_requested" : "cancel_withdrawn",
        occurredAt: now,
      });
    });
  }
  return myMembership(deps, deps.database.db, organizationId, userId, now);
}

/** Whether the plan the person is on has been retired by the club (any version of it). */
async function planRetired(db: Queryable, organizationId: string, userId: string): Promise<boolean> {
  const found = await membershipOf(db, organizationId, userId);
  if (!found) return false;
  const [retired] = await db
    .select({ id: membershipPlans.id })
    .from(membershipPlans)
    .where(and(eq(membershipPlans.familyId, found.plan.familyId), isNotNull(membershipPlans.retiredAt)))
    .limit(1);
  return retired !== undefined;
}

/** The provider's page where a member paying by card changes their card. */
export async function openDuesPortal(deps: AppDeps, organizationId: string, userId: string) {
  const { dues } = deps.payments;
  if (!dues) throw notFound("Not found");
  const found = await currentMembership(deps.database.db, organizationId, userId, deps.now(), true);
  return { url: await duesPortal(deps, dues, found.membership) };
}

/** A membership active or past due (or any, for a renewal that brings a lapsed one back). */
async function currentMembership(
  tx: Queryable,
  organizationId: string,
  userId: string,
  at: Date,
  anyStatus = false,
) {
  const found = await membershipOf(tx, organizationId, userId);
  const [standing] = found
    ? await tx
        .select({ status: standingAt(at) })
        .from(planMemberships)
        .innerJoin(membershipPlans, eq(membershipPlans.id, planMemberships.planId))
        .where(eq(planMemberships.id, found.membership.id))
    : [];
  const current = standing?.status === "active" || standing?.status === "past_due";
  if (!found || !(current || (anyStatus && standing?.status === "lapsed")))
    throw new AppError("NO_MEMBERSHIP", duesMessages.noMembership);
  return found;
}

/**
 * The sandbox's renewal, played now by hand: paid (a new period after the current one, which
 * brings a past-due or lapsed membership back to active), failed (past due, with the plan's
 * grace), or, for a membership cancelled at period end or on a retired plan, its end.
 */
export async function playSandboxRenewal(
  deps: AppDeps,
  organizationId: string,
  userId: string,
  outcome: "paid" | "failed",
) {
  if (deps.payments.kind !== "sandbox") throw notFound("Not found");
  const now = deps.now();
  await deps.database.db.transaction(async (tx) => {
    const { membership, plan } = await currentMembership(tx, organizationId, userId, now, true);
    const [{ status }] = (await tx
      .select({ status: standingAt(now) })
      .from(planMemberships)
      .innerJoin(membershipPlans, eq(membershipPlans.id, planMemberships.planId))
      .where(eq(planMemberships.id, membership.id))) as [{ status: DuesStatus }];
    // Nothing renews a lapsed membership: a payment brings it back, and there is nothing to fail.
    if (status === "lapsed" && outcome === "failed")
      throw new AppError("NO_MEMBERSHIP", duesMessages.lapsedNothingToFail);
    const lapsed = status === "lapsed";
    const base = { providerEventId: sandboxEventId(), occurredAt: now };
    // A retired plan is kept to the end of the period paid for, and renews no more: its period
    // ends instead (the member chooses another plan to stay).
    const retired = await tx
      .select({ id: membershipPlans.id })
      .from(membershipPlans)
      .where(and(eq(membershipPlans.familyId, plan.familyId), isNotNull(membershipPlans.retiredAt)));
    // The club ended it, not a missed payment: cancelled, as a cancellation asked for would be.
    if (retired.length > 0 && lapsed) throw new AppError("PLAN_NOT_OFFERED", duesMessages.planRetired);
    if (retired.length > 0 && !membership.cancelAtPeriodEnd && !lapsed)
      await applyDuesEvent(tx, membership.id, {
        ...base,
        providerEventId: sandboxEventId(),
        kind: "cancel_requested",
      });
    const event: IncomingDuesEvent =
      (membership.cancelAtPeriodEnd || retired.length > 0) && !lapsed
        ? { ...base, kind: "ended" }
        : outcome === "failed"
          ? { ...base, kind: "payment_failed", graceDays: plan.graceDays }
          : {
              ...base,
              kind: "paid",
              planId: plan.id,
              periodEnd: periodEndAfter(
                new Date(Math.max(membership.currentPeriodEnd.getTime(), now.getTime())),
                plan.interval === "month" ? "month" : "year",
              ),
            };
    await applyDuesEvent(tx, membership.id, event);
  });
  return myMembership(deps, deps.database.db, organizationId, userId, now);
}
