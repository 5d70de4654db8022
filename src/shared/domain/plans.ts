// The in-app plans. The trial has Basic limits. Marketing prices differ and
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

export const PAID_PLANS = ["basic", "pro"] as const;
export type PaidPlanId = (typeof PAID_PLANS)[number];

/** Which provider price a plan is bought with and which product it reports (from configuration). */
export type PlanCatalog = Record<PaidPlanId, { priceId: string; productId: string }>;

/** The sandbox's own catalog: no provider behind it, so the ids only have to be stable. */
export const sandboxCatalog: PlanCatalog = {
  basic: { priceId: "sandbox_price_basic", productId: "courtside_basic" },
  pro: { priceId: "sandbox_price_pro", productId: "courtside_pro" },
};

export function planForProduct(catalog: PlanCatalog, productId: string | null | undefined): PlanId {
  if (productId && productId === catalog.basic.productId) return "basic";
  if (productId && productId === catalog.pro.productId) return "pro";
  return "trial";
}

/** The limits a plan brings: the trial has Basic's. */
export function limitsOf(planId: PlanId): Pick<Plan, "maxCourts" | "maxMembers"> {
  return planId === "pro" ? plans.pro : plans.basic;
}

// Our share of each session fee, in basis points of the price, by the club's plan when the
// checkout opens (docs/decisions/009-billing-and-payments.md). The provider's own card fee is
// the club's, as on any Stripe Connect direct charge.
export const sessionFeeBasisPoints: Record<PlanId, number> = { trial: 300, basic: 300, pro: 100 };

/**
 * Our share of a paid place: never rounded away to nothing (at least one cent), and never
 * more than the place costs.
 */
export function applicationFeeCents(planId: PlanId, amountCents: number): number {
  if (amountCents <= 0) return 0;
  const share = Math.round((amountCents * sessionFeeBasisPoints[planId]) / 10_000);
  return Math.min(amountCents, Math.max(1, share));
}
