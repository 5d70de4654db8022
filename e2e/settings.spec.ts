import { createClubThroughApi, expect, signUpThroughApi, test, uniqueEmail } from "./fixtures.js";

test("a member turns an email off in settings, and it stays off", async ({ page }) => {
  await signUpThroughApi(page, "Nora Notify", uniqueEmail("notify"));
  await createClubThroughApi(page, `Settings Club ${Date.now()}`);
  await page.goto("/settings");
  const weekly = page.getByRole("switch", { name: /Weekly summary/ });
  await expect(weekly).toHaveAttribute("aria-checked", "true");
  await weekly.click();
  await expect(page.getByText("Preferences updated")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("switch", { name: /Weekly summary/ })).toHaveAttribute("aria-checked", "false");
  await expect(page.getByRole("switch", { name: /Waitlist/ })).toHaveAttribute("aria-checked", "true");
});

test("a member renames themself, changes their password and signs out everywhere", async ({
  page,
  shoot,
}) => {
  const email = uniqueEmail("account");
  await signUpThroughApi(page, "Abe Account", email);
  await createClubThroughApi(page, `Account Club ${Date.now()}`);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/settings");
  await page.getByLabel("Full name").fill("Abraham Account");
  await page.getByRole("button", { name: "Save My Profile" }).click();
  await expect(page.getByText("Profile saved")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Full name")).toHaveValue("Abraham Account");
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await shoot("settings-account-390");

  await page.getByLabel("Current password").fill("setup-password-1");
  await page.getByLabel("New password").fill("a brand new password");
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByText("Password changed")).toBeVisible();

  await page.getByRole("button", { name: "Sign Out Everywhere" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Sign Out Everywhere" }).click();
  await expect(page).toHaveURL(/\/auth$/);
});
