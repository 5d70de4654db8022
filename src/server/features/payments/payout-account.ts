// The club's payout account (Stripe Connect): made once, completed on the provider's own
// onboarding pages, and read back from the provider (after onboarding, from its webhook, on
// demand). Session fees go to it once charges are enabled.
import type { PayoutAccountStatus } from "../../../shared/contracts/billing.js";
import type { AppDeps } from "../../app-deps.js";
import { enableSandboxAccount } from "../../platform/payments/sandbox-provider.js";
import { person } from "../account/service.js";
import { type Club, claimClubRef, getOrganization, updateClubBilling } from "../clubs/service.js";

type PayoutColumns = Pick<Club, "payoutAccountRef" | "payoutDetailsSubmitted" | "payoutChargesEnabled">;

export function payoutStatus(org: PayoutColumns): PayoutAccountStatus {
  return {
    connected: org.payoutAccountRef !== null,
    details_submitted: org.payoutDetailsSubmitted,
    charges_enabled: org.payoutChargesEnabled,
  };
}

/** Re-reads the account from the provider and stores what it says now. */
export async function syncPayoutAccount(deps: AppDeps, organizationId: string): Promise<PayoutAccountStatus> {
  const { db } = deps.database;
  const org = await getOrganization(db, organizationId);
  if (!org.payoutAccountRef) return payoutStatus(org);
  const state = await deps.payments.retrievePayoutAccount(org.payoutAccountRef);
  const updated = await updateClubBilling(db, organizationId, {
    payoutDetailsSubmitted: state.detailsSubmitted,
    payoutChargesEnabled: state.chargesEnabled,
  });
  return payoutStatus(updated);
}

/** The club's account, made first if there is none. */
async function ensurePayoutAccount(deps: AppDeps, organizationId: string, ownerId: string) {
  const { db } = deps.database;
  const org = await getOrganization(db, organizationId);
  if (org.payoutAccountRef) return org.payoutAccountRef;
  const owner = await person(db, ownerId);
  const accountRef = await deps.payments.createPayoutAccount({
    organizationId,
    email: org.contactEmail ?? owner?.email ?? null,
  });
  // The provider's create is idempotent per club, so two first clicks name the same account.
  return claimClubRef(db, organizationId, "payoutAccountRef", accountRef);
}

/** The onboarding link for the club's account, making the account first if there is none. */
export async function payoutOnboardingLink(deps: AppDeps, organizationId: string, ownerId: string) {
  const accountRef = await ensurePayoutAccount(deps, organizationId, ownerId);
  const settings = `${deps.config.appUrl}/settings`;
  return deps.payments.createOnboardingLink({
    organizationId,
    accountRef,
    returnUrl: `${settings}?payouts=return`,
    refreshUrl: `${settings}?payouts=refresh`,
  });
}

/**
 * Connects the club's sandbox payout account as its owner would in one click on the sandbox's
 * onboarding page ("Submit details"), for a club nobody sits in front of: the demo. With
 * Stripe an account only takes charges once a person has onboarded, so nothing is done and
 * the answer is false.
 */
export async function connectSandboxPayouts(deps: AppDeps, organizationId: string, ownerId: string) {
  if (deps.payments.kind !== "sandbox") return false;
  const accountRef = await ensurePayoutAccount(deps, organizationId, ownerId);
  await enableSandboxAccount(deps.database.db, accountRef, organizationId);
  return (await syncPayoutAccount(deps, organizationId)).charges_enabled;
}
