import { z } from "zod";

// SPEC §3 "Subscription status (from the check)", with the snake_case field names it gives.
export const subscriptionCheck = z.object({
  subscribed: z.boolean(),
  product_id: z.string().nullable(),
  subscription_end: z.iso.datetime().nullable(),
  trial_expired: z.boolean(),
  trial_ends_at: z.iso.datetime(),
});
export type SubscriptionCheck = z.infer<typeof subscriptionCheck>;
