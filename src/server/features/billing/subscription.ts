// The subscription check (plan, trial expiry), answered from the club's own fields, and the sync that
// keeps those fields current by re-reading the provider (after a checkout, from a webhook, on
// demand). The payload of a webhook is never trusted for the state itself.
import type { SubscriptionCheck } from "../../../shared/contracts/billing.js";
import { type PaidPlanId, type PlanCatalog, planForProduct } from "../../../shared/domain/plans.js";
import type { AppDeps } from "../../app-deps.js";
import { checkSubscription, getOrganization, updateClubBilling } from "../clubs/service.js";

/**
 * Re-reads the club's subscription from the provider and stores it. Safe to run any number of
 * times and in any order: it always writes what the provider says now.
 */
export async function syncSubscription(deps: AppDeps, organizationId: string): Promise<void> {
  const { db } = deps.database;
  const { billingCustomerRef } = await getOrganization(db, organizationId);
  if (!billingCustomerRef) return;
  const state = await deps.payments.retrieveSubscription(billingCustomerRef);
  await updateClubBilling(
    db,
    organizationId,
    state
      ? {
          subscriptionStatus: state.status,
          subscriptionProductId: state.productId,
          // An unknown product is no plan: the club keeps the trial's limits.
          subscriptionPlan: paidPlanOf(deps.config.planCatalog, state.productId),
          subscriptionEndsAt: state.currentPeriodEnd,
        }
      : {
          subscriptionStatus: "trial",
          subscriptionProductId: null,
          subscriptionPlan: null,
          subscriptionEndsAt: null,
        },
  );
}

function paidPlanOf(catalog: PlanCatalog, productId: string | null): PaidPlanId | null {
  const plan = planForProduct(catalog, productId);
  return plan === "trial" ? null : plan;
}

/**
 * The check as it stands, re-reading the provider first when asked to, or when a paid period
 * has ended (it has usually renewed, and a missed webhook must not lapse a paying club). A
 * provider that cannot be reached leaves what was last known (the failure is logged).
 */
export async function freshSubscription(
  deps: AppDeps,
  organizationId: string,
  options: { refresh?: boolean; log?: { warn: (o: object, m: string) => void } } = {},
): Promise<SubscriptionCheck> {
  const { db } = deps.database;
  const org = await getOrganization(db, organizationId);
  const renewalDue =
    org.subscriptionStatus === "active" &&
    org.subscriptionEndsAt !== null &&
    org.subscriptionEndsAt <= deps.now();
  if (!options.refresh && !renewalDue) return checkSubscription(org, deps.now());
  try {
    await syncSubscription(deps, organizationId);
  } catch (error) {
    options.log?.warn({ err: error }, "subscription re-check failed");
  }
  return checkSubscription(await getOrganization(db, organizationId), deps.now());
}
