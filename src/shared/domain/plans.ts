// The in-app plans (SPEC §3, §9). The trial has Basic limits. Marketing prices differ and
// live with the marketing pages.
export type PlanId = "trial" | "basic" | "pro";

export type Plan = {
  id: Exclude<PlanId, "trial">;
  name: string;
  price: number;
  maxCourts: number | null;
  maxMembers: number | null;
  features: string[];
};

export const plans: Record<Plan["id"], Plan> = {
  basic: {
    id: "basic",
    name: "Basic",
    price: 39,
    maxCourts: 2,
    maxMembers: 50,
    features: [
      "Up to 2 courts",
      "Up to 50 members",
      "Session management",
      "Basic ladder system",
      "Court board",
    ],
  },
  pro: {
    id: "pro",
    name: "Pro",
    price: 89,
    maxCourts: null,
    maxMembers: null,
    features: [
      "Unlimited courts",
      "Unlimited members",
      "Advanced analytics",
      "Priority support",
      "Custom branding",
      "All Basic features",
    ],
  },
};

export const TRIAL_DAYS = 30;

/** Product ids the payment provider reports for each paid plan. */
export const productIdsByPlan: Record<Plan["id"], string> = {
  basic: "courtside_basic",
  pro: "courtside_pro",
};

export function planForProduct(productId: string | null | undefined): PlanId {
  if (productId === productIdsByPlan.basic) return "basic";
  if (productId === productIdsByPlan.pro) return "pro";
  return "trial";
}
