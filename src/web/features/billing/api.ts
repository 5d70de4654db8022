import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { PaidPlanId, SubscriptionCheck } from "../../../shared/contracts/billing.js";
import { billingEndpoints, paymentEndpoints } from "../../../shared/contracts/billing-endpoints.js";
import { call } from "../../lib/api.js";
import { type ActionFeedback, useAction } from "../../lib/use-action.js";

export type SubscriptionState = SubscriptionCheck;

// When the check fails the plan is trial, and trial_expired is false.
const failedCheck: SubscriptionState = {
  subscribed: false,
  plan: "trial",
  product_id: null,
  subscription_end: null,
  trial_expired: false,
  trial_ends_at: new Date(0).toISOString(),
};

const subscriptionKey = (organizationId: string | undefined) => ["subscription", organizationId] as const;

async function checkSubscription(organizationId: string, refresh: boolean): Promise<SubscriptionState> {
  try {
    const params = { orgId: organizationId };
    return await call(refresh ? billingEndpoints.refreshSubscription : billingEndpoints.subscription, {
      params,
    });
  } catch (error) {
    console.warn("Subscription check failed", error);
    return failedCheck;
  }
}

export function useSubscription(organizationId: string | undefined) {
  const queryClient = useQueryClient();
  const key = subscriptionKey(organizationId);
  return useQuery({
    queryKey: key,
    enabled: Boolean(organizationId),
    // The plan is re-checked with the provider after sign-in or when a session is restored: the
    // first check with nothing cached (a page load, or after signing out, which empties the
    // cache); later checks read what the server holds.
    queryFn: () => checkSubscription(organizationId!, queryClient.getQueryData(key) === undefined),
  });
}

/** Asks the server to re-read the subscription from the payment provider (after a checkout, on return). */
export function useRecheckSubscription(organizationId: string | undefined) {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    if (!organizationId) return;
    queryClient.setQueryData(subscriptionKey(organizationId), await checkSubscription(organizationId, true));
  }, [organizationId, queryClient]);
}

const payoutKey = (organizationId: string) => ["payout-account", organizationId] as const;

/**
 * The club's payout account. The Settings card re-reads it from the provider (the owner may
 * have just finished onboarding in the other tab; only the owner may). `stored` reads what the
 * server last stored, which is what it checks a paid session against, and organizers may read
 * it too. Both sit under one key, so connecting refreshes both.
 */
export function usePayoutAccount(
  organizationId: string,
  options: { stored?: boolean; enabled?: boolean } = {},
) {
  const { stored = false, enabled = true } = options;
  return useQuery({
    queryKey: stored ? [...payoutKey(organizationId), "stored"] : payoutKey(organizationId),
    queryFn: () =>
      call(stored ? paymentEndpoints.payoutAccount : paymentEndpoints.refreshPayoutAccount, {
        params: { orgId: organizationId },
      }),
    enabled,
  });
}

// The provider's pages open in a new tab; what they change is read again when the person
// comes back (see the pages' focus handlers).

export const useCheckout = (organizationId: string, feedback?: ActionFeedback<void, PaidPlanId>) =>
  useAction({
    run: (plan: PaidPlanId) =>
      openInNewTab(() =>
        call(billingEndpoints.checkout, { params: { orgId: organizationId }, body: { plan } }),
      ),
    ...feedback,
  });

export const useBillingPortal = (organizationId: string, feedback?: ActionFeedback<void, void>) =>
  useAction({
    run: () => openInNewTab(() => call(billingEndpoints.portal, { params: { orgId: organizationId } })),
    ...feedback,
  });

export const useConnectPayouts = (organizationId: string, feedback?: ActionFeedback<void, void>) =>
  useAction({
    run: () =>
      openInNewTab(() => call(paymentEndpoints.connectPayouts, { params: { orgId: organizationId } })),
    invalidates: [payoutKey(organizationId)],
    ...feedback,
  });

/**
 * Opens a provider page in a new tab. The tab is opened at once, inside the click, so popup
 * blockers let it through; it is pointed at the page when the address arrives, and closed if
 * none does.
 */
export async function openInNewTab(getUrl: () => Promise<{ url: string }>): Promise<void> {
  const tab = window.open("about:blank", "_blank");
  // The provider's page has no business with ours.
  if (tab) tab.opener = null;
  try {
    const { url } = await getUrl();
    if (tab) tab.location.href = url;
    else window.location.assign(url);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
