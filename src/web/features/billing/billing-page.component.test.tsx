import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { SubscriptionCheck } from "../../../shared/contracts/billing.js";
import { club, mockApi, ORG_ID, renderWithApp } from "../../test/harness.js";
import { BillingPage } from "./billing-page.js";

// 10 PM on April 30 in the club's zone (America/Chicago), already May 1 in Tokyo.
const pro: SubscriptionCheck = {
  subscribed: true,
  plan: "pro",
  product_id: "courtside_pro",
  subscription_end: "2026-05-01T03:00:00.000Z",
  trial_expired: false,
  trial_ends_at: "2026-04-01T03:00:00.000Z",
};
const deviceZone = process.env.TZ;
afterEach(() => {
  if (deviceZone === undefined) delete process.env.TZ;
  else process.env.TZ = deviceZone;
});

describe("BillingPage", () => {
  it("gives the renewal as the club's day, as the billing portal does, wherever the device is", async () => {
    expect(club.timeZone).toBe("America/Chicago");
    process.env.TZ = "Asia/Tokyo";
    mockApi({ [`POST /api/orgs/${ORG_ID}/subscription/refresh`]: pro });
    renderWithApp(<BillingPage />);
    expect(
      await screen.findByText("You're on the Pro plan. It renews on Thursday, April 30, 2026."),
    ).toBeTruthy();
  });

  it("gives the trial's end the same way", async () => {
    process.env.TZ = "Asia/Tokyo";
    const trial = {
      ...pro,
      subscribed: false,
      plan: "trial",
      product_id: null,
      subscription_end: null,
    } as const;
    mockApi({ [`POST /api/orgs/${ORG_ID}/subscription/refresh`]: trial });
    renderWithApp(<BillingPage />);
    expect(
      await screen.findByText(
        "You're on the free trial with Basic plan limits until Tuesday, March 31, 2026.",
      ),
    ).toBeTruthy();
  });
});
