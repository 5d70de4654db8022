// Money only where it can land: a session fee is asked for only when the club's payout account
// takes charges. The rule is the same for both providers (the sandbox plays the account as
// Stripe would, and its onboarding is one click), so nothing paid works offline that would
// break once the club runs on Stripe.
import type { Queryable } from "../../db/database.js";
import { AppError } from "../../platform/errors/app-error.js";
import { getOrganization } from "../clubs/service.js";

/** Where the owner connects the account: the Settings page's card of that name. */
const WHERE = "Settings > Payment settings";

export const paymentsNotReady = {
  /** To the organizer scheduling a paid session (or making one paid). */
  toSchedule: () =>
    new AppError(
      "PAYMENTS_NOT_READY",
      `Paid sessions need a payout account that can take charges. The owner can connect one in ${WHERE}.`,
    ),
  /** To a player about to pay (the account was disabled after the session was scheduled). */
  toPay: () =>
    new AppError(
      "PAYMENTS_NOT_READY",
      "This club cannot take payments yet: its owner needs to finish connecting a payment account.",
    ),
};

export async function clubTakesCharges(db: Queryable, organizationId: string): Promise<boolean> {
  return (await getOrganization(db, organizationId)).payoutChargesEnabled;
}

/** Refuses to schedule a paid session (or make one paid) for a club that cannot take charges. */
export async function assertCanSchedulePaid(db: Queryable, organizationId: string): Promise<void> {
  if (!(await clubTakesCharges(db, organizationId))) throw paymentsNotReady.toSchedule();
}
