// The subscription check of SPEC §3/§4, answered from the club's own trial and subscription
// fields. The payment provider keeps these fields current (billing issue).
import type { SubscriptionCheck } from "../../../shared/contracts/billing.js";
import { planForProduct } from "../../../shared/domain/plans.js";
import type { organizations } from "../../db/schema.js";

type Row = Pick<
  typeof organizations.$inferSelect,
  "subscriptionStatus" | "subscriptionProductId" | "subscriptionEndsAt" | "trialEndsAt"
>;

export function checkSubscription(org: Row, now: Date): SubscriptionCheck {
  const paidThrough = org.subscriptionEndsAt === null || org.subscriptionEndsAt > now;
  const subscribed =
    org.subscriptionStatus === "active" &&
    planForProduct(org.subscriptionProductId) !== "trial" &&
    paidThrough;
  return {
    subscribed,
    product_id: subscribed ? org.subscriptionProductId : null,
    subscription_end: subscribed && org.subscriptionEndsAt ? org.subscriptionEndsAt.toISOString() : null,
    trial_expired: !subscribed && org.trialEndsAt <= now,
    trial_ends_at: org.trialEndsAt.toISOString(),
  };
}
