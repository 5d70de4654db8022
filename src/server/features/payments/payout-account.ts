// The club's payout account (Stripe Connect): made once, completed on the provider's own
// onboarding pages, and read back from the provider (after onboarding, from its webhook, on
// demand). Session fees go to it once charges are enabled.
import type { PayoutAccountStatus } from "../../../shared/contracts/billing.js";
import type { AppDeps } from "../../app-deps.js";
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

/** The onboarding link for the club's account, making the account first if there is none. */
export async function payoutOnboardingLink(deps: AppDeps, organizationId: string, ownerId: string) {
  const { db } = deps.database;
  const org = await getOrganization(db, organizationId);
  let accountRef = org.payoutAccountRef;
  if (!accountRef) {
    const owner = await person(db, ownerId);
    accountRef = await deps.payments.createPayoutAccount({
      organizationId,
      email: org.contactEmail ?? owner?.email ?? null,
    });
    // The provider's create is idempotent per club, so two first clicks name the same account.
    accountRef = await claimClubRef(db, organizationId, "payoutAccountRef", accountRef);
  }
  const settings = `${deps.config.appUrl}/settings`;
  return deps.payments.createOnboardingLink({
    organizationId,
    accountRef,
    returnUrl: `${settings}?payouts=return`,
    refreshUrl: `${settings}?payouts=refresh`,
  });
}
