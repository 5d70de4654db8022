import { useQuery } from "@tanstack/react-query";
import type { SubscriptionCheck } from "../../../shared/contracts/billing.js";
import { api } from "../../lib/api.js";

export type SubscriptionState = SubscriptionCheck;

// SPEC §4: the plan is trial when the check fails; trial_expired is then false.
const failedCheck: SubscriptionState = {
  subscribed: false,
  product_id: null,
  subscription_end: null,
  trial_expired: false,
  trial_ends_at: new Date(0).toISOString(),
  plan: "trial",
};

export function useSubscription(organizationId: string | undefined) {
  return useQuery({
    queryKey: ["subscription", organizationId],
    enabled: Boolean(organizationId),
    queryFn: async (): Promise<SubscriptionState> => {
      try {
        return await api<SubscriptionCheck>(`/api/orgs/${organizationId}/subscription`);
      } catch (error) {
        console.warn("Subscription check failed", error);
        return failedCheck;
      }
    },
  });
}
