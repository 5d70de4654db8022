// Connects a club's sandbox payout account the way its owner does: the Settings card's button
// (POST /payout-account answers the onboarding page's address), then "Submit details" on the
// sandbox's page. Paid sessions need it, with the sandbox as with Stripe.
import { expect } from "vitest";
import type { TestApp } from "./harness.js";

export async function connectSandboxPayouts(t: TestApp, organizationId: string, ownerCookie: string) {
  const link = await t.request({
    method: "POST",
    url: `/api/orgs/${organizationId}/payout-account`,
    cookie: ownerCookie,
  });
  expect(link.statusCode, link.body).toBe(200);
  const submit = await t.request({
    method: "POST",
    url: `${new URL(link.json().url).pathname}/submit`,
    cookie: ownerCookie,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: "",
  });
  expect(submit.statusCode, submit.body).toBe(303);
}
