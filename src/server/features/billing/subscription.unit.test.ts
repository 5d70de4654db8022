import { describe, expect, it } from "vitest";
import { productIdsByPlan } from "../../../shared/domain/plans.js";
import { checkSubscription } from "./subscription.js";

const now = new Date("2026-06-01T00:00:00Z");
const trial = {
  subscriptionStatus: "trial" as const,
  subscriptionProductId: null,
  subscriptionEndsAt: null,
  trialEndsAt: new Date("2026-06-15T00:00:00Z"),
};

describe("checkSubscription", () => {
  it("a running trial is not expired", () => {
    expect(checkSubscription(trial, now)).toMatchObject({ subscribed: false, trial_expired: false });
  });
  it("a trial past its end is expired", () => {
    expect(
      checkSubscription({ ...trial, trialEndsAt: new Date("2026-05-31T00:00:00Z") }, now).trial_expired,
    ).toBe(true);
  });
  it("an active known plan is subscribed, and never expired", () => {
    const result = checkSubscription(
      {
        subscriptionStatus: "active",
        subscriptionProductId: productIdsByPlan.pro,
        subscriptionEndsAt: new Date("2026-07-01T00:00:00Z"),
        trialEndsAt: new Date("2026-01-01T00:00:00Z"),
      },
      now,
    );
    expect(result).toMatchObject({
      subscribed: true,
      product_id: productIdsByPlan.pro,
      subscription_end: "2026-07-01T00:00:00.000Z",
      trial_expired: false,
    });
  });
  it("an unknown product counts as no subscription (SPEC §4)", () => {
    const result = checkSubscription(
      { ...trial, subscriptionStatus: "active", subscriptionProductId: "mystery" },
      now,
    );
    expect(result.subscribed).toBe(false);
  });
});
