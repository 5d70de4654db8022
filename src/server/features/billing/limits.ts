// Plan limits (SPEC §6, §9): the trial and Basic allow 2 active courts and 50 members; Pro
// is unlimited. Checked inside the transaction that adds a member or a court, with the
// club's row locked so two approvals at once cannot both take the last place.
import { limitsOf, type PlanId } from "../../../shared/domain/plans.js";
import type { Tx } from "../../db/database.js";
import { AppError } from "../../platform/errors/app-error.js";
import { lockClub } from "../clubs/service.js";
import { currentPlan } from "./subscription.js";

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
