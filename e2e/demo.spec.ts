// The demo club, as a newcomer meets it: `npm run demo` built it at start (scripts/e2e-server.mjs),
// its owner signs in and finds open play running; someone new loads their own from the dashboard.
import { expect, signUpThroughApi, test, uniqueEmail } from "./fixtures.js";

test("the demo owner signs in and sees open play running on 4 courts", async ({ page, shoot }) => {
  await page.goto("/auth");
  await page.getByLabel("Email").fill("owner@demo.courtside.local");
  await page.getByLabel("Password").fill("courtside-demo");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { name: "Riverside Pickleball Club" })).toBeVisible();
  // The dashboard shows the club's own life.
  const today = page.getByTestId("club-today");
  await expect(today).toContainText("Drop-in Open Play");
  await expect(today).toContainText("4 of 4 courts playing");
  await expect(today).toContainText("Evening Open Play");
  await expect(today).toContainText("Latest results");
  // The owner, who schedules, still gets the product's call to action.
  await expect(page.getByRole("link", { name: "Get Started Free" })).toBeVisible();
  await shoot("demo-dashboard");
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.screenshot({ path: test.info().outputPath("demo-dashboard-390.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto("/board");
  await expect(page.getByTestId("court")).toHaveCount(4);
  await expect(page.getByTestId("court").filter({ hasText: "Playing" })).toHaveCount(4);
  await shoot("demo-board");
  await page.goto("/ladder");
  await expect(page.getByRole("row")).toHaveCount(25);
  // The real ladder on a phone: every column on screen.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  for (const column of ["Rank", "Player", "Rating", "Change", "Streak", "Games"]) {
    const box = await page.getByRole("columnheader", { name: column }).boundingBox();
    expect(box!.x + box!.width, column).toBeLessThanOrEqual(390);
  }
  await page.screenshot({ path: test.info().outputPath("demo-ladder-390.png"), fullPage: true });
});

test("a newcomer loads a demo club from the empty dashboard and lands on its board", async ({ page }) => {
  await signUpThroughApi(page, "Lee Looking", uniqueEmail("demo-newcomer"));
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Load a demo club" }).click();
  await expect(page).toHaveURL(/\/board$/);
  await expect(page.getByTestId("court").filter({ hasText: "Playing" })).toHaveCount(4);
});
