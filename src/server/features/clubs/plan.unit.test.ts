import { describe, expect, it } from "vitest";
import { checkSubscription } from "./plan.js";

const now = new Date("2026-06-01T00:00:00Z");
const trial = {
  subscriptionStatus: "trial" as const,
  subscriptionProductId: null,
  subscriptionPlan: null,
  subscriptionEndsAt: null,
  trialEndsAt: new Date("2026-06-15T00:00:00Z"),
};
const pro = {
  subscriptionStatus: "active" as const,
  subscriptionProductId: "prod_pro",
  subscriptionPlan: "pro" as const,
  subscriptionEndsAt: new Date("2026-07-01T00:00:00Z"),
  trialEndsAt: new Date("2026-01-01T00:00:00Z"),
};

describe("checkSubscription", () => {
  it("a running trial is not expired", () => {
    expect(checkSubscription(trial, now)).toMatchObject({
      subscribed: false,
      plan: "trial",
      trial_expired: false,
    });
  });
  it("a trial past its end is expired", () => {
    expect(
      checkSubscription({ ...trial, trialEndsAt: new Date("2026-05-31T00:00:00Z") }, now).trial_expired,
    ).toBe(true);
  });
  it("an active known plan is subscribed, and never expired", () => {
    expect(checkSubscription(pro, now)).toMatchObject({
      subscribed: true,
      plan: "pro",
      product_id: "prod_pro",
      subscription_end: "2026-07-01T00:00:00.000Z",
      trial_expired: false,
    });
  });
  it("an unknown product counts as no subscription", () => {
    const result = checkSubscription({ ...pro, subscriptionPlan: null }, now);
    expect(result).toMatchObject({ subscribed: false, plan: "trial", product_id: null, trial_expired: true });
  });
  it("a subscription past its paid period, or past due, is no subscription", () => {
    expect(checkSubscription(pro, new Date("2026-07-02T00:00:00Z")).subscribed).toBe(false);
    expect(checkSubscription({ ...pro, subscriptionStatus: "past_due" }, now).plan).toBe("trial");
  });
});
