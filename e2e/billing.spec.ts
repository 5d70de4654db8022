// Billing and payments in the sandbox, as an owner and a member live them: upgrading to Pro
// through the checkout in a new tab, connecting the payout account through its three states,
// and paying for a session and cancelling with a refund.
import {
  createClubThroughApi,
  expect,
  joinByInvitation,
  openMailedLink,
  signUpThroughApi,
  test,
  uniqueEmail,
} from "./fixtures.js";

test("the owner upgrades to Pro in the sandbox checkout: the banner goes and the court limit lifts", async ({
  page,
  shoot,
}) => {
  await signUpThroughApi(page, "Owen Owner", uniqueEmail("billing-owner"));
  const club = await createClubThroughApi(page, `Upgrade Club ${Date.now()}`);
  await page.goto("/dashboard");
  await expect(
    page.getByText("You're on a trial period with Basic plan limits.", { exact: false }),
  ).toBeVisible();
  const third = await page.request.post(`/api/orgs/${club.id}/courts`, { data: { name: "Court 3" } });
  expect(third.status()).toBe(409);

  await page.getByRole("link", { name: "View Plans" }).click();
  await expect(page).toHaveURL(/\/billing$/);
  await expect(page.getByTestId("current-plan")).toContainText("free trial with Basic plan limits");
  await shoot("billing-trial");

  const [checkout] = await Promise.all([
    page.waitForEvent("popup"),
    page.getByRole("button", { name: "Choose Pro" }).click(),
  ]);
  await checkout.waitForURL(/\/sandbox\/billing\/checkout\//);
  await expect(checkout.getByRole("heading", { name: "Courtside Pro" })).toBeVisible();
  await checkout.getByRole("button", { name: "Subscribe for $89.00 a month" }).click();
  await checkout.waitForURL(/\/billing$/);
  await checkout.close();

  // Back in the first tab: the status is checked again (3 s after opening, and on focus).
  await page.bringToFront();
  await expect(page.getByTestId("current-plan")).toContainText("You're on the Pro plan. It renews on", {
    timeout: 15_000,
  });
  await expect(page.getByRole("button", { name: "Current plan" })).toBeDisabled();
  await shoot("billing-pro");

  await page.goto("/dashboard");
  await expect(page.getByText("Pro Plan")).toBeVisible();
  await expect(page.getByText("You're on a trial period", { exact: false })).toHaveCount(0);
  const lifted = await page.request.post(`/api/orgs/${club.id}/courts`, { data: { name: "Court 3" } });
  expect(lifted.status()).toBe(201);

  // On a phone the plans stack and nothing runs off the side.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/billing");
  await expect(page.getByRole("button", { name: "Manage billing" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await shoot("billing-pro-390");
});

test("the owner connects a payout account through its three states; a member pays and cancels with a refund", async ({
  page,
  newPerson,
  shoot,
}) => {
  await signUpThroughApi(page, "Pat Payouts", uniqueEmail("payout-owner"));
  const club = await createClubThroughApi(page, `Payout Club ${Date.now()}`);

  // A paid session is refused until the account takes charges: the money would have nowhere to go.
  const startsAt = new Date(Date.now() + 3 * 86_400_000);
  const paidDoubles = {
    name: "Paid Doubles",
    startsAt: startsAt.toISOString(),
    endsAt: new Date(startsAt.getTime() + 7_200_000).toISOString(),
    paymentRequired: true,
    paymentAmount: "12.00",
    refundCutoffHours: 24,
  };
  const tooSoon = await page.request.post(`/api/orgs/${club.id}/sessions`, { data: paidDoubles });
  expect(tooSoon.status()).toBe(409);
  expect((await tooSoon.json()).error.code).toBe("PAYMENTS_NOT_READY");

  await page.goto("/settings");
  const card = page.getByTestId("payout-account");
  await expect(card).toContainText("Not connected");
  const [onboarding] = await Promise.all([
    page.waitForEvent("popup"),
    card.getByRole("button", { name: "Connect Stripe account" }).click(),
  ]);
  await onboarding.waitForURL(/\/sandbox\/connect\//);
  await onboarding.getByRole("button", { name: "Save and finish later" }).click();
  await onboarding.waitForURL(/\/settings\?payouts=return/);
  await onboarding.close();
  await page.bringToFront();
  await page.reload();
  await expect(card).toContainText("Setup incomplete");
  await shoot("payouts-incomplete");

  const [again] = await Promise.all([
    page.waitForEvent("popup"),
    card.getByRole("button", { name: "Finish setup" }).click(),
  ]);
  await again.waitForURL(/\/sandbox\/connect\//);
  await again.getByRole("button", { name: "Submit details" }).click();
  await again.waitForURL(/\/settings/);
  await again.close();
  await page.bringToFront();
  await page.reload();
  await expect(card).toContainText("Ready to take payments");
  await expect(card.getByRole("button", { name: "Connected" })).toBeDisabled();
  await page.setViewportSize({ width: 390, height: 844 });
  await card.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await card.screenshot({ path: test.info().outputPath("payouts-ready-390.png") });
  await page.setViewportSize({ width: 1280, height: 720 });

  // Now the paid session three days out, refundable until 24 hours before.
  const created = await page.request.post(`/api/orgs/${club.id}/sessions`, { data: paidDoubles });
  expect(created.status()).toBe(201);
  const sessionId = (await created.json()).sessions[0].id as string;

  const member = await newPerson({ width: 390, height: 844 });
  const memberEmail = uniqueEmail("payer");
  await signUpThroughApi(member, "Mia Payer", memberEmail);
  await joinByInvitation(page, member, club.id, memberEmail);
  await member.goto(`/sessions/${sessionId}`);
  await expect(member.getByTestId("refund-policy")).toHaveText(
    "Full refund if you cancel at least 24 hours before the start.",
  );
  // Ahead of the night, it can go in a calendar (once it is on or over, the link goes).
  await expect(member.getByRole("link", { name: "Add to calendar" })).toBeVisible();
  await member.getByRole("button", { name: "Register and Pay $12.00" }).click();
  await member.getByRole("button", { name: "Pay $12.00" }).click();
  await expect(member.getByTestId("my-status")).toHaveText("You're registered.");

  await member.getByRole("button", { name: "Cancel Registration" }).click();
  await expect(member.getByRole("dialog")).toContainText("Your $12.00 will be refunded to your card.");
  await member.getByRole("dialog").getByRole("button", { name: "Cancel Registration" }).click();
  // The toast says what happens to the money, whole on a phone's screen.
  await expect(member.getByText("Your $12.00 is being refunded to the card you paid with.")).toBeInViewport({
    ratio: 1,
  });
  await member.screenshot({ path: test.info().outputPath("refund-toast-390.png") });
  await openMailedLink(member, memberEmail, /Refund on its way: Paid Doubles/);
  await expect(member).toHaveURL(/\/sessions$/);
});
