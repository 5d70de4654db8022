import { z } from "zod";
import { PAID_PLANS, type PaidPlanId } from "../domain/plans.js";

export type { PaidPlanId };

// What the subscription check answers, in snake_case field names (subscribed, product_id, ...),
// plus the plan it means (the server knows the provider's product ids; the client does not).
export const subscriptionCheck = z.object({
  subscribed: z.boolean(),
  plan: z.enum(["trial", "basic", "pro"]),
  product_id: z.string().nullable(),
  subscription_end: z.iso.datetime().nullable(),
  trial_expired: z.boolean(),
  trial_ends_at: z.iso.datetime(),
});
export type SubscriptionCheck = z.infer<typeof subscriptionCheck>;

export const checkoutBody = z.object({ plan: z.enum(PAID_PLANS, "Choose the Basic or Pro plan") });
export type CheckoutBody = z.infer<typeof checkoutBody>;

/** A page of the payment provider's to open in a new tab. */
export const providerLink = z.object({ url: z.url() });
export type ProviderLink = z.infer<typeof providerLink>;

// The connect status of the club's payout account.
export const payoutAccountStatus = z.object({
  connected: z.boolean(),
  details_submitted: z.boolean(),
  charges_enabled: z.boolean(),
});
export type PayoutAccountStatus = z.infer<typeof payoutAccountStatus>;
