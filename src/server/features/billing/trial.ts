// What an expired trial still allows (docs/decisions/009-billing-and-payments.md): nothing is
// deleted and every page still reads; members keep registering for, paying for and cancelling
// sessions already scheduled, and see their ratings. What asks for an upgrade is running the
// club: creating sessions, moving one to another time, starting one, and moving players on
// the court board.
import type { AppDeps } from "../../app-deps.js";
import { AppError } from "../../platform/errors/app-error.js";
import { freshSubscription } from "./subscription.js";

export const upgradeRequired = () =>
  new AppError(
    "UPGRADE_REQUIRED",
    "Your free trial has expired. Upgrade on the Billing page to keep scheduling sessions and running the court board.",
  );

/** Whether the club may start new games and sessions: subscribed, or still in its trial. */
export async function clubRunning(deps: AppDeps, organizationId: string): Promise<boolean> {
  return !(await freshSubscription(deps, organizationId)).trial_expired;
}

export async function assertClubRunning(deps: AppDeps, organizationId: string): Promise<void> {
  if (!(await clubRunning(deps, organizationId))) throw upgradeRequired();
}
