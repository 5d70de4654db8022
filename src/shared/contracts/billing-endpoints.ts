// The club's billing and payouts (endpoint.ts): its subscription (read, re-read from the
// provider, checkout and portal) and its payout account (read, re-read, connect). Everyone in
// the club reads the subscription; organizers read the stored payout status, to know whether
// they can schedule paid sessions; the rest is the owner's.
import { checkoutBody, payoutAccountStatus, providerLink, subscriptionCheck } from "./billing.js";
import { orgParams } from "./common.js";
import { endpoint } from "./endpoint.js";

const member = { club: "club.view" } as const;
const owner = { club: "billing.manage" } as const;

export const billingEndpoints = {
  subscription: endpoint({
    method: "GET",
    path: "/api/orgs/:orgId/subscription",
    operationId: "getSubscription",
    summary: "The club's subscription as last read from the provider (SPEC check-subscription)",
    tags: ["billing"],
    access: member,
    params: orgParams,
    success: { status: 200, body: subscriptionCheck },
  }),
  // Re-reading the provider stores what it says: a write, so a POST (a GET never writes).
  refreshSubscription: endpoint({
    method: "POST",
    path: "/api/orgs/:orgId/subscription/refresh",
    operationId: "refreshSubscription",
    summary: "Re-read the club's subscription from the provider and return the check",
    tags: ["billing"],
    access: member,
    params: orgParams,
    success: { status: 200, body: subscriptionCheck },
  }),
  checkout: endpoint({
    method: "POST",
    path: "/api/orgs/:orgId/billing/checkout",
    operationId: "startPlanCheckout",
    summary: "Open the provider's checkout for a plan (owner only)",
    tags: ["billing"],
    access: owner,
    params: orgParams,
    body: checkoutBody,
    success: { status: 200, body: providerLink },
    errors: ["ALREADY_SUBSCRIBED"],
  }),
  portal: endpoint({
    method: "POST",
    path: "/api/orgs/:orgId/billing/portal",
    operationId: "openBillingPortal",
    summary: "Open the provider's billing portal (owner only)",
    tags: ["billing"],
    access: owner,
    params: orgParams,
    success: { status: 200, body: providerLink },
    errors: ["NO_SUBSCRIPTION"],
  }),
};

export const paymentEndpoints = {
  // Whoever schedules sessions needs to know whether a paid one can be (payments-ready.ts in
  // sessions); the account is still the owner's to connect and re-read.
  payoutAccount: endpoint({
    method: "GET",
    path: "/api/orgs/:orgId/payout-account",
    operationId: "getPayoutAccount",
    summary:
      "The club's payout account status as last read from the provider (SPEC check-connect-status); organizers read it too, to know whether they can schedule paid sessions",
    tags: ["payments"],
    access: { club: "sessions.manage" },
    params: orgParams,
    success: { status: 200, body: payoutAccountStatus },
  }),
  refreshPayoutAccount: endpoint({
    method: "POST",
    path: "/api/orgs/:orgId/payout-account/refresh",
    operationId: "refreshPayoutAccount",
    summary: "Re-read the club's payout account from the provider, store and return its status",
    tags: ["payments"],
    access: owner,
    params: orgParams,
    success: { status: 200, body: payoutAccountStatus },
  }),
  connectPayouts: endpoint({
    method: "POST",
    path: "/api/orgs/:orgId/payout-account",
    operationId: "connectPayoutAccount",
    summary:
      "Create the club's payout account if needed and return its onboarding link (SPEC create-connect-account)",
    tags: ["payments"],
    access: owner,
    params: orgParams,
    success: { status: 200, body: providerLink },
  }),
};
