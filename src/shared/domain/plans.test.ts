import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MIN_PAID_PRICE_CENTS } from "./money.js";
import { applicationFeeCents, type PlanId } from "./plans.js";

const planIds: PlanId[] = ["trial", "basic", "pro"];

describe("our application fee on a paid place", () => {
  it("is the plan's share of the price, rounded", () => {
    expect(applicationFeeCents("basic", 1200)).toBe(36);
    expect(applicationFeeCents("pro", 1500)).toBe(15);
  });

  it("never rounds to nothing: at least one cent on the cheapest places", () => {
    expect(applicationFeeCents("pro", MIN_PAID_PRICE_CENTS - 1)).toBe(1);
    expect(applicationFeeCents("pro", 1)).toBe(1);
    expect(applicationFeeCents("trial", 10)).toBe(1);
  });

  it("is between one cent and the price, for every plan and price", () => {
    fc.assert(
      fc.property(fc.constantFrom(...planIds), fc.integer({ min: 1, max: 10_000_000 }), (plan, cents) => {
        const fee = applicationFeeCents(plan, cents);
        expect(Number.isInteger(fee)).toBe(true);
        expect(fee).toBeGreaterThanOrEqual(1);
        expect(fee).toBeLessThanOrEqual(cents);
      }),
    );
  });

  it("is nothing on a free place", () => {
    expect(applicationFeeCents("basic", 0)).toBe(0);
  });
});
