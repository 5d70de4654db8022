// A membership plan in words, as the member's page, the treasurer's list and the club's page
// say it: its price and period, and its benefits.
import type { Plan } from "../contracts/memberships.js";
import { formatCents } from "./money.js";

type PlanPrice = Pick<Plan, "priceCents" | "interval" | "seasonStartsOn" | "seasonEndsOn">;

const day = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });

/** "$30.00 a month", "$60.00 a year", "$45.00 for the season, Apr 1 to Sep 30". */
export function planPrice(plan: PlanPrice): string {
  const price = formatCents(plan.priceCents);
  if (plan.interval === "month") return `${price} a month`;
  if (plan.interval === "year") return `${price} a year`;
  return plan.seasonStartsOn && plan.seasonEndsOn
    ? `${price} for the season, ${day(plan.seasonStartsOn)} to ${day(plan.seasonEndsOn)}`
    : `${price} for the season`;
}

/** What a plan gives its members, each in a few words. */
export function planBenefits(
  plan: Pick<
    Plan,
    "discount" | "membersOnlyAccess" | "earlyDays" | "kind" | "householdSize" | "guestsPerMonth"
  >,
): string[] {
  const benefits: string[] = [];
  if (plan.kind === "household" && plan.householdSize) benefits.push(`Up to ${plan.householdSize} people`);
  if (plan.discount.kind === "percent") benefits.push(`${plan.discount.value}% off paid sessions`);
  if (plan.discount.kind === "amount") benefits.push(`${formatCents(plan.discount.value)} off paid sessions`);
  if (plan.membersOnlyAccess) benefits.push("Members-only sessions");
  if (plan.earlyDays > 0)
    benefits.push(`Registration ${plan.earlyDays} day${plan.earlyDays === 1 ? "" : "s"} early`);
  if (plan.guestsPerMonth !== null)
    benefits.push(
      plan.guestsPerMonth === 0
        ? "No guests"
        : `${plan.guestsPerMonth} guest${plan.guestsPerMonth === 1 ? "" : "s"} a month`,
    );
  return benefits;
}

/** A membership's status as people say it. */
export const duesStatusLabel = {
  active: "Active",
  past_due: "Past due",
  lapsed: "Lapsed",
  cancelled: "Cancelled",
  none: "No plan",
} as const;
