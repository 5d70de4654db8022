// The plan a club is on, read from its own row (billing keeps that row current from the
// provider), and the plan's limits: the trial and Basic allow 2 active courts and 50 members;
// Pro is unlimited. Limits are checked inside the transaction that adds a member or a court,
// with the club's row locked so two approvals at once cannot both take the last place. They
// live with the club's row, below members and billing, so both can ask without a circle.
import type { SubscriptionCheck } from "../../../shared/contracts/billing.js";
import { limitsOf, type PlanId } from "../../../shared/domain/plans.js";
import type { Tx } from "../../db/database.js";
import { AppError } from "../../platform/errors/app-error.js";
import { type Club, lockClub } from "./club-rows.js";

type Row = Pick<
  Club,
  "subscriptionStatus" | "subscriptionProductId" | "subscriptionPlan" | "subscriptionEndsAt" | "trialEndsAt"
>;

export function checkSubscription(org: Row, now: Date): SubscriptionCheck {
  const paidThrough = org.subscriptionEndsAt === null || org.subscriptionEndsAt > now;
  const subscribed = org.subscriptionStatus === "active" && org.subscriptionPlan !== null && paidThrough;
  return {
    subscribed,
    plan: subscribed ? org.subscriptionPlan! : "trial",
    product_id: subscribed ? org.subscriptionProductId : null,
    subscription_end: subscribed && org.subscriptionEndsAt ? org.subscriptionEndsAt.toISOString() : null,
    trial_expired: !subscribed && org.trialEndsAt <= now,
    trial_ends_at: org.trialEndsAt.toISOString(),
  };
}

/** The plan whose limits apply now: the trial's (Basic) unless a known plan is paid for. */
export function currentPlan(org: Row, now: Date): PlanId {
  return checkSubscription(org, now).plan;
}

function planLabel(planId: PlanId) {
  return planId === "trial"
    ? "Your trial (Basic plan limits)"
    : `Your ${planId === "pro" ? "Pro" : "Basic"} plan`;
}

/**
 * Locks the club's row and answers for its plan's limits. The caller counts what it owns
 * (members, active courts) after this call, so the count cannot change before it commits.
 */
export async function lockPlanLimits(tx: Tx, organizationId: string, now: Date) {
  const planId = currentPlan(await lockClub(tx, organizationId), now);
  const limits = limitsOf(planId);
  return {
    assertRoomForMember(membersNow: number): void {
      if (limits.maxMembers === null || membersNow < limits.maxMembers) return;
      throw new AppError(
        "PLAN_LIMIT_REACHED",
        `${planLabel(planId)} allows up to ${limits.maxMembers} members. Upgrade to Pro for unlimited members.`,
      );
    },
    assertRoomForActiveCourt(activeCourtsNow: number): void {
      if (limits.maxCourts === null || activeCourtsNow < limits.maxCourts) return;
      throw new AppError(
        "PLAN_LIMIT_REACHED",
        `${planLabel(planId)} allows up to ${limits.maxCourts} active courts. Upgrade to Pro for unlimited courts.`,
      );
    },
  };
}
