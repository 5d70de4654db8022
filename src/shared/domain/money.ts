// Money is integer cents everywhere it is stored; people type and read dollars.

/** The least a paid place may cost: card processors refuse charges below 0.50. */
export const MIN_PAID_PRICE_CENTS = 50;
/** The most a place may cost: card processors refuse single charges above 999,999.99. */
export const MAX_PRICE_CENTS = 99_999_999;

/** "10", "10.5", "10.50" -> 1000, 1050, 1050 (dollars x 100, rounded). */
export function dollarsToCents(dollars: string | number): number {
  return Math.round(Number(dollars) * 100);
}

/** 1050 -> "$10.50" */
export function formatCents(cents: number): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);
}
