// A retired plan renews no more (decision 039): its members keep it to the end of the period
// they paid for. In the sandbox the renewal played by hand ends it; by card each member's
// subscription is set to end at its period's end on the provider, by a job queued with the
// retirement (the provider is never called inside the request's transaction).
import { and, eq, isNotNull } from "drizzle-orm";
import type { AppDeps } from "../../app-deps.js";
import { membershipPlans, planMemberships } from "../../db/schema/memberships.js";
import { type Effect, jobEffect } from "../../platform/jobs/outbox.js";
import { setCardCancellation } from "./card-dues.js";
import { standingAt } from "./dues-events.js";

export const END_RETIRED_PLAN = "end-retired-plan";
export type RetiredPlanJob = { organizationId: string; familyId: string };

/** The job a retirement sets off, when dues are paid by card. */
export function retiredPlanEffects(deps: Pick<AppDeps, "payments">, job: RetiredPlanJob): Effect[] {
  return deps.payments.dues ? [jobEffect(END_RETIRED_PLAN, job)] : [];
}

/** Sets every current card membership on the retired plan to end at its period's end. */
export async function endRetiredCardDues(deps: AppDeps, { organizationId, familyId }: RetiredPlanJob) {
  const { dues } = deps.payments;
  if (!dues) return;
  const now = deps.now();
  const renewing = await deps.database.db
    .select({ membership: planMemberships, status: standingAt(now) })
    .from(planMemberships)
    .innerJoin(membershipPlans, eq(membershipPlans.id, planMemberships.planId))
    .where(
      and(
        eq(planMemberships.organizationId, organizationId),
        eq(membershipPlans.familyId, familyId),
        isNotNull(planMemberships.providerRef),
        eq(planMemberships.cancelAtPeriodEnd, false),
      ),
    );
  const failures: unknown[] = [];
  for (const { membership, status } of renewing) {
    if (status !== "active" && status !== "past_due") continue;
    try {
      await setCardCancellation(deps, dues, membership, true);
    } catch (error) {
      failures.push(error);
    }
  }
  // The job is tried again; those already set are left alone then (cancel_at_period_end).
  if (failures.length > 0)
    throw new AggregateError(
      failures,
      `${failures.length} subscriptions of a retired plan could not be ended`,
    );
}
