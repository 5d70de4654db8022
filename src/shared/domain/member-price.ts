// What a member pays for a paid session: the session's price less their plan's discount
// (decision 039). Decided on the server as the place is taken; shown beside the price to
// everyone ("Member price $5, non-members $10").
import { formatCents, MIN_PAID_PRICE_CENTS } from "./money.js";

export type PlanDiscount = { kind: "none" | "percent" | "amount"; value: number };

/**
 * The session's price less the discount. A paid place is never free and never below what a
 * card processor charges: a discount that would take it there stops at the least it may be
 * (a club that wants members to play free schedules a free members-only session).
 */
export function memberPriceCents(priceCents: number, discount: PlanDiscount): number {
  if (priceCents === 0 || discount.kind === "none") return priceCents;
  const less = discount.kind === "percent" ? Math.round((priceCents * discount.value) / 100) : discount.value;
  return Math.max(priceCents - less, Math.min(MIN_PAID_PRICE_CENTS, priceCents));
}

/** "Member price $5, non-members $10", or null when members pay the same. */
export function memberPriceLine(priceCents: number, memberCents: number): string | null {
  if (memberCents >= priceCents) return null;
  return `Member price ${formatCents(memberCents)}, non-members ${formatCents(priceCents)}`;
}
