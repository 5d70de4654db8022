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
