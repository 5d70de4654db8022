// An owner deletes their club from Settings: the danger-zone card, the dialog that enables
// "Delete Club" only once the club's name is typed, and the way back to onboarding. The card
// and the dialog are kept as screenshots at phone and desktop widths (docs/screenshots/).
import {
  createClubThroughApi,
  expect,
  keepScreenshot,
  signUpThroughApi,
  test,
  uniqueEmail,
} from "./fixtures.js";

const widths = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

test("an owner deletes their club by typing its name, and lands on onboarding", async ({ page }) => {
  await signUpThroughApi(page, "Dee Deleter", uniqueEmail("deleter"));
  const club = await createClubThroughApi(page, "Riverside Dink Society");
  for (const size of widths) {
    await page.setViewportSize(size);
    await page.goto("/settings");
    const card = page.getByRole("heading", { name: "Delete club" });
    await card.scrollIntoViewIfNeeded();
    await expect(page.getByText("Everyone who paid for a place is refunded in full.")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await keepScreenshot(page, `club-delete-card-${size.width}`);

    await page.getByRole("button", { name: "Delete Club" }).click();
    const dialog = page.getByRole("dialog");
    const confirm = dialog.getByRole("button", { name: "Delete Club" });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel(/to confirm/).fill("Riverside Dink");
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel(/to confirm/).fill(club.name);
    await expect(confirm).toBeEnabled();
    await keepScreenshot(page, `club-delete-${size.width}`);
    await dialog.getByRole("button", { name: "Keep Club" }).click();
  }

  await page.getByRole("button", { name: "Delete Club" }).click();
  await page
    .getByRole("dialog")
    .getByLabel(/to confirm/)
    .fill(club.name);
  await page.getByRole("dialog").getByRole("button", { name: "Delete Club" }).click();
  await expect(page).toHaveURL(/\/onboarding/);
  await expect(page.getByText("Riverside Dink Society is deleted")).toBeVisible();
  expect((await page.request.get(`/api/orgs/${club.id}`)).status()).toBe(404);
});
