// The club's subscription, bought and managed on the provider's pages: the club becomes the
// provider's customer once, then each checkout or portal visit is a fresh link opened in a
// new tab. The plan itself only changes when the provider says so (subscription.ts).
import { randomUUID } from "node:crypto";
import type { PaidPlanId } from "../../../shared/domain/plans.js";
import type { AppDeps } from "../../app-deps.js";
import { AppError } from "../../platform/errors/app-error.js";
import { recordSandboxSubscription } from "../../platform/payments/sandbox-provider.js";
import { person } from "../account/service.js";
import { claimClubRef, getOrganization } from "../clubs/service.js";
import { syncSubscription } from "./subscription.js";

/** The club's customer at the provider, made on first use (the provider's call is idempotent per club). */
async function customerFor(deps: AppDeps, organizationId: string, ownerId: string): Promise<string> {
  const { db } = deps.database;
  const org = await getOrganization(db, organizationId);
  if (org.billingCustomerRef) return org.billingCustomerRef;
  const owner = await person(db, ownerId);
  const ref = await deps.payments.createCustomer({
    organizationId,
    name: org.name,
    email: org.contactEmail ?? owner?.email ?? null,
  });
  // Two first clicks at once get the same customer from the provider; the first write stands.
  return claimClubRef(db, organizationId, "billingCustomerRef", ref);
}

export async function startPlanCheckout(
  deps: AppDeps,
  organizationId: string,
  ownerId: string,
  plan: PaidPlanId,
): Promise<string> {
  const customerRef = await customerFor(deps, organizationId, ownerId);
  // A second checkout would start a second subscription billed beside the first: a plan is
  // changed, and a failing card fixed, in the portal.
  await syncSubscription(deps, organizationId);
  const org = await getOrganization(deps.database.db, organizationId);
  if (org.subscriptionStatus === "active" || org.subscriptionStatus === "past_due") {
    throw new AppError(
      "ALREADY_SUBSCRIBED",
      "Your club already has a subscription: change its plan or its card in the billing portal.",
    );
  }
  const billingPage = `${deps.config.appUrl}/billing`;
  const { url } = await deps.payments.createSubscriptionCheckout({
    organizationId,
    customerRef,
    priceId: deps.config.planCatalog[plan].priceId,
    attemptKey: randomUUID(),
    successUrl: `${billingPage}?checkout=success`,
    cancelUrl: `${billingPage}?checkout=cancelled`,
  });
  return url;
}

/**
 * Subscribes the club to `plan` as its owner would with one click on the sandbox's checkout
 * page, for a club nobody sits in front of: the demo. The sandbox then knows the subscription,
 * so every later re-read of the provider (a refresh, "Choose a plan", the portal) finds it.
 * With Stripe a subscription needs a person and a card, so nothing is done and the answer is
 * false.
 */
export async function subscribeInSandbox(
  deps: AppDeps,
  organizationId: string,
  ownerId: string,
  plan: PaidPlanId,
): Promise<boolean> {
  if (deps.payments.kind !== "sandbox") return false;
  const customerRef = await customerFor(deps, organizationId, ownerId);
  const { productId } = deps.config.planCatalog[plan];
  await recordSandboxSubscription(deps.database.db, customerRef, productId, deps.now());
  await syncSubscription(deps, organizationId);
  return true;
}

export async function openBillingPortal(deps: AppDeps, organizationId: string): Promise<string> {
  const org = await getOrganization(deps.database.db, organizationId);
  if (!org.billingCustomerRef) {
    throw new AppError("NO_SUBSCRIPTION", "There is no subscription to manage yet. Choose a plan first.");
  }
  const { url } = await deps.payments.createPortal({
    organizationId,
    customerRef: org.billingCustomerRef,
    returnUrl: `${deps.config.appUrl}/billing`,
  });
  return url;
}

// What other features may use of this one (scripts/check-boundaries.mjs).
export { syncSubscription } from "./subscription.js";
export { assertClubRunning, clubRunning, upgradeRequired } from "./trial.js";
